/**
 * The HTML pages in a real browser (playwright-core driving Debian's chromium) against a real listening
 * server: visible content, the origin filled into examples, no CSP violations, and the dashboard's key
 * handling and messages. Skips loudly when no chromium binary exists (set CHROMIUM_PATH to point at one).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../../adapters/http-h3/server.js';
import { routes } from '../../../../adapters/http-h3/routes/index.js';
import { TOKENS } from '../../../../adapters/tokens.js';
import { KEY_STORAGE_NAME } from '../../../../adapters/http-h3/pages/validation-page.js';
import { createTestApp, testKey, type TestApp, type TestAppOptions } from '../../../support/http-harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!haveChromium) {
  console.warn(`\n!!! SKIPPING the browser tests of /docs and /docs/validation: no chromium binary at ${CHROMIUM}.\n!!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
}

const analyst = testKey('dash-analyst', ['admin:analytics']);
const reader = testKey('dash-reader', ['rules:read']);
const KEYS = JSON.stringify([analyst.entry, reader.entry]);

interface Served {
  t: TestApp;
  server: RunningServer;
  close(): Promise<void>;
}

async function serve(options: TestAppOptions): Promise<Served> {
  const t = await createTestApp(options);
  const server = await listen(t.app.http, '127.0.0.1', 0, t.app.resolve(TOKENS.Logger));
  return { t, server, close: async () => (await server.close(), await t.close()) };
}

/** A page that records console errors and uncaught exceptions (CSP violations are reported as console errors). */
async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (401|403|404)/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems };
}

describe.skipIf(!haveChromium)(`pages in chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let full: Served;
  let bare: Served;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    full = await serve({ env: { SERVICE_API_KEYS: KEYS } });
    // A deployment without the validation-run and analytics endpoints, for the dashboard's 404 message.
    const without = routes.filter((r) => !(r.method === 'GET' && (r.path === '/v1/admin/validation/runs' || r.path === '/v1/admin/analytics')));
    bare = await serve({ env: { SERVICE_API_KEYS: KEYS }, overrides: { routes: without, skipStart: true } });
    const published = await fetch(`${full.server.url}/v1/admin/validation/runs`, {
      method: 'POST',
      headers: { 'x-api-key': analyst.key, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'browser-test-run',
        rows: [
          { variable: 'snap_allotment', status: 'parity_match' },
          { variable: 'snap_net_income', status: 'parity_diff' },
          { variable: 'wic', status: 'uncovered' },
        ],
        cases: [{ latency_ms: 12 }, { latency_ms: 20 }],
        api_version: '0.1.0',
      }),
    });
    expect(published.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await full?.close();
    await bare?.close();
  });

  it('GET /docs shows the documentation with this origin in the examples and every endpoint', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs`);
    expect(await page.title()).toBe('Tenet developer documentation');
    await expect(page.locator('h1').textContent()).resolves.toBe('Tenet developer documentation');
    expect(await page.locator('#base-url').textContent()).toBe(full.server.url);
    expect(await page.locator('code.curl').allTextContents()).toContainEqual(expect.stringContaining(`curl -s -X POST ${full.server.url}/v1/calculate`));
    const operations = Object.values((full.t.app.openapi as any).paths as Record<string, object>).reduce<number>((n, item) => n + Object.keys(item).length, 0);
    expect(await page.locator('#endpoints tbody tr').count()).toBe(operations);
    expect(await page.locator('#endpoints tbody tr', { hasText: '/v1/parity/run' }).textContent()).toContain('admin:parity');
    expect(await page.getByRole('heading', { name: 'Tool adapter (MCP) setup' }).isVisible()).toBe(true);
    expect(await page.locator('#mcp ~ pre').first().textContent()).toContain(`"SERVICE_API_BASE_URL": "${full.server.url}"`);
    if (process.env.TENET_SCREENSHOTS) await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/docs.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/validation loads runs and analytics with a key kept in sessionStorage only', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs/validation`);
    expect(await page.locator('#results').isHidden()).toBe(true);
    await page.fill('#api-key', analyst.key);
    await page.click('#load');
    const row = page.locator('#runs-table tbody tr');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('browser-test-run');
    expect(await page.locator('#runs-count').textContent()).toBe('1');
    await page.locator('#analytics-requests').waitFor();
    expect(Number((await page.locator('#analytics-requests').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await page.locator('#routes-table').isVisible()).toBe(true);
    if (process.env.TENET_SCREENSHOTS) await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/validation.png`, fullPage: true });

    expect(await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), KEY_STORAGE_NAME)).toBe(analyst.key);
    expect(await page.evaluate(() => (globalThis as any).localStorage.length)).toBe(0);
    expect(await page.evaluate(() => (globalThis as any).document.cookie)).toBe('');

    // A reload in the same tab reuses the key; "Forget key" removes it.
    await page.reload();
    await page.locator('#runs-table').waitFor();
    await page.click('#forget-key');
    expect(await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), KEY_STORAGE_NAME)).toBeNull();
    expect(await page.locator('#results').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/validation explains a refused key and a key without admin:analytics', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs/validation`);
    await page.fill('#api-key', 'tnt_this-key-does-not-exist-000000000');
    await page.click('#load');
    await expect(page.locator('#runs .notice.error').textContent({ timeout: 10_000 })).resolves.toContain('The key was refused (401)');
    await page.fill('#api-key', reader.key);
    await page.click('#load');
    await page.locator('#runs .notice.error', { hasText: '403' }).waitFor();
    expect(await page.locator('#runs .notice.error').textContent()).toContain('admin:analytics');
    expect(await page.locator('#analytics .notice.error').textContent()).toContain('403');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/validation says so clearly when the endpoints are not built (404)', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${bare.server.url}/docs/validation`);
    await page.fill('#api-key', analyst.key);
    await page.click('#load');
    await page.locator('#runs .notice.warn').waitFor();
    expect(await page.locator('#runs .notice.warn').textContent()).toContain('Not available on this deployment yet: GET /v1/admin/validation/runs answered 404');
    await page.locator('#analytics .notice.warn').waitFor();
    expect(await page.locator('#analytics .notice.warn').textContent()).toContain('GET /v1/admin/analytics answered 404');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

if (!haveChromium) {
  describe('pages in chromium', () => {
    it.skip(`SKIPPED: no chromium binary at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`, () => undefined);
  });
}
