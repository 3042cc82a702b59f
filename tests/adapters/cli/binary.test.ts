/**
 * The built binary end to end: exit statuses (0 ok, 1 failure, 2 usage), --json as the only stdout, readable
 * tables, connection errors naming their cause, a URL without a scheme, the revoke guard, subcommand help, and
 * `corpus test` progress (on a pseudo-terminal through `script`, and forced with TENET_PROGRESS=1 on a pipe),
 * summary and --filter.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { closedPort } from '../mcp-stdio/support.js';
import { CLI, ensureBuilt, runCli } from './support/built-cli.js';

const admin = testKey('bin-admin', ['*']);
let t: TestApp;
let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) } });
  server = await listen(t.app.http, '127.0.0.1', 0, t.app.logger);
  env = { TENET_URL: server.url, TENET_ADMIN_KEY: admin.key };
}, 180_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('tenet admin (built binary)', () => {
  it('--json prints one JSON document and nothing else; without it, a table', async () => {
    const run = await runCli(['admin', 'keys', 'list', '--json'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ store: 'memory', keys: [{ id: 'bin-admin', source: 'environment' }] });
    const text = await runCli(['admin', 'kill', 'status'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('SWITCH         STATE     REASON  UPDATED  BY\ntrial_traffic  released  -       -        -\ntrial_mint     released  -       -        -\nstore: memory\n');
  });

  it('exits 2 on usage errors, printing nothing on stdout', async () => {
    const runs = await Promise.all([
      runCli(['admin', 'keys', 'list', '--bogus'], env),
      runCli(['admin', 'keys', 'list'], { TENET_URL: server.url }),
      runCli(['admin', 'usage', '--month', '2026-13'], env),
      runCli(['admin', 'analytics', '--scope', 'world'], env),
      runCli(['admin', 'kill'], env),
      runCli(['admin', 'keys', 'revoke', 'bin-admin'], env),
    ]);
    for (const run of runs) expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(runs[0].stderr).toContain("unknown option '--bogus'");
    expect(runs[1].stderr).toBe('tenet: set an admin key with TENET_ADMIN_KEY (or --key)\n');
    expect(runs[2].stderr).toBe('tenet: --month must be YYYY-MM, e.g. 2026-11 (got "2026-13")\n');
    expect(runs[3].stderr).toContain('Allowed choices are local, global');
    expect(runs[4].stderr).toContain('Usage: tenet admin kill');
    expect(runs[5].stderr).toMatch(/^tenet: refusing to revoke: "bin-admin" is the key this command is using; .* --yes .* SERVICE_API_KEYS/);
    // The refusal sent no revocation: the key still works.
    expect((await runCli(['admin', 'audit', '--json'], env)).code).toBe(0);
  });

  it('exits 1 when the server refuses or cannot be reached, naming the cause', async () => {
    const refused = await runCli(['admin', 'audit'], { ...env, TENET_ADMIN_KEY: 'tnt_wrong' });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^tenet: GET \/v1\/admin\/audit answered 401 \(unauthorized: .*; request id \S+\); check the key in TENET_ADMIN_KEY or --key\n$/);
    const port = await closedPort();
    const down = await runCli(['admin', 'keys', 'list', '--url', `127.0.0.1:${port}`], env);
    expect(down).toMatchObject({ code: 1, stdout: '' });
    expect(down.stderr).toBe(
      `tenet: "127.0.0.1:${port}" has no scheme; using http://127.0.0.1:${port}\n` +
        `tenet: GET http://127.0.0.1:${port}/v1/admin/keys failed: connect ECONNREFUSED 127.0.0.1:${port} (is the server running there? set it with --url or TENET_URL)\n`,
    );
  });

  it('accepts --url without a scheme as http', async () => {
    const run = await runCli(['admin', 'usage', '--json', '--url', server.url.replace('http://', '')], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).store).toBe('memory');
    expect(run.stderr).toContain('has no scheme; using http://');
  });

  it('shows the help of the subcommand asked for', async () => {
    const run = await runCli(['admin', 'kill', 'status', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tenet admin kill status\|show \[options\]\n\nshow kill-switch state\n/);
    expect(run.stdout).toContain('--json');
  });

  it('publishes a validation run read from stdin (-), and refuses input that is not a JSON object with exit 2', async () => {
    const run = { kind: 'stdin-run', rows: [{ variable: 'snap_allotment', status: 'covered' }] };
    const published = await runCli(['admin', 'validation', 'runs', 'publish', '-', '--json'], env, JSON.stringify(run));
    expect(published.code).toBe(0);
    const summary = JSON.parse(published.stdout);
    expect(summary).toMatchObject({ kind: 'stdin-run', totals: { variables: 1, covered: 1 } });
    const shown = await runCli(['admin', 'validation', 'runs', 'show', summary.id], env);
    expect(shown.stdout).toContain('VARIABLE        STATUS\nsnap_allotment  covered\n');
    const bad = await runCli(['admin', 'validation', 'runs', 'publish', '-'], env, 'not json');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toMatch(/^tenet: - is not JSON: /);
    const refused = await runCli(['admin', 'validation', 'runs', 'publish', '-'], env, '{"kind":"x"}');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^tenet: POST \/v1\/admin\/validation\/runs answered 400 \(invalid_request: .*rows/);
  });

  it('keys generate --json prints the key and entry as one document', async () => {
    const run = await runCli(['keys', 'generate', '--id', 'bin-gen', '--scopes', 'rules:read', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ key: expect.stringMatching(/^tnt_/), entry: { id: 'bin-gen', scopes: ['rules:read'] } });
  });
});

describe('tenet corpus test (built binary)', () => {
  const root = mkdtempSync(join(tmpdir(), 'tenet-corpus-bin-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'us-xx/policies/demo'), { recursive: true });
  writeFileSync(
    join(root, 'us-xx/policies/demo/m.yaml'),
    "format: rulespec/v1\nrules:\n  - name: half\n    kind: derived\n    entity: Household\n    dtype: Money\n    versions:\n      - effective_from: '2020-01-01'\n        formula: x / 2\n",
  );
  writeFileSync(
    join(root, 'us-xx/policies/demo/m.test.yaml'),
    '- name: ok\n  period: 2026-01\n  input: {us-xx:policies/demo/m#input.x: 3}\n  output: {us-xx:policies/demo/m#half: 1.5}\n- name: wrong\n  period: 2026-01\n  input: {us-xx:policies/demo/m#input.x: 3}\n  output: {us-xx:policies/demo/m#half: 2}\n',
  );
  writeFileSync(join(root, 'us-xx/policies/demo/broken.yaml'), 'format: rulespec/v1\nrules: [\n');

  it('shows progress on stderr when asked, and closes with the counts including modules that failed to load', async () => {
    const run = await runCli(['corpus', 'test', root, '--no-cache'], { TENET_PROGRESS: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`\r\x1b[2K${root}: reading module files 2/2`);
    expect(run.stderr).toMatch(new RegExp(`\\r\\x1b\\[2K${root.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: tests \\[#{24}\\] 1/1 files {2}1 passed {2}1 failed {2}\\d+\\.\\d s`));
    expect(run.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed; 1 module failed to load');
    const quiet = await runCli(['corpus', 'test', root, '--no-cache', '--report']);
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
  });

  // A real terminal: `script` runs the binary on a pseudo-terminal, so the progress comes from stderr.isTTY alone.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)('shows progress on a real terminal without TENET_PROGRESS', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} corpus test ${JSON.stringify(root)} --no-cache --report`;
    const run = await new Promise<string>((done) => execFile('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH }, encoding: 'utf8' }, (_e, stdout) => done(stdout)));
    expect(run).toContain(`\r\x1b[2K${root}: tests [########################] 1/1 files  1 passed  1 failed`);
    expect(run.replace(/\r/g, '').trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed; 1 module failed to load');
  });

  it('exits 2 with a message when --filter matches no test file or a root is not a directory', async () => {
    const run = await runCli(['corpus', 'test', root, '--no-cache', '--filter', 'us-zz/']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`tenet: --filter "us-zz/" matches no test file under ${root}; it is a substring of the test file path, e.g. us-co/ or snap\n`);
    const missing = await runCli(['corpus', 'test', join(root, 'nope')]);
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: `tenet: ${join(root, 'nope')} is not a directory; give the root of a RuleSpec repository checkout\n` });
  });

  it('--json prints one JSON document with the load failures', async () => {
    const run = await runCli(['corpus', 'test', root, '--no-cache', '--json', '--report']);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ passed: 1, failed: 1, modules_failed_to_load: 1 });
    expect(report.roots[0].failedModules[0].file).toBe('us-xx/policies/demo/broken.yaml');
  });
});
