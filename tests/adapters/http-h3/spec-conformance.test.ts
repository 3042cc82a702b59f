import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, routeScope } from '../../../adapters/http-h3/route.js';
import { createTestApp, type TestApp } from '../../support/http-harness.js';

/**
 * Reads the endpoint table of the API specification (../shared, outside the repository) and checks that every
 * implemented route requires exactly the scope the specification gives it. Skips when ../shared is absent.
 */
const SPEC = new URL('../../../../shared/spec/rule-service-api.md', import.meta.url);
const specPresent = existsSync(SPEC);

interface SpecRow {
  method: string;
  path: string;
  auth: string;
}

function specRows(): SpecRow[] {
  const text = readFileSync(SPEC, 'utf8');
  const rows: SpecRow[] = [];
  for (const line of text.split('\n')) {
    const m = /^\| (GET|POST|GET, POST|POST, GET) \| (\/\S+) \| ([^|]+) \|/.exec(line);
    if (!m) continue;
    for (const method of m[1].split(', ')) {
      let auth = m[3].trim();
      // "admin:analytics (POST)" applies to the POST only; the rest is not shown by the spec.
      const scoped = /^(\S+) \((GET|POST)\)$/.exec(auth);
      if (scoped) auth = scoped[2] === method ? scoped[1] : 'see Authentication';
      rows.push({ method, path: m[2], auth });
    }
  }
  return rows;
}

let t: TestApp;
beforeAll(async () => {
  if (specPresent) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!specPresent)('routes against the specification endpoint table (needs ../shared)', () => {
  it('reads the table', () => {
    expect(specRows().length).toBeGreaterThan(30);
  });

  it('every implemented route requires the scope the specification names', () => {
    const mismatches: string[] = [];
    for (const row of specRows()) {
      const route = t.app.routes.find((r) => r.method === row.method && openApiPath(r.path) === row.path);
      if (route === undefined || row.auth === 'see Authentication') continue;
      const expected = row.auth === 'public' ? null : row.auth;
      if (routeScope(route) !== expected) mismatches.push(`${row.method} ${row.path}: spec ${row.auth}, route ${routeScope(route) ?? 'public'}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('the app defines no route outside the specification table, except documented Tenet extensions', () => {
    const rows = specRows();
    const extra = t.app.routes.filter((r) => !rows.some((row) => row.method === r.method && row.path === openApiPath(r.path)));
    expect(extra.filter((r) => !r.extension).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Each extension names the page that documents it, and the OpenAPI operation says it is one.
    for (const route of extra) {
      const doc = (route.extension as string).split(' ')[0];
      expect(existsSync(new URL(`../../../${doc}`, import.meta.url)), `${route.path}: ${doc}`).toBe(true);
      const op = (t.app.openapi as any).paths[openApiPath(route.path)][route.method.toLowerCase()];
      expect(op['x-tenet-extension']).toBe(route.extension);
    }
  });
});

if (!specPresent) {
  describe('routes against the specification endpoint table', () => {
    it.skip('skipped: ../shared/spec/rule-service-api.md is not present next to the repository', () => undefined);
  });
}
