/**
 * The HTML pages in a real browser (playwright-core driving Debian's chromium) against a real listening
 * server: visible content, the origin filled into examples, no CSP violations, and the dashboard's key
 * handling and messages. Skips loudly when no chromium binary exists (set CHROMIUM_PATH to point at one).
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../../adapters/http-h3/routes/index.js';
import { KEY_STORAGE_NAME } from '../../../../adapters/http-h3/pages/validation-page.js';
import { TRIAL_KEY_STORAGE } from '../../../../adapters/http-h3/pages/docs-trial.js';
import { testKey } from '../../../support/http-harness.js';
import { CHROMIUM, haveChromium, LAUNCH_ARGS, openPage, serve, warnWithoutChromium, type Served } from '../../../support/chromium.js';

warnWithoutChromium('/docs and /docs/validation');

const analyst = testKey('dash-analyst', ['admin:analytics']);
const reader = testKey('dash-reader', ['rules:read']);
// An unknown /v1 path answers 404 only to a key with rules:read (spec rule 6); others get 403 first.
const operator = testKey('dash-operator', ['admin:analytics', 'rules:read']);
const KEYS = JSON.stringify([analyst.entry, reader.entry, operator.entry]);

describe.skipIf(!haveChromium)(`pages in chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let full: Served;
  let bare: Served;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    full = await serve({ env: { SERVICE_API_KEYS: KEYS } });
    // A deployment without the validation-run and analytics endpoints, for the dashboard's 404 message.
    // Every method of those paths goes (a path with another method left would answer 405, not 404).
    const without = routes.filter((r) => !(r.path === '/v1/admin/validation/runs' || r.path === '/v1/admin/analytics'));
    bare = await serve({ env: { SERVICE_API_KEYS: KEYS }, overrides: { routes: without, skipStart: true } });
    const published = await fetch(`${full.server.url}/v1/admin/validation/runs`, {
      method: 'POST',
      headers: { 'x-api-key': analyst.key, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'browser-test-run',
        rows: [
          { variable: 'snap_allotment', status: 'parity_match', expected: 562, actual: 562 },
          { variable: 'snap_net_income', status: 'parity_diff', expected: 1200.5, actual: 1210.5 },
          { variable: 'wic', status: 'uncovered' },
        ],
        cases: [
          { id: 'tx-worker', latency_ms: 12, changed: [{ variable: 'snap_net_income', expected: 1200.5, actual: 1210.5 }] },
          { id: 'tx-elderly', latency_ms: 20, changed: [] },
        ],
        api_version: '0.1.0',
        base_url: 'https://rules.example.test',
        model_versions: { policyengine_us: '1.2.3', tenet_rules: 'fy-2026' },
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
    // The first package's inputs and outputs, with what each means, its unit and period (from package detail).
    const size = page.locator('#package-inputs tbody tr', { hasText: 'household_size' }).first();
    expect(await size.locator('td').allTextContents()).toEqual(expect.arrayContaining(['count', 'month', expect.stringContaining('Number of people in the SNAP household')]));
    // (the row that starts with utility_type: single_utility_kind's description also names utility_type)
    expect(await page.locator('#package-inputs tbody tr', { hasText: /^utility_type/ }).first().textContent()).toContain('one of heating_cooling, limited, telephone, single_utility, none');
    const allotment = page.locator('#package-outputs tbody tr', { hasText: 'snap_allotment' }).first();
    expect(await allotment.locator('td').allTextContents()).toEqual(['snap_allotment', 'USD per month', 'month', expect.stringContaining('monthly SNAP benefit')]);
    // Reading an answer (from the served document), the error codes (from the error table), the CLI and embedding.
    expect(await page.locator('#trace-fields tbody tr', { hasText: 'entity_id' }).textContent()).toContain('household.people');
    expect(await page.locator('#answer-fields tbody tr', { hasText: 'assumptions' }).textContent()).toContain('Tenet extension');
    expect(await page.locator('#error-codes tbody tr', { hasText: 'job_lost' }).locator('td').first().textContent()).toBe('410');
    expect(await page.locator('#request-limits').textContent()).toContain('262,144 bytes');
    expect(await page.locator('#cli-commands tbody tr', { hasText: 'tenet admin audit' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Embedding in a Node program' }).isVisible()).toBe(true);
    if (process.env.TENET_SCREENSHOTS) await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/docs.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs draws the sample household\'s benefit curve from an exact sweep, with a trial key kept for the tab', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs`);
    await page.fill('#sweep-to', '4000');
    await page.click('#sweep-run');
    await page.locator('#sweep-status', { hasText: /segments|failed/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#sweep-status').textContent()).toMatch(/^\d+ segments, \d+ breakpoints/);
    const key = await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), TRIAL_KEY_STORAGE);
    expect(key).toMatch(/^tnt_/);
    // The drawing is the answer: one line per segment, one dot and one table row per breakpoint.
    const { variables: _variables, ...request } = JSON.parse((await page.locator('#sweep-form').getAttribute('data-request')) ?? '{}');
    const answer = await fetch(`${full.server.url}/v1/calculate/sweep`, {
      method: 'POST',
      headers: { 'x-api-key': key as string, 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, axis: { input: 'earned_income', from: 0, to: 4000 }, outputs: ['snap_allotment'] }),
    });
    expect(answer.status).toBe(200);
    const described = ((await answer.json()) as any).data.outputs.snap_allotment;
    expect(described.breakpoints.length).toBeGreaterThan(0);
    expect(await page.locator('#sweep-chart line.sweep-segment').count()).toBe(described.segments.length);
    expect(await page.locator('#sweep-chart circle').count()).toBe(described.breakpoints.length);
    // The whole-dollar rounding steps (the most frequent rule) are faint and summed up in one row; every other
    // break is a red dot and a row of its own, with its rule.
    const byRule = new Map<string, any[]>();
    for (const bp of described.breakpoints) byRule.set(bp.rule_id, [...(byRule.get(bp.rule_id) ?? []), bp]);
    const [stepRule, steps] = [...byRule].sort((a, b) => b[1].length - a[1].length)[0];
    expect(steps.length).toBeGreaterThan(10);
    const others = described.breakpoints.filter((bp: any) => bp.rule_id !== stepRule);
    expect(others.length).toBeGreaterThan(0);
    expect(await page.locator('#sweep-chart circle.sweep-step').count()).toBe(steps.length);
    expect(await page.locator('#sweep-breakpoints tbody tr').count()).toBe(others.length + 1);
    expect(await page.locator('#sweep-breakpoints tbody tr').last().locator('td').allTextContents()).toEqual([`${steps.length} rounding steps`, '', '', stepRule]);
    const first = others[0];
    expect(await page.locator('#sweep-breakpoints tbody tr').first().locator('td').allTextContents()).toEqual([String(first.at), String(first.before), String(first.after), first.rule_id ?? '-']);
    if (process.env.TENET_SCREENSHOTS) await page.locator('#sweep-chart').screenshot({ path: `${process.env.TENET_SCREENSHOTS}/docs-sweep.png` });
    // A second drawing reuses the kept key rather than taking another.
    await page.fill('#sweep-to', '3000');
    await page.click('#sweep-run');
    await page.locator('#sweep-status', { hasText: /segments|failed/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#sweep-status').textContent()).toMatch(/^\d+ segments/);
    expect(await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), TRIAL_KEY_STORAGE)).toBe(key);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

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

  it('GET /docs/validation clears a refused key (401) and says so once; explains a key without admin:analytics', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs/validation`);
    await page.fill('#api-key', 'tnt_this-key-does-not-exist-000000000');
    await page.click('#load');
    await expect(page.locator('#status.notice.error').textContent({ timeout: 10_000 })).resolves.toContain('The key was refused (401');
    expect(await page.locator('#status').textContent()).toContain('has been cleared from this tab');
    expect(await page.locator('[role=alert]').count()).toBe(1);
    expect(await page.locator('#results').isHidden()).toBe(true);
    expect(await page.inputValue('#api-key')).toBe('');
    expect(await page.evaluate((name) => (globalThis as any).sessionStorage.getItem(name), KEY_STORAGE_NAME)).toBeNull();
    await page.fill('#api-key', reader.key);
    await page.click('#load');
    await page.locator('#runs .notice.error', { hasText: '403' }).waitFor();
    expect(await page.locator('#runs .notice.error').textContent()).toContain('admin:analytics');
    expect(await page.locator('#analytics .notice.error').textContent()).toContain('403');
    expect(await page.locator('#status').getAttribute('class')).toBe('muted');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/validation opens a run: identity, the variables that differ and by how much, and its cases', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs/validation`);
    await page.fill('#api-key', analyst.key);
    await page.click('#load');
    await page.locator('#runs-table button.open-run').first().click();
    await page.locator('#run-identity').waitFor();
    const identity = (await page.locator('#run-identity').textContent())!;
    expect(identity).toMatch(/Contract hash\s*sha256:[0-9a-f]{16}/);
    expect(identity).toContain('https://rules.example.test');
    expect(identity).toContain('policyengine_us: 1.2.3');
    expect(identity).toContain('tenet_rules: fy-2026');
    // 1210.5 - 1200.5 = +10 on the one differing row; the matching and uncovered rows are not listed.
    const differences = page.locator('#run-differences tbody tr');
    expect(await differences.count()).toBe(1);
    expect((await differences.first().locator('td').allTextContents())).toEqual(['snap_net_income', 'parity_diff', '1200.5', '1210.5', '+10']);
    const cases = page.locator('#run-cases tbody tr');
    expect(await cases.count()).toBe(2);
    expect(await cases.first().textContent()).toContain('snap_net_income: 1200.5 → 1210.5 (+10)');
    expect(await cases.nth(1).locator('td').nth(1).textContent()).toBe('none');
    expect(await page.locator('#run-rows tbody tr').count()).toBe(3);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/validation charts requests per key and latency per route, with readable route names', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${full.server.url}/docs/validation`);
    await page.fill('#api-key', analyst.key);
    await page.click('#load');
    await page.locator('#keys-chart').waitFor();
    expect(await page.locator('#keys-chart .chart-label').allTextContents()).toContain(analyst.entry.id);
    const widths = await page.locator('#keys-chart .chart-bar span').evaluateAll((spans) => spans.map((s) => (s as any).style.width));
    expect(widths).toContain('100%'); // the busiest key fills its bar
    const routesCharted = await page.locator('#latency-chart .chart-label').allTextContents();
    expect(routesCharted).toContain('GET /v1/admin/validation/runs');
    expect(await page.locator('#latency-chart .legend span').allTextContents()).toEqual(['≤ 25 ms', '≤ 100 ms', '≤ 500 ms', '≤ 2 s', '> 2 s']);
    // Open a run so the analytics hold a parameterised route, then reload the figures.
    await page.locator('#runs-table button.open-run').first().click();
    await page.locator('#run-identity').waitFor();
    await page.click('#load');
    await page.locator('#routes-table').waitFor();
    await page.locator('#routes-table tbody tr', { hasText: 'GET /v1/admin/validation/runs/{run_id}' }).waitFor();
    const routeNames = await page.locator('#routes-table tbody tr td:first-child').allTextContents();
    for (const name of routeNames) expect(name).not.toMatch(/\*\*|\/:/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  const pages = ['/docs', '/docs/validation'];
  for (const width of [390, 1280]) {
    it.each(pages)(`%s fits a ${width} px viewport: no sideways scroll of the page, wide tables scroll in their own box`, async (path) => {
      const { page, problems } = await openPage(browser, width);
      await page.goto(`${full.server.url}${path}`);
      if (path === '/docs/validation') {
        await page.fill('#api-key', analyst.key);
        await page.click('#load');
        await page.locator('#runs-table button.open-run').first().click();
        await page.locator('#run-rows').waitFor();
        await page.locator('#latency-chart').waitFor();
      } else {
        await page.locator('#package-inputs').waitFor();
      }
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBe(width);
      // The header bar spans the whole width, and every table's box stays inside the page.
      expect(await page.locator('header.top').evaluate((h) => (h as any).getBoundingClientRect().width)).toBe(width);
      const boxes = await page.locator('.table-scroll').evaluateAll((els) => els.map((e) => (e as any).getBoundingClientRect().right));
      expect(boxes.length).toBeGreaterThan(0);
      for (const right of boxes) expect(right).toBeLessThanOrEqual(width);
      expect(await page.locator('table').count()).toBe(await page.locator('.table-scroll > table').count());
      if (width === 390) {
        // A reflowed table is one block per row on a phone: nothing in it may need sideways scrolling either.
        // (the table clips its overflow, so the cells are measured, not the scroller).
        const clipped = await page.locator('.table-scroll.reflow td').evaluateAll((els) => els.filter((e) => (e as any).scrollWidth > (e as any).clientWidth).map((e) => (e as any).textContent));
        expect(clipped).toEqual([]);
      }
      if (width === 1280) {
        // On a desktop every table fits its column: none needs its own scroller (the runs table used to overflow).
        const overflowing = await page.locator('.table-scroll').evaluateAll((els) => els.filter((e) => (e as any).scrollWidth > (e as any).clientWidth).map((e) => (e as any).querySelector('table').id));
        expect(overflowing).toEqual([]);
      }
      if (process.env.TENET_SCREENSHOTS) await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/${path.slice(1).replace('/', '-')}-${width}.png`, fullPage: true });
      if (process.env.TENET_SCREENSHOTS && path === '/docs') {
        await page.locator('#package-inputs').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/package-inputs-${width}.png` });
        await page.locator('#endpoints').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/endpoints-${width}.png` });
        for (const id of ['answer-fields', 'error-codes', 'cli-commands', 'embedding-methods']) {
          await page.locator(`#${id}`).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/${id}-${width}.png` });
        }
        await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
        await page.screenshot({ path: `${process.env.TENET_SCREENSHOTS}/docs-top-${width}.png` });
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('GET /docs/validation says so clearly when the endpoints are not built (404)', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${bare.server.url}/docs/validation`);
    await page.fill('#api-key', operator.key);
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
