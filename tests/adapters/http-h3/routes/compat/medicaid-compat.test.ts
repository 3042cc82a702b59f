/**
 * The compatibility endpoint speaks Medicaid and CHIP (issue #28 item 6): PolicyEngine's is_medicaid_eligible,
 * medicaid_category, is_chip_eligible and chip_category per person from the State Medicaid package's person outputs,
 * run for the person's tax unit (docs/compatibility.md, "Medicaid and CHIP"). Figures worked by hand below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';
const ASK = (period: string): Record<string, unknown> => ({
  is_medicaid_eligible: { [period]: null }, medicaid_category: { [period]: null }, is_chip_eligible: { [period]: null }, chip_category: { [period]: null },
});

/** A parent of 34 earning `wages` a year and children of the given ages, one tax unit, in a household of `home`. */
function family(wages: number, ages: number[], home: Record<string, unknown>, period: string, parent: Record<string, unknown> = {}) {
  const children = Object.fromEntries(ages.map((age, i) => [`child${i + 1}`, { age, ...ASK(period) }]));
  const members = ['parent', ...Object.keys(children)];
  return {
    household: {
      people: { parent: { age: 34, employment_income: wages, ...ASK(period), ...parent }, ...children },
      tax_units: { tu: { members } },
      households: { home: { members, ...home } },
    },
  };
}

describe('Medicaid and CHIP through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('California, a parent earning 24,000 a year and children of 4 and 9: all three covered, in PolicyEngine\'s categories', async () => {
    // 3 people; 2026 guideline 27,320 (91 FR 1797); income 24,000 = 87.8% of it. Parent: California's parent standard
    // 109% + 5 = 114% (31,144.80), so a parent or caretaker relative (PARENT). Children: 261% + 5 = 266%: the child of 4
    // is 1-5 (YOUNG_CHILD), of 9 is 6-18 (OLDER_CHILD). No CHIP: Medicaid covers them (42 U.S.C. 1397jj(b)(1)(C)).
    const res = await t.request('POST', PATH, { json: family(24_000, [4, 9], { state_code: 'CA' }, '2026-03'), headers: auth(partner) });
    expect(res.status).toBe(200);
    const { parent, child1, child2 } = res.body.result.people;
    expect(parent).toMatchObject({ is_medicaid_eligible: { '2026-03': true }, medicaid_category: { '2026-03': 'PARENT' }, is_chip_eligible: { '2026-03': false }, chip_category: { '2026-03': 'NONE' } });
    expect(child1).toMatchObject({ is_medicaid_eligible: { '2026-03': true }, medicaid_category: { '2026-03': 'YOUNG_CHILD' }, chip_category: { '2026-03': 'NONE' } });
    expect(child2).toMatchObject({ is_medicaid_eligible: { '2026-03': true }, medicaid_category: { '2026-03': 'OLDER_CHILD' } });
    expect(res.body.tenet.package).toEqual({ program_id: 'medicaid', jurisdiction: 'us-ca' });
    expect(res.body.tenet.unsupported).toEqual([]);
  });

  it('Colorado by FIPS code, a parent earning 40,000 a year and a child of 8: the child on CHIP, the parent on neither', async () => {
    // 2 people; 2026 guideline 21,640. The child: Medicaid's 142% (30,728.80; no disregard, Colorado's separate CHIP
    // standard 260% being higher) < 40,000 <= CHIP's 260% + 5 = 265% (57,346): CHIP child. The parent: the parent
    // standard 68% and the adult group's 133% + 5 = 138% (29,863.20) are both below 40,000.
    const res = await t.request('POST', PATH, { json: family(40_000, [8], { state_fips: 8 }, '2026-03'), headers: auth(partner) });
    expect(res.status).toBe(200);
    const { parent, child1 } = res.body.result.people;
    expect(child1).toMatchObject({ is_medicaid_eligible: { '2026-03': false }, medicaid_category: { '2026-03': 'NONE' }, is_chip_eligible: { '2026-03': true }, chip_category: { '2026-03': 'CHILD' } });
    expect(parent).toMatchObject({ is_medicaid_eligible: { '2026-03': false }, medicaid_category: { '2026-03': 'NONE' }, is_chip_eligible: { '2026-03': false } });
    expect(res.body.tenet.package).toEqual({ program_id: 'medicaid', jurisdiction: 'us-co' });
  });

  it('a year key is answered when every month agrees; a month the package does not cover and facts it does not read say why', async () => {
    const body = family(24_000, [4], { state_code: 'CA' }, '2026', { is_medicare_eligible: true, ssi_countable_resources: 0 });
    (body.household.people as Record<string, Record<string, unknown>>).child1.is_medicaid_eligible = { 2026: null, '2024-06': null };
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.people.child1.is_medicaid_eligible[2026]).toBe(true);
    expect(res.body.result.people.child1.medicaid_category).toEqual({ 2026: 'YOUNG_CHILD' });
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_id: string; variable: string; period: string | null; reason: string }) => [`${u.entity_id}.${u.variable}.${u.period}`, u.reason]));
    expect(reasons['child1.is_medicaid_eligible.2024-06']).toMatch(/^us-ca\/medicaid: .*2024-06 is not covered/);
    expect(reasons['parent.is_medicare_eligible.null']).toMatch(/the adult group excludes people entitled to Medicare \(42 CFR 435\.119\(b\)\)/);
    expect(reasons['parent.ssi_countable_resources.null']).toMatch(/cannot apply to a person under 65 .* it changes nothing here/);
  });
});
