import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../core/domain/errors.js';
import { EnvironmentKeyGate } from '../../../../core/usecases/auth/environment-key-gate.js';
import { authRequest } from './support.js';
import { httpStatus } from '../../../../adapters/http-h3/error-http.js';

const sha = (raw: string): string => createHash('sha256').update(raw).digest('hex');
const READER = 'tnt_reader-key-aaaaaaaaaaaaaaaaaaaaaaaaaa';
const ADMIN = 'tnt_admin-key-bbbbbbbbbbbbbbbbbbbbbbbbbbb';
const OLD = 'tnt_old-key-ccccccccccccccccccccccccccccc';
const NOW = new Date('2026-11-21T12:00:00Z');

const gate = new EnvironmentKeyGate(
  [
    { id: 'reader', sha256: sha(READER), scopes: ['rules:read'], owner: 'team-a' },
    { id: 'admin', sha256: sha(ADMIN), scopes: ['*'] },
    { id: 'old', sha256: sha(OLD), scopes: ['*'], expires_at: '2026-01-01T00:00:00Z' },
  ],
  () => NOW,
);

function request(headers: Record<string, string>, scope = 'rules:read') {
  return authRequest(headers, scope, '203.0.113.9');
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceError) return `${httpStatus(error.code)} ${error.code}: ${error.message}`;
    throw error;
  }
}

describe('EnvironmentKeyGate', () => {
  it('accepts a key in x-api-key or as a bearer token', async () => {
    const a = await gate.authenticate(request({ 'x-api-key': READER }));
    expect(a.principal).toEqual({ key_id: 'reader', scopes: ['rules:read'], kind: 'environment', owner: 'team-a' });
    const b = await gate.authenticate(request({ authorization: `Bearer ${ADMIN}` }));
    expect(b.principal.key_id).toBe('admin');
  });

  it('prefers x-api-key when both headers are present', async () => {
    const outcome = await gate.authenticate(request({ 'x-api-key': READER, authorization: `Bearer ${ADMIN}` }));
    expect(outcome.principal.key_id).toBe('reader');
  });

  it('answers 401 for missing, unknown and expired keys alike', async () => {
    expect(await codeOf(gate.authenticate(request({})))).toMatch(/^401 unauthorized/);
    expect(await codeOf(gate.authenticate(request({ 'x-api-key': 'tnt_nope' })))).toMatch(/^401 unauthorized/);
    expect(await codeOf(gate.authenticate(request({ authorization: 'Basic abc' })))).toMatch(/^401 unauthorized/);
    const expired = await codeOf(gate.authenticate(request({ 'x-api-key': OLD })));
    const unknown = await codeOf(gate.authenticate(request({ 'x-api-key': 'tnt_nope' })));
    expect(expired).toBe(unknown);
  });

  it('answers 403 naming the missing scope; * passes every scope', async () => {
    expect(await codeOf(gate.authenticate(request({ 'x-api-key': READER }, 'admin:keys')))).toBe(
      '403 insufficient_scope: The API key lacks the required scope: admin:keys.',
    );
    expect(await codeOf(gate.authenticate(request({ 'x-api-key': ADMIN }, 'admin:keys')))).toBe('ok');
  });

  it('answers 503 auth_not_configured when no keys exist, even with a key presented', async () => {
    const empty = new EnvironmentKeyGate([]);
    expect(await codeOf(empty.authenticate(request({ 'x-api-key': READER })))).toMatch(/^503 auth_not_configured/);
    expect(await empty.health()).toMatchObject({ name: 'auth configuration', status: 'unavailable' });
    expect(await gate.health()).toMatchObject({ status: 'ready' });
  });
});
