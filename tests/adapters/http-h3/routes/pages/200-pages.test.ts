/** GET /docs and GET /docs/validation: public HTML with the platform headers and a strict, nonce-based CSP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../support/http-harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function nonceOf(csp: string): string {
  const match = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  if (!match) throw new Error(`no script nonce in ${csp}`);
  return match[1];
}

describe.each(['/docs', '/docs/validation'])('GET %s', (path) => {
  it('is public HTML with x-request-id, cache-control no-store and security headers', async () => {
    const res = await t.request('GET', path, { headers: { 'x-request-id': 'page-check-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBe('page-check-1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.text.startsWith('<!doctype html>')).toBe(true);
  });

  it('answers without a key even when a bad key is sent', async () => {
    const res = await t.request('GET', path, { headers: { 'x-api-key': 'tnt_nonsense' } });
    expect(res.status).toBe(200);
  });

  it('allows only this origin and nonce-tagged inline code, with a fresh nonce per response', async () => {
    const first = await t.request('GET', path);
    const second = await t.request('GET', path);
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const nonce = nonceOf(csp);
    expect(nonceOf(second.headers.get('content-security-policy')!)).not.toBe(nonce);
    // Every inline script and style carries the nonce; nothing is loaded from elsewhere.
    const scripts = [...first.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    const styles = [...first.text.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of [...scripts, ...styles]) expect(attrs).toBe(` nonce="${nonce}"`);
    expect(first.text).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    expect(first.text).not.toMatch(/\son[a-z]+="/); // no inline event handlers (the CSP would block them)
    expect(first.text).not.toMatch(/\sstyle="/);
  });
});

describe('GET /docs content', () => {
  it('lists every operation of the OpenAPI document in the endpoint table', async () => {
    const res = await t.request('GET', '/docs');
    const table = res.text.slice(res.text.indexOf('<table id="endpoints">'), res.text.indexOf('</table>', res.text.indexOf('<table id="endpoints">')));
    const rows = [...table.matchAll(/<span class="method (get|post)">(GET|POST)<\/span><\/td><td><code>([^<]+)<\/code><\/td><td><span class="scope[^"]*">([^<]+)<\/span>/g)].map(
      (m) => `${m[2]} ${m[3]} ${m[4]}`,
    );
    const expected: string[] = [];
    for (const [path, item] of Object.entries((t.app.openapi as any).paths as Record<string, any>)) {
      for (const method of ['get', 'post']) {
        if (item[method]) expected.push(`${method.toUpperCase()} ${path} ${item[method]['x-required-scope'] ?? 'public'}`);
      }
    }
    expect(rows).toEqual(expected);
    expect(rows).toContain('POST /v1/calculate calculate:run');
    expect(rows).toContain('GET /docs public');
  });

  it('covers authentication, curl examples with a working sample request, and MCP setup', async () => {
    const res = await t.request('GET', '/docs');
    for (const text of ['Authentication and scopes', 'x-api-key', 'Authorization: Bearer', 'admin:parity', 'curl -s -X POST {base_url}/v1/calculate', 'tenet mcp', 'SERVICE_API_TIMEOUT_MS', 'mcpServers']) {
      expect(res.text).toContain(text);
    }
  });
});
