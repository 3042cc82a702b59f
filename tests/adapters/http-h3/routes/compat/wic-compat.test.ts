/**
 * The compatibility endpoint speaks WIC (issue #27 item 8): is_wic_eligible and wic_category per person (PolicyEngine's
 * people entity) from the State WIC package's person outputs, with PolicyEngine's pregnancy, breastfeeding,
 * nutritional-risk and receipt inputs (docs/compatibility.md, "WIC").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';

/** A pregnant Coloradan and her 2-year-old, earning `wages` a year, with the given extra person variables. */
function motherAndChild(wages: number, mother: Record<string, unknown>, child: Record<string, unknown>, unit: Record<string, unknown> = {}) {
  return {
    household: {
      people: { mother: { age: 28, employment_income: wages, is_pregnant: true, ...mother }, child: { age: 2, ...child } },
      spm_units: { unit: { members: ['mother', 'child'], receives_snap: false, ...unit } },
      households: { home: { members: ['mother', 'child'], state_code: 'CO' } },
    },
  };
}

describe('WIC through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('the pregnant mother passes her own test counting the child she expects; her 2-year-old does not', async () => {
    // Wages 45,000 a year = 3,750 a month. WIC income limits July 2025 - June 2026 (90 FR 11598, 185% of the 2025
    // guidelines, monthly column): 2 people 3,261, 3 people 4,109. The child's household is 2: 3,750 > 3,261, not
    // income-eligible; the mother's own test counts the expected child (7 CFR 246.7(d)(1)), 3: 3,750 <= 4,109.
    // SNAP and Medicaid are stated not received, so neither gives adjunctive income eligibility.
    const body = motherAndChild(45_000, { medicaid_enrolled: false, is_wic_eligible: { '2026-01': null }, wic_category: { '2026-01': null } },
      { medicaid_enrolled: false, is_wic_eligible: { '2026-01': null }, wic_category: { 2026: null } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    const { mother, child } = res.body.result.people;
    expect(mother.is_wic_eligible).toEqual({ '2026-01': true });
    expect(mother.wic_category).toEqual({ '2026-01': 'PREGNANT' });
    expect(child.is_wic_eligible).toEqual({ '2026-01': false });
    // A 2-year-old all year: the same category in every month, so the year key is answered.
    expect(child.wic_category).toEqual({ 2026: 'CHILD' });
    expect(res.body.tenet.package).toEqual({ program_id: 'wic', jurisdiction: 'us-co' });
    // Nutritional risk not given: the package's default (met), as PolicyEngine's, said in tenet.assumptions.
    const risk = res.body.tenet.assumptions.find((a: { input: string; entity_id: string }) => a.input === 'nutritional_risk' && a.entity_id === 'mother');
    expect(risk).toMatchObject({ entity_group: 'people', policyengine_variable: 'is_wic_at_nutritional_risk', assumed_value: true });
    expect(res.body.tenet.unsupported.filter((u: { kind: string }) => u.kind === 'input')).toEqual([]);
  });

  it('Medicaid enrolment makes the child adjunctively income-eligible; no nutritional risk makes the mother ineligible', async () => {
    // The same 3,750 a month: the child on Medicaid is income-eligible without the income test (42 U.S.C.
    // 1786(d)(2)(A)(ii)(II)); the mother stated not at nutritional risk fails 7 CFR 246.7(e).
    const body = motherAndChild(45_000, { medicaid_enrolled: false, is_wic_at_nutritional_risk: false, is_wic_eligible: { '2026-01': null } },
      { medicaid_enrolled: true, is_wic_eligible: { '2026-01': null } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.people.mother.is_wic_eligible).toEqual({ '2026-01': false });
    expect(res.body.result.people.child.is_wic_eligible).toEqual({ '2026-01': true });
  });

  it('a WIC input is reported unread when only SNAP is computed; wic itself and a person in no SPM unit say why', async () => {
    const body = motherAndChild(45_000, { is_breastfeeding: true, wic: { '2026-01': null } }, {}, { snap: { '2026-01': null } });
    (body.household.people as Record<string, Record<string, unknown>>).visitor = { age: 30, is_wic_eligible: { '2026-01': null } };
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_id: string; variable: string; reason: string }) => [`${u.entity_id}.${u.variable}`, u.reason]));
    expect(reasons['mother.is_breastfeeding']).toMatch(/read only when a WIC variable/);
    expect(reasons['mother.wic']).toMatch(/^not computed: the WIC packages state eligibility only/);
    expect(reasons['visitor.is_wic_eligible']).toMatch(/visitor is in no SPM unit/);
  });
});
