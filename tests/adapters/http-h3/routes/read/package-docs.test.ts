/**
 * Self-describing packages (docs/read-surface.md, "Package detail"): every input and output of every bundled SNAP
 * package has a description, period and unit, and enumerated inputs list their values; a generic RuleSpec package
 * shows what its source states and nothing more. Responses go through the OpenAPI-validating harness.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../../../support/http-harness.js';

const roomy = { requests: 1_000_000, window_seconds: 60 };
const admin = (() => {
  const k = testKey('docs-admin', ['*']);
  return { ...k, entry: { ...k.entry, rate_limit: roomy } };
})();

interface Documented {
  name: string;
  description?: string;
  period?: string;
  unit?: string;
  values?: string[];
  alias_for?: string;
}

async function packageDetail(t: TestApp, jurisdiction: string, program: string) {
  const res = await t.request('GET', `/v1/runtime/packages/${jurisdiction}/${program}`, { headers: { 'x-api-key': admin.key } });
  expect(res.status, `${jurisdiction}/${program}`).toBe(200);
  return res.body.data.package as { outputs: Documented[]; entities: { entity: string; inputs: Documented[] }[] };
}

describe('package detail over the bundled SNAP packages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RULES_PATH: resolve('rules'), SERVICE_API_KEYS: JSON.stringify([admin.entry]) } });
  }, 180_000);
  afterAll(async () => t?.close());

  it('gives every input and output of all 328 packages (53 SNAP, 56 Lifeline, 56 WIC, the federal EITC and CTC, 54 school meals, 51 Medicaid, 56 Head Start) a description, a period and a unit', async () => {
    const list = await t.request('GET', '/v1/runtime/packages', { headers: { 'x-api-key': admin.key } });
    const packages = list.body.data.packages as { jurisdiction: string; program_id: string }[];
    expect(packages.filter((p) => p.program_id === 'snap')).toHaveLength(53);
    expect(packages.filter((p) => p.program_id === 'lifeline')).toHaveLength(56);
    expect(packages.filter((p) => p.program_id === 'wic')).toHaveLength(56);
    expect(packages.filter((p) => p.program_id === 'eitc')).toHaveLength(1);
    expect(packages.filter((p) => p.program_id === 'school_meals')).toHaveLength(54);
    expect(packages.filter((p) => p.program_id === 'medicaid')).toHaveLength(51);
    expect(packages.filter((p) => p.program_id === 'ctc')).toHaveLength(1);
    expect(packages.filter((p) => p.program_id === 'head_start')).toHaveLength(56);
    expect(packages).toHaveLength(328);
    const undocumented: string[] = [];
    for (const p of packages) {
      const detail = await packageDetail(t, p.jurisdiction, p.program_id);
      const fields = [...detail.outputs, ...detail.entities.flatMap((e) => e.inputs)];
      expect(fields.length).toBeGreaterThan(20);
      for (const f of fields) {
        const ok = /\w{3,}.*\w{3,}/.test(f.description ?? '') && ['month', 'year', 'none'].includes(f.period ?? '') && /\S/.test(f.unit ?? '');
        if (!ok) undocumented.push(`${p.jurisdiction} ${f.name}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('words person inputs for one person and keeps the household wording on the household', async () => {
    const detail = await packageDetail(t, 'us-tx', 'snap');
    const input = (entity: string, name: string) => detail.entities.find((e) => e.entity === entity)!.inputs.find((i) => i.name.endsWith('earned_income') && !i.name.includes('unearned') && name === 'earned_income')!;
    expect(input('Household', 'earned_income').description).toMatch(/^Gross earned income of the household/);
    expect(input('Person', 'earned_income').description).toMatch(/^The person's gross earned income/);
    expect(input('Person', 'earned_income')).toMatchObject({ period: 'month', unit: 'USD per month' });
    const age = detail.entities.find((e) => e.entity === 'Person')!.inputs.find((i) => i.name.endsWith('age'))!;
    expect(age).toMatchObject({ unit: 'years', period: 'month' });
  });

  it('lists the accepted values of enumerated text inputs, as the calculation enforces them', async () => {
    const ak = await packageDetail(t, 'us-ak', 'snap');
    const inputs = ak.entities[0].inputs;
    const byEnd = (suffix: string) => inputs.find((i) => i.name.endsWith(suffix))!;
    expect(byEnd('utility_type').values).toEqual(['heating_cooling', 'limited', 'telephone', 'single_utility', 'none']);
    expect(byEnd('alaska_allotment_area').values).toEqual(['urban', 'rural_1', 'rural_2']);
    expect(byEnd('household_size').values).toBeUndefined();
    const calc = await t.request('POST', '/v1/calculate', {
      headers: { 'x-api-key': admin.key },
      json: { program_id: 'snap', jurisdiction: 'us-ak', household: { period: '2026-01', facts: { utility_type: 'gas' } } },
    });
    expect(calc.status).toBe(400);
    expect(JSON.stringify(calc.body)).toContain('heating_cooling');
  });

  it('gives output aliases the docs of the output they stand for', async () => {
    const detail = await packageDetail(t, 'us-ca', 'snap');
    const allotment = detail.outputs.find((o) => o.name === 'snap_allotment')!;
    const alias = detail.outputs.find((o) => o.name === 'snap')!;
    expect(alias.alias_for).toBe('snap_allotment');
    expect(alias).toMatchObject({ description: allotment.description, period: 'month', unit: 'USD per month' });
    expect(detail.outputs.find((o) => o.name === 'snap_eligible')).toMatchObject({ period: 'month', unit: 'boolean' });
  });
});

describe('package detail over a generic RuleSpec package (no docs extensions)', () => {
  const root = mkdtempSync(join(tmpdir(), 'tenet-package-docs-'));
  const write = (rel: string, text: string): void => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  // Three outputs: one with description, unit and period; one with only a label; one with nothing to show.
  // The documentation-only inputs: block describes wages, says nothing about age, and names an unread slot.
  write(
    'us-xx/statutes/1/a.yaml',
    `format: rulespec/v1
inputs:
  - name: wages
    entity: TaxUnit
    dtype: Money
    period: Year
    unit: USD
    description: Wages paid in the tax year.
  - {name: age, entity: TaxUnit, dtype: Integer}
  - name: never_read
    description: Not an input of any rule here.
rules:
  - name: demo_credit
    kind: derived
    entity: TaxUnit
    dtype: Money
    period: Year
    unit: USD
    description: The demo credit, 10% of wages.
    label: Demo credit label (not shown when a description exists)
    source: Demo Code 1(a)
    versions:
      - effective_from: '2020-01-01'
        formula: wages * 0.1
  - name: demo_is_adult
    kind: derived
    entity: TaxUnit
    dtype: Judgment
    label: Filer is an adult
    source: Demo Code 1(b)
    versions:
      - effective_from: '2020-01-01'
        formula: age >= 18
  - name: demo_wages_doubled
    kind: derived
    entity: TaxUnit
    dtype: Money
    source: Demo Code 1(c)
    versions:
      - effective_from: '2020-01-01'
        formula: wages * 2
`,
  );
  write('us-xx/statutes/1/a.test.yaml', '[]\n');
  write(
    'programs/us-xx/demo/fy-2026.yaml',
    'program: us-xx/demo\nperiod: 2026-01\noutputs:\n  - demo_credit\n  - demo_is_adult\n  - demo_wages_doubled\nscope:\n  state:\n    - statutes/1/a\n',
  );

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RULES_PATH: root, SERVICE_API_KEYS: JSON.stringify([admin.entry]) } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows each output what its rule states (description, else label; unit; period) and leaves the rest absent', async () => {
    const detail = await packageDetail(t, 'us-xx', 'demo');
    const out = (name: string) => detail.outputs.find((o) => o.name === name)!;
    expect(out('demo_credit')).toMatchObject({ description: 'The demo credit, 10% of wages.', period: 'year', unit: 'USD' });
    expect(out('demo_is_adult').description).toBe('Filer is an adult');
    expect(out('demo_is_adult')).not.toHaveProperty('unit');
    expect(out('demo_is_adult')).not.toHaveProperty('period');
    for (const field of ['description', 'period', 'unit']) expect(out('demo_wages_doubled')).not.toHaveProperty(field);
  });

  it("shows an input what the module's inputs: block says about it, and invents nothing for an undocumented one", async () => {
    const detail = await packageDetail(t, 'us-xx', 'demo');
    const inputs = detail.entities.flatMap((e) => e.inputs);
    expect(inputs).toHaveLength(2);
    const wages = inputs.find((i) => i.name.endsWith('wages'))!;
    const age = inputs.find((i) => i.name.endsWith('age'))!;
    expect(wages).toMatchObject({ description: 'Wages paid in the tax year.', period: 'year', unit: 'USD' });
    expect(wages).not.toHaveProperty('values');
    for (const field of ['description', 'period', 'unit', 'values']) expect(age).not.toHaveProperty(field);
  });
});
