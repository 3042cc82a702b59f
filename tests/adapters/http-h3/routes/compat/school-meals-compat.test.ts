/**
 * The compatibility endpoint speaks school meals (issue #27 item 8): the SPM unit's school_meal_tier and
 * school_meal_countable_income from the State school meals package, with PolicyEngine's enrolment and receipt inputs
 * (docs/compatibility.md, "School meals"). Hand-worked against the published Income Eligibility Guidelines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';

/** Two Texan parents and a child of `childAge`, one parent earning `wages` a year; `unit` adds SPM unit variables. */
function family(wages: number, child: Record<string, unknown>, unit: Record<string, unknown>) {
  return {
    household: {
      people: { head: { age: 35, employment_income: wages }, spouse: { age: 33 }, child: { age: 8, ...child } },
      spm_units: { unit: { members: ['head', 'spouse', 'child'], ...unit } },
      households: { home: { members: ['head', 'spouse', 'child'], state_code: 'TX' } },
    },
  };
}

type Entry = { kind: string; entity_id: string; variable: string; reason: string };
const reasonOf = (body: { tenet: { unsupported: Entry[] } }, variable: string): string | undefined => body.tenet.unsupported.find((u) => u.variable === variable)?.reason;

describe('school meals through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('the tier follows the school year\'s table: free, reduced price, and a year key answered when the months agree', async () => {
    // 48-State table, 3 people, monthly column: 2025-26 (90 FR 11938) free 2,888, reduced 4,109; 2026-27 free 2,960,
    // reduced 4,212. SNAP receipt stated false, so only income decides.
    // 33,000 / 12 = 2,750 <= 2,888: FREE in January 2026.
    let res = await t.request('POST', PATH, { json: family(33_000, { is_in_k12_school: true }, { receives_snap: false, school_meal_tier: { '2026-01': null }, school_meal_countable_income: { '2026-01': null } }), headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ '2026-01': 'FREE' });
    expect(res.body.result.spm_units.unit.school_meal_countable_income).toEqual({ '2026-01': 2750 });
    expect(res.body.tenet.package).toEqual({ program_id: 'school_meals', jurisdiction: 'us-tx' });
    expect(res.body.tenet.unsupported.filter((u: Entry) => u.kind === 'input')).toEqual([]);
    // 45,000 / 12 = 3,750: above 2,888 and 2,960, at most 4,109 and 4,212: REDUCED in every month of 2026; the year's
    // countable income is the twelve months, 45,000.
    res = await t.request('POST', PATH, { json: family(45_000, { is_in_k12_school: true }, { receives_snap: false, school_meal_tier: { 2026: null }, school_meal_countable_income: { 2026: null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ 2026: 'REDUCED' });
    expect(res.body.result.spm_units.unit.school_meal_countable_income).toEqual({ 2026: 45_000 });
  });

  it('a year whose tables give different tiers is not answered (the tables switch on July 1, not January 1)', async () => {
    // 35,000 / 12 = 2,916.67: above the 2025-26 free limit 2,888 (January-June: REDUCED), at most the 2026-27 free
    // limit 2,960 (July-December: FREE).
    const res = await t.request('POST', PATH, { json: family(35_000, { is_in_k12_school: true }, { receives_snap: false, school_meal_tier: { 2026: null, '2026-06': null, '2026-07': null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ 2026: null, '2026-06': 'REDUCED', '2026-07': 'FREE' });
    expect(reasonOf(res.body, 'school_meal_tier')).toMatch(/differs between the months of 2026/);
  });

  it('SNAP receipt: stated, it makes the unit free with no assumption; not given, it is inferred from the State\'s SNAP rules and said', async () => {
    // 60,000 / 12 = 5,000 > 4,109: PAID by income; receives_snap true makes every child free (42 U.S.C. 1758(b)(12)(A)).
    let res = await t.request('POST', PATH, { json: family(60_000, { is_in_k12_school: true }, { receives_snap: true, school_meal_tier: { '2026-01': null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ '2026-01': 'FREE' });
    expect(res.body.tenet.assumptions.filter((a: { input: string }) => a.input === 'receives_snap')).toEqual([]);
    // 35,600 / 12 = 2,966.67: REDUCED by income in January 2026 (above 2,888). Texas SNAP's broad-based categorical
    // eligibility (gross income at most 165% of the guideline: 2,966.67 is under it for 3) makes the unit SNAP-eligible,
    // which stands in for receipt: FREE, with the inference in tenet.assumptions.
    res = await t.request('POST', PATH, { json: family(35_600, { is_in_k12_school: true }, { school_meal_tier: { '2026-01': null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ '2026-01': 'FREE' });
    const inferred = res.body.tenet.assumptions.find((a: { input: string }) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ entity_group: 'spm_units', entity_id: 'unit', policyengine_variable: 'receives_snap', assumed_value: true });
  });

  it('enrolment not given is taken as PolicyEngine imputes it (5 to 17 in school), and said; a unit with no child of school age and no SNAP receipt is not answered', async () => {
    let res = await t.request('POST', PATH, { json: family(45_000, {}, { receives_snap: false, school_meal_tier: { '2026-01': null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ '2026-01': 'REDUCED' });
    expect(res.body.tenet.warnings.join('\n')).toMatch(/is_in_k12_school was not given for child: taken as in school \(aged 5 to 17\), as PolicyEngine imputes it/);
    // The child is 2: nobody is in school, so the package computes no SNAP eligibility, which could make the unit FREE.
    res = await t.request('POST', PATH, { json: family(45_000, { age: 2 }, { school_meal_tier: { '2026-01': null } }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.school_meal_tier).toEqual({ '2026-01': null });
    expect(reasonOf(res.body, 'school_meal_tier')).toMatch(/REDUCED by income, and SNAP receipt.*Give is_in_k12_school for a child, or receives_snap/);
  });

  it('before the first school year, the dollar values and PolicyEngine\'s intermediates each say why', async () => {
    const res = await t.request('POST', PATH, {
      json: family(45_000, { is_in_k12_school: true, is_runaway_child: true }, { school_meal_fpg_ratio: 1.2, school_meal_tier: { '2024-06': null }, free_school_meals: { 2026: null }, spm_unit_fpg: { 2026: null } }),
      headers: auth(partner),
    });
    expect(res.status).toBe(200);
    expect(reasonOf(res.body, 'school_meal_tier')).toMatch(/before 2024-07, the first month the school meals packages encode/);
    expect(reasonOf(res.body, 'free_school_meals')).toMatch(/^not computed: the school meals packages state eligibility only/);
    expect(reasonOf(res.body, 'spm_unit_fpg')).toMatch(/calendar year/);
    expect(reasonOf(res.body, 'school_meal_fpg_ratio')).toMatch(/intermediate of PolicyEngine's own school meals computation/);
    expect(reasonOf(res.body, 'is_runaway_child')).toMatch(/not to the SPM unit's tier/);
  });
});
