/** `tenet admin ...` in-process against the real app listening on a random port (memory stores). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOwnership } from '../../../adapters/cli/commands/admin-keys.js';
import { AdminRequestError, registerAdmin, UsageError } from '../../../adapters/cli/commands/admin.js';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { closedPort } from '../mcp-stdio/support.js';

const admin = testKey('cli-admin', ['*']);
const other = testKey('cli-other', ['admin:keys']);
let t: TestApp;
let server: RunningServer;

beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([admin.entry, other.entry]) } });
  server = await listen(t.app.http, '127.0.0.1', 0, t.app.logger);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

interface Run {
  out: string;
  err: string;
  exitCode: number | undefined;
}

async function run(
  args: string[],
  env: Record<string, string | undefined> = { TENET_URL: server.url, TENET_ADMIN_KEY: admin.key },
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<Run> {
  const result: Run = { out: '', err: '', exitCode: undefined };
  const program = new Command('tenet').exitOverride();
  registerAdmin(program, {
    fetch: doFetch,
    env,
    out: (text) => void (result.out += text),
    err: (text) => void (result.err += text),
    setExitCode: (code) => void (result.exitCode = code),
  });
  await program.parseAsync(['node', 'tenet', ...args]);
  return result;
}

const json = async (args: string[], env?: Record<string, string | undefined>): Promise<any> => JSON.parse((await run([...args, '--json'], env)).out);

describe('tenet admin keys', () => {
  it('issues, lists and revokes keys; --json prints the API data', async () => {
    const issued = await run(['admin', 'keys', 'issue', '--id', 'cli-partner', '--scopes', 'rules:read, calculate:run', '--owner', 'Partner', '--rate-limit', '600/60']);
    expect(issued.out).toMatch(/^API key \(shown once; store it now\): tnt_[A-Za-z0-9_-]{32}\n/);
    expect(issued.out).toMatch(/\nscopes: +rules:read,calculate:run\n/);
    const listed = await json(['admin', 'keys', 'list']);
    expect(listed.store).toBe('memory');
    expect(listed.keys.map((k: { id: string }) => k.id)).toEqual(['cli-admin', 'cli-other', 'cli-partner']);
    const table = (await run(['admin', 'keys', 'list'])).out.split('\n');
    expect(table[0]).toMatch(/^ID +SOURCE +STATUS +SCOPES +PREFIX +OWNER +RATE LIMIT +EXPIRES +CREATED$/);
    expect(table.find((l) => l.startsWith('cli-partner'))).toMatch(/^cli-partner +store +active +rules:read,calculate:run +tnt_\S{8} +Partner +600\/60s +- +20/);
    const revoked = await json(['admin', 'keys', 'revoke', 'cli-partner']);
    expect(revoked).toMatchObject({ id: 'cli-partner', revoked: true, durable: false });
  });

  it('refuses to revoke the key in use without --yes, and revokes another key', async () => {
    const issued = await json(['admin', 'keys', 'issue', '--id', 'cli-store-admin', '--scopes', 'admin:keys']);
    const asStore = { TENET_URL: server.url, TENET_ADMIN_KEY: issued.key };
    await expect(run(['admin', 'keys', 'revoke', 'cli-store-admin'], asStore)).rejects.toThrow(/refusing to revoke: "cli-store-admin" is the key this command is using.*--yes/);
    // Two active environment keys: the CLI cannot tell which one it holds, so it asks for --yes.
    await expect(run(['admin', 'keys', 'revoke', 'cli-other'])).rejects.toThrow(/"cli-other" may be the key this command is using/);
    // A store key holder revoking an environment key is not revoking itself.
    expect(await json(['admin', 'keys', 'revoke', 'cli-other'], asStore)).toMatchObject({ id: 'cli-other', revoked: true });
    // Now cli-admin is the only active environment key: certainly the caller's.
    await expect(run(['admin', 'keys', 'revoke', 'cli-admin'])).rejects.toThrow(UsageError);
    expect(await json(['admin', 'keys', 'revoke', 'cli-store-admin', '--yes'], asStore)).toMatchObject({ id: 'cli-store-admin', revoked: true });
    await expect(run(['admin', 'keys', 'list'], asStore)).rejects.toThrow(/answered 401/);
  });
});

describe('key ownership from the key list', () => {
  const list = {
    store: 'memory',
    keys: [
      { id: 'env-a', source: 'environment' as const, scopes: ['*'], status: 'active' as const, runtime_revoked: false },
      { id: 'env-b', source: 'environment' as const, scopes: ['*'], status: 'revoked' as const, runtime_revoked: true },
      { id: 'store-a', source: 'store' as const, scopes: ['*'], status: 'active' as const, runtime_revoked: false, prefix: 'tnt_AAAAAAAA' },
    ],
  };
  it.each([
    ['tnt_AAAAAAAAxxxxxxxxxxxxxxxxxxxxxxxx', 'store-a', 'yes'],
    ['tnt_AAAAAAAAxxxxxxxxxxxxxxxxxxxxxxxx', 'env-a', 'no'],
    ['tnt_BBBBBBBBxxxxxxxxxxxxxxxxxxxxxxxx', 'store-a', 'no'],
    ['tnt_BBBBBBBBxxxxxxxxxxxxxxxxxxxxxxxx', 'env-a', 'yes'],
    ['tnt_BBBBBBBBxxxxxxxxxxxxxxxxxxxxxxxx', 'env-b', 'no'],
    ['tnt_BBBBBBBBxxxxxxxxxxxxxxxxxxxxxxxx', 'nobody', 'no'],
  ])('key %s revoking %s: %s', (raw, target, expected) => {
    expect(keyOwnership(list, raw, target)).toBe(expected);
  });
});

describe('tenet admin kill, audit and usage', () => {
  it('shows and sets kill switches (status, alias show), and prints the audit trail', async () => {
    const set = await json(['admin', 'kill', 'set', 'trial_mint', '--engage', '--reason', 'drill']);
    expect(set.switches.trial_mint).toMatchObject({ engaged: true, reason: 'drill', updated_by: 'cli-admin' });
    expect((await json(['admin', 'kill', 'status'])).switches.trial_mint.engaged).toBe(true);
    expect((await run(['admin', 'kill', 'show'])).out).toMatch(/^trial_mint +ENGAGED +drill +20\S+ +cli-admin$/m);
    await run(['admin', 'kill', 'set', 'trial_mint', '--release', '--reason', 'drill over']);
    const audit = await json(['admin', 'audit']);
    expect(audit.entries[0]).toMatchObject({ action: 'kill_switch.set', target: 'trial_mint', actor: 'cli-admin', detail: { engaged: false } });
    expect((await run(['admin', 'audit'])).out).toMatch(/^AT +ACTION +TARGET +ACTOR +CLIENT +DETAIL\n\S+ +kill_switch\.set +trial_mint +cli-admin /);
  });

  it('prints monthly usage per key for the current or a given month', async () => {
    const usage = await json(['admin', 'usage']);
    expect(usage.month).toBe(new Date().toISOString().slice(0, 7));
    expect(usage.usage.find((u: { api_key_id: string }) => u.api_key_id === 'cli-admin').requests).toBeGreaterThan(0);
    expect(await json(['admin', 'usage', '--month', '2020-01'])).toEqual({ month: '2020-01', usage: [], store: 'memory' });
    await expect(run(['admin', 'usage', '--month', '2020-1'])).rejects.toThrow(/--month must be YYYY-MM/);
  });
});

describe('tenet admin analytics, validation runs and parity', () => {
  it('prints local and global analytics', async () => {
    const local = await json(['admin', 'analytics']);
    expect(local.totals.requests).toBeGreaterThan(0);
    const text = (await run(['admin', 'analytics', '--scope', 'local'])).out;
    expect(text).toContain(`instance:        ${local.instance_id}`);
    expect(text).toMatch(/^ROUTE +REQUESTS +2XX\/3XX +4XX +5XX +AVG MS +MAX MS/m);
    expect(text).toMatch(/^GET \/v1\/admin\/usage +\d+/m);
    const global = await json(['admin', 'analytics', '--scope', 'global']);
    expect(global).toMatchObject({ scope: 'global', store: 'memory' });
    expect((await run(['admin', 'analytics', '--scope', 'global'])).out).toMatch(/^scope: global \(store memory\), \d+ live instance\(s\)/);
  });

  it('publishes a run from a file, lists it and shows its rows and cases', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenet-cli-run-'));
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify({ kind: 'snap-parity', rows: [{ variable: 'snap_allotment', status: 'parity_diff', max_abs_diff: 23 }], cases: [{ id: 'c1', latency_ms: 12 }], base_url: 'http://x' }));
    const published = await json(['admin', 'validation', 'runs', 'publish', file]);
    expect(published).toMatchObject({ kind: 'snap-parity', totals: { variables: 1, parity_diff: 1 }, avg_case_latency_ms: 12 });
    const listed = await run(['admin', 'validation', 'runs', 'list']);
    expect(listed.out).toMatch(new RegExp(`^${published.id} +snap-parity +\\S+ +1 +1 +0 +1 +0 +0 +12$`, 'm'));
    const shown = await run(['admin', 'validation', 'runs', 'show', published.id]);
    expect(shown.out).toContain(`contract hash:       ${published.contract_hash}`);
    expect(shown.out).toMatch(/rows \(1\):\nVARIABLE +STATUS +MAX_ABS_DIFF\nsnap_allotment +parity_diff +23\n/);
    expect(shown.out).toMatch(/cases \(1\):\nID +LATENCY_MS\nc1 +12\n/);
    writeFileSync(file, '[1]');
    await expect(run(['admin', 'validation', 'runs', 'publish', file])).rejects.toThrow(/must hold one JSON object/);
    await expect(run(['admin', 'validation', 'runs', 'publish', join(dir, 'missing.json')])).rejects.toThrow(UsageError);
    await expect(run(['admin', 'validation', 'runs', 'show', 'no-such-run'])).rejects.toThrow(/answered 404 \(not_found: /);
  });

  it('prints the migration ledger: fields, then each list as a table; 404 when none is bundled', async () => {
    await expect(run(['admin', 'validation', 'migration'])).rejects.toThrow(/answered 404 \(not_found: No migration ledger/);
    const ledger = { generated: '2026-11-01', variables: [{ name: 'snap_allotment', status: 'mapped', weight: 5 }, { name: 'snap_gross_income', status: 'awaiting' }], states: ['us-co'] };
    const answer: typeof fetch = async () => new Response(JSON.stringify({ status: 'ok', data: ledger, meta: { request_id: 'r', api_version: '0.1.0', environment: 'local' } }), { status: 200 });
    const shown = await run(['admin', 'validation', 'migration'], { TENET_URL: 'http://ledger.test', TENET_ADMIN_KEY: 'k' }, answer);
    expect(shown.out).toBe('generated: 2026-11-01\nstates:    ["us-co"]\n\nvariables (2):\nNAME               STATUS    WEIGHT\nsnap_allotment     mapped    5\nsnap_gross_income  awaiting  -\n');
  });

  it('lists parity cases and runs them, exit status 0 when all match', async () => {
    const cases = await json(['admin', 'parity', 'cases']);
    expect(cases.cases.length).toBeGreaterThan(0);
    const ran = await run(['admin', 'parity', 'run']);
    const summary = (await json(['admin', 'parity', 'run'])).summary;
    expect(ran.out.split('\n')[0]).toBe(`${summary.total} run: ${summary.matching} matching, ${summary.different} different, ${summary.errored} errored; ${summary.skipped} skipped`);
    expect(ran.exitCode).toBe(summary.different + summary.errored > 0 ? 1 : undefined);
  }, 60_000);

  it('parity run lists each difference and error, and sets exit status 1', async () => {
    const data = {
      summary: { total: 2, matching: 0, different: 1, errored: 1, skipped: 1 },
      results: [
        { id: 'c-diff', program_id: 'snap', jurisdiction: 'us-co', status: 'different', comparison: { status: 'different', changed: [{ variable: 'snap_allotment', expected: 291, actual: 268, delta: -23 }], missing: [], extra: [] } },
        { id: 'c-err', program_id: 'snap', jurisdiction: 'us-tx', status: 'errored', error: { code: 'invalid_household', message: 'bad household' } },
      ],
      skipped_cases: [{ id: 'c-skip', description: null, program_id: 'snap', jurisdiction: 'us-xx', reason: 'runtime_supported is false' }],
    };
    const answer: typeof fetch = async () => new Response(JSON.stringify({ status: 'ok', data, meta: { request_id: 'r', api_version: '0.1.0', environment: 'local' } }), { status: 200 });
    const ran = await run(['admin', 'parity', 'run'], { TENET_URL: 'http://parity.test', TENET_ADMIN_KEY: 'k' }, answer);
    expect(ran.exitCode).toBe(1);
    expect(ran.out).toBe(
      '2 run: 0 matching, 1 different, 1 errored; 1 skipped\n' +
        'ID      PROGRAM  JURISDICTION  STATUS     DIFFERENCES\n' +
        'c-diff  snap     us-co         different  snap_allotment expected 291 got 268\n' +
        'c-err   snap     us-tx         errored    invalid_household: bad household\n' +
        '\nskipped:\nID      REASON\nc-skip  runtime_supported is false\n',
    );
  });
});

describe('tenet admin connection and errors', () => {
  it('takes --url and --key over the environment, and a URL without a scheme as http with a note', async () => {
    expect((await json(['admin', 'keys', 'list', '--url', `${server.url}/`, '--key', admin.key], {})).keys[0].id).toBe('cli-admin');
    const bare = await run(['admin', 'kill', 'status', '--json'], { TENET_URL: server.url.replace('http://', ''), TENET_ADMIN_KEY: admin.key });
    expect(JSON.parse(bare.out).store).toBe('memory');
    expect(bare.err).toBe(`tenet: "${server.url.replace('http://', '')}" has no scheme; using ${server.url}\n`);
  });

  it('reports API errors, missing settings and bad options clearly', async () => {
    await expect(run(['admin', 'keys', 'revoke', 'nobody'])).rejects.toThrow(/answered 404 \(not_found: .*; request id /);
    await expect(run(['admin', 'keys', 'list'], { TENET_URL: server.url, TENET_ADMIN_KEY: 'wrong' })).rejects.toThrow(/answered 401 \(unauthorized/);
    await expect(run(['admin', 'audit'], {})).rejects.toThrow(UsageError);
    await expect(run(['admin', 'audit'], { TENET_URL: 'ftp://x', TENET_ADMIN_KEY: 'k' })).rejects.toThrow(/must be an http:\/\/ or https:\/\/ URL/);
    await expect(run(['admin', 'kill', 'set', 'trial_mint', '--reason', 'x'])).rejects.toThrow(/exactly one of --engage or --release/);
    await expect(run(['admin', 'kill', 'set', 'trial_mints', '--engage', '--reason', 'x'])).rejects.toThrow(/<switch> must be trial_traffic or trial_mint/);
    await expect(run(['admin', 'keys', 'issue', '--id', 'x-key', '--scopes', '*', '--rate-limit', 'lots'])).rejects.toThrow(/--rate-limit/);
    const port = await closedPort();
    await expect(run(['admin', 'keys', 'list'], { TENET_URL: `http://127.0.0.1:${port}`, TENET_ADMIN_KEY: 'k' })).rejects.toThrow(
      new AdminRequestError(`GET http://127.0.0.1:${port}/v1/admin/keys failed: connect ECONNREFUSED 127.0.0.1:${port} (is the server running there? set it with --url or TENET_URL)`),
    );
  });
});
