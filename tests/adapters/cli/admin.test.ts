/** `tenet admin ...` against a real listening server (memory stores). */
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRequestError, registerAdmin } from '../../../adapters/cli/commands/admin.js';
import { createApp, type App } from '../../../adapters/composition-root.js';
import { loadConfig } from '../../../adapters/config/env.js';
import { createKeysModule } from '../../../adapters/keys/module.js';
import { listen, type RunningServer } from '../../../adapters/http-h3/server.js';
import { TOKENS } from '../../../adapters/tokens.js';
import { testKey } from '../../support/http-harness.js';

const admin = testKey('cli-admin', ['admin:keys']);
let app: App;
let server: RunningServer;

beforeAll(async () => {
  app = await createApp(loadConfig({ SERVICE_API_KEYS: JSON.stringify([admin.entry]) }), { modules: [createKeysModule()] });
  server = await listen(app.http, '127.0.0.1', 0, app.resolve(TOKENS.Logger));
});

afterAll(async () => {
  await server.close();
  await app.close();
});

async function run(args: string[], env: Record<string, string | undefined> = { TENET_URL: server.url, TENET_ADMIN_KEY: admin.key }): Promise<string> {
  let output = '';
  const program = new Command('tenet').exitOverride();
  registerAdmin(program, { fetch: (input, init) => fetch(input, init), env, out: (text) => void (output += text) });
  await program.parseAsync(['node', 'tenet', ...args]);
  return output;
}

describe('tenet admin', () => {
  it('issues, lists and revokes keys', async () => {
    const issued = await run(['admin', 'keys', 'issue', '--id', 'cli-partner', '--scopes', 'rules:read, calculate:run', '--owner', 'Partner', '--rate-limit', '600/60']);
    expect(issued).toMatch(/^API key \(shown once; store it now\): tnt_[A-Za-z0-9_-]{32}\n/);
    expect(issued).toContain('"rate_limit"');
    const listed = JSON.parse(await run(['admin', 'keys', 'list']));
    expect(listed.store).toBe('memory');
    expect(listed.keys.map((k: { id: string }) => k.id)).toEqual(['cli-admin', 'cli-partner']);
    expect(JSON.stringify(listed)).not.toContain(issued.split(': ')[1].split('\n')[0]);
    const revoked = JSON.parse(await run(['admin', 'keys', 'revoke', 'cli-partner']));
    expect(revoked).toMatchObject({ id: 'cli-partner', revoked: true, durable: false });
  });

  it('shows and sets kill switches, and prints the audit trail', async () => {
    const set = JSON.parse(await run(['admin', 'kill', 'set', 'trial_mint', '--engage', '--reason', 'drill']));
    expect(set.switches.trial_mint).toMatchObject({ engaged: true, reason: 'drill', updated_by: 'cli-admin' });
    const shown = JSON.parse(await run(['admin', 'kill', 'show']));
    expect(shown.switches.trial_mint.engaged).toBe(true);
    await run(['admin', 'kill', 'set', 'trial_mint', '--release', '--reason', 'drill over']);
    const audit = JSON.parse(await run(['admin', 'audit']));
    expect(audit.entries[0]).toMatchObject({ action: 'kill_switch.set', target: 'trial_mint', actor: 'cli-admin', detail: { engaged: false } });
  });

  it('takes --url and --key over the environment', async () => {
    const listed = JSON.parse(await run(['admin', 'keys', 'list', '--url', `${server.url}/`, '--key', admin.key], {}));
    expect(listed.keys[0].id).toBe('cli-admin');
  });

  it('reports API errors, missing settings and bad options clearly', async () => {
    await expect(run(['admin', 'keys', 'revoke', 'nobody'])).rejects.toThrow(/answered 404 \(not_found: /);
    await expect(run(['admin', 'keys', 'list'], { TENET_URL: server.url, TENET_ADMIN_KEY: 'wrong' })).rejects.toThrow(/answered 401 \(unauthorized/);
    await expect(run(['admin', 'audit'], {})).rejects.toThrow(AdminRequestError);
    await expect(run(['admin', 'kill', 'set', 'trial_mint', '--reason', 'x'])).rejects.toThrow(/exactly one of --engage or --release/);
    await expect(run(['admin', 'keys', 'issue', '--id', 'x-key', '--scopes', '*', '--rate-limit', 'lots'])).rejects.toThrow(/--rate-limit/);
    await expect(run(['admin', 'keys', 'list'], { TENET_URL: 'http://127.0.0.1:1', TENET_ADMIN_KEY: 'k' })).rejects.toThrow(/failed/);
  });
});
