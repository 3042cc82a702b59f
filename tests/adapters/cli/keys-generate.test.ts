import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { generateKey } from '../../../adapters/cli/commands/keys-generate.js';
import { buildProgram } from '../../../adapters/cli/main.js';
import { loadConfig } from '../../../adapters/config/env.js';

describe('tenet keys generate', () => {
  it('makes a tnt_ key with 192 random bits and a matching SERVICE_API_KEYS entry', () => {
    const { key, entry } = generateKey({ id: 'ops-admin', scopes: ['admin:keys', 'rules:read'], owner: 'ops', expiresAt: '2027-01-01T00:00:00Z' });
    expect(key).toMatch(/^tnt_[A-Za-z0-9_-]{32}$/);
    expect(entry).toEqual({
      id: 'ops-admin',
      sha256: createHash('sha256').update(key).digest('hex'),
      scopes: ['admin:keys', 'rules:read'],
      owner: 'ops',
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    expect(generateKey({ id: 'ops-admin', scopes: ['*'] }).key).not.toBe(key);
  });

  it('produces an entry the configuration loader accepts', () => {
    const { entry } = generateKey({ id: 'bootstrap', scopes: ['*'] });
    expect(loadConfig({ SERVICE_API_KEYS: JSON.stringify([entry]) }).serviceApiKeys).toEqual([entry]);
  });

  it.each([
    [{ id: 'X', scopes: ['*'] }, '--id'],
    [{ id: 'valid-id', scopes: [' ', ''] }, '--scopes'],
    [{ id: 'valid-id', scopes: ['*'], expiresAt: 'tomorrow' }, '--expires-at'],
    [{ id: 'valid-id', scopes: ['rules:raed'] }, '--scopes: unknown scope "rules:raed" (did you mean "rules:read"?); valid scopes: *, rules:read,'],
  ])('rejects bad options %j', (options, flag) => {
    expect(() => generateKey(options)).toThrow(flag);
  });

  it('prints the key once and the JSON entry through the CLI', async () => {
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    try {
      await buildProgram().parseAsync(['node', 'tenet', 'keys', 'generate', '--id', 'ops-admin', '--scopes', 'admin:keys,rules:read']);
    } finally {
      spy.mockRestore();
    }
    const text = out.join('');
    const key = /API key \(shown once; store it now\): (tnt_\S+)/.exec(text)?.[1];
    expect(key).toBeDefined();
    expect(text.split(key as string)).toHaveLength(2);
    const entryLine = text.split('\n').find((line) => line.startsWith('{'));
    expect(JSON.parse(entryLine as string)).toEqual({ id: 'ops-admin', sha256: createHash('sha256').update(key as string).digest('hex'), scopes: ['admin:keys', 'rules:read'] });
  });

  it('exits 2 on an unknown scope, naming it and the valid scopes, and prints no key', () => {
    const run = spawnSync(process.execPath, ['--import', './scripts/ts/register.mjs', 'adapters/cli/main.ts', 'keys', 'generate', '--id', 'reader', '--scopes', 'rules:read,admin:everything'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown scope "admin:everything"');
    expect(run.stderr).toContain('valid scopes: *, rules:read, sources:read, graphs:read, calculate:run, admin:parity, admin:analytics, admin:keys, compat:external');
  });
});
