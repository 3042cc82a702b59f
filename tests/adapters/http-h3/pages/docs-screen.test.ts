/**
 * The /docs "Benefits screener" section as HTML: what the server writes (the States a screen can run, the month,
 * the starting family), escaped; shown only where the deployment can screen. The browser behaviour is tested in
 * screener-browser.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SCREEN_QUESTIONS, screenExampleFor, screenSection, STARTING_FAMILY } from '../../../../adapters/http-h3/pages/docs-screen.js';
import { createTestApp } from '../../../support/http-harness.js';

const WITH_SCREEN = { paths: { '/v1/screen': { post: {} } } };
const STATES = [
  { id: 'us-co', name: 'Colorado' },
  { id: 'us-tx', name: 'Texas' },
];

describe('the benefits screener section', () => {
  it('is offered only where the deployment serves POST /v1/screen and can screen some jurisdiction', () => {
    expect(screenExampleFor({ paths: {} }, STATES, 'us-tx', '2026-11')).toBeNull();
    expect(screenExampleFor(WITH_SCREEN, [], 'us-tx', '2026-11')).toBeNull();
    expect(screenExampleFor(WITH_SCREEN, STATES, 'us-tx', '2026-11')).toEqual({ jurisdictions: STATES, selected: 'us-tx', period: '2026-11', curve: false });
    // The curve of the total over earnings is drawn where the combined sweep is served.
    expect(screenExampleFor({ paths: { ...WITH_SCREEN.paths, '/v1/screen/sweep': { post: {} } } }, STATES, 'us-tx', '2026-11')?.curve).toBe(true);
    // A preferred jurisdiction that cannot be screened gives way to the first one listed.
    expect(screenExampleFor(WITH_SCREEN, STATES, 'us-zz', '2026-11')?.selected).toBe('us-co');
    expect(screenSection(null).value).toContain('so the screener is not shown');
  });

  it('writes the States, the month and the starting family into the form, every value escaped', () => {
    const out = screenSection({ jurisdictions: [{ id: 'us-"x"', name: '<b>Bold</b>' }], selected: 'us-"x"', period: '2026-11', curve: false }).value;
    expect(out).toContain('<option value="us-&quot;x&quot;" selected>&lt;b&gt;Bold&lt;/b&gt; (us-&quot;x&quot;)</option>');
    expect(out).not.toContain('<b>Bold</b>');
    expect(out).toContain('<input id="screen-period" type="month" required value="2026-11">');
    expect(out).toContain(`data-questions="${SCREEN_QUESTIONS}"`);
    expect(out).toContain(`data-fact="shelter_costs" data-kind="number" type="number" min="0" step="0.01" placeholder="not said" value="${STARTING_FAMILY.rent}"`);
    // One row per person of the starting family, plus the template the "Add a person" button clones.
    expect(out.match(/<fieldset class="screen-person">/g)).toHaveLength(STARTING_FAMILY.people.length + 1);
    expect(out).toMatch(/<template id="screen-person-template"><fieldset class="screen-person">[\s\S]*<option value="child" selected>/);
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).not.toContain('style=');
    expect(out).toContain('does not serve <code>POST /v1/screen/sweep</code>');
    const withCurve = screenSection({ jurisdictions: STATES, selected: 'us-tx', period: '2026-11', curve: true }).value;
    expect(withCurve).toContain('<svg id="screen-curve" width="100%" viewBox="0 0 640 300"');
    expect(withCurve).not.toContain('style=');
  });

  it('GET /docs offers every State a screen runs in (not the federal parent), by name, this month', async () => {
    const t = await createTestApp({ env: {} });
    try {
      const res = await t.request('GET', '/docs');
      expect(res.status).toBe(200);
      const select = /<select id="screen-jurisdiction">([\s\S]*?)<\/select>/.exec(res.text)?.[1] ?? '';
      const ids = [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
      const screens = t.app.services.calculation!.screens;
      expect(ids).toContain('us-tx');
      expect(ids).not.toContain('us');
      for (const id of ids) expect(screens.programs(id).length, id).toBeGreaterThan(0);
      expect(select).toContain('>Texas (us-tx)</option>');
      const names = [...select.matchAll(/>([^<(]+) \(/g)].map((m) => m[1]);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(res.text).toContain(`type="month" required value="${new Date().toISOString().slice(0, 7)}"`);
    } finally {
      await t.close();
    }
  }, 120_000);
});
