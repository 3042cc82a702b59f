/**
 * The compatibility endpoint speaks Lifeline (issue #27): is_lifeline_eligible, is_lifeline_income_eligible and
 * lifeline onto the State's Lifeline package, with PolicyEngine's receipt inputs, Tribal lands and the service prices,
 * and the SNAP link reported in tenet.assumptions when SNAP receipt is not given (docs/compatibility.md, "Lifeline").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';

/** One person in a State with the given person and unit variables (annual amounts, as PolicyEngine gives them). */
function single(state: string, person: Record<string, unknown>, unit: Record<string, unknown>, household: Record<string, unknown> = {}) {
  return {
    household: {
      people: { head: { age: 70, ...person } },
      spm_units: { unit: { members: ['head'], ...unit } },
      households: { home: { members: ['head'], state_code: state, ...household } },
    },
  };
}

describe('Lifeline through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('an elderly Texan over 135% is eligible through the SNAP eligibility computed for the unit, and tenet.assumptions says so', async () => {
    // Social Security 22,800 a year (1,900 a month) > 21,546 (135% of the 2026 guideline for one); SNAP (Texas, March
    // 2026): gross 1,900, standard deduction 209, medical 800 - 35 = 765, adjusted 926; rent 900 less half of 926 =
    // 437 (no cap: elderly), net 489 <= 1,305: eligible. Prices 20 a month for the phone: benefit min(9.25, 20).
    const body = single('TX', { social_security: 22_800, medical_out_of_pocket_expenses: 9_600, rent: 10_800, immigration_status: 'CITIZEN', is_disabled: false },
      { is_lifeline_eligible: { '2026-03': null }, is_lifeline_income_eligible: { '2026-03': null }, lifeline: { '2026-03': null }, phone_cost: 240 });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    const unit = res.body.result.spm_units.unit;
    expect(unit.is_lifeline_eligible).toEqual({ '2026-03': true });
    expect(unit.is_lifeline_income_eligible).toEqual({ '2026-03': false });
    expect(unit.lifeline).toEqual({ '2026-03': 9.25 });
    expect(res.body.tenet.package).toEqual({ program_id: 'lifeline', jurisdiction: 'us-tx' });
    const inferred = res.body.tenet.assumptions.find((a: { input: string }) => a.input === 'receives_snap');
    expect(inferred).toMatchObject({ spm_unit: 'unit', entity_group: 'spm_units', entity_id: 'unit', policyengine_variable: 'receives_snap', assumed_value: true, months: ['2026-03'] });
    expect(inferred.message).toContain('not given (PolicyEngine: receives_snap), assumed true, inferred from lifeline_snap_eligibility_computed');
    expect(inferred.message).toContain('Give spm_units.unit.receives_snap to confirm or correct it.');
    expect(res.body.tenet.unsupported).toEqual([]);

    // Stated receipt (false): no inference, not eligible.
    const stated = await t.request('POST', PATH, { json: single('TX', { social_security: 22_800, medical_out_of_pocket_expenses: 9_600, rent: 10_800 }, { is_lifeline_eligible: { '2026-03': null }, receives_snap: false }), headers: auth(partner) });
    expect(stated.body.result.spm_units.unit.is_lifeline_eligible).toEqual({ '2026-03': false });
    expect(stated.body.tenet.assumptions.some((a: { input: string }) => a.input === 'receives_snap')).toBe(false);
    // Medicaid receipt is the household's fact, given on the member who has it.
    const medicaid = stated.body.tenet.assumptions.find((a: { input: string }) => a.input === 'receives_medicaid');
    expect(medicaid).toMatchObject({ policyengine_variable: 'medicaid_enrolled', entity_group: 'spm_units' });
    expect(medicaid.message).toContain('Give medicaid_enrolled on the member who receives it (people.<id>.medicaid_enrolled)');
    const enrolled = await t.request('POST', PATH, { json: single('TX', { social_security: 22_800, medicaid_enrolled: true }, { is_lifeline_eligible: { '2026-03': null }, receives_snap: false }), headers: auth(partner) });
    expect(enrolled.body.result.spm_units.unit.is_lifeline_eligible).toEqual({ '2026-03': true });
  });

  it('a year key: lifeline is the sum of the months; is_lifeline_eligible only when every month agrees', async () => {
    // One person earning 21,480 (1,790 a month) in Colorado, SNAP and Medicaid stated not received (not given, Medicaid
    // receipt would be read from her Medicaid eligibility: 138% of 15,960 = 22,024.80 >= 21,480, eligible every month).
    // 2025 guideline until USAC's 2026-02-25 switch: 21,127.50 < 21,480 (January, February not eligible); 2026: 21,546
    // (March-December eligible). No price given: PolicyEngine's prices default to 0, so lifeline is 0 there and here.
    const body = single('CO', { age: 30, employment_income: 21_480, medicaid_enrolled: false }, { is_lifeline_eligible: { 2026: null }, lifeline: { 2026: null }, broadband_cost: 600, receives_snap: false });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.spm_units.unit.lifeline).toEqual({ 2026: 92.5 }); // 10 months x 9.25 (broadband 50 a month)
    expect(res.body.result.spm_units.unit.is_lifeline_eligible).toEqual({ 2026: null });
    const reason = res.body.tenet.unsupported.find((u: { variable: string }) => u.variable === 'is_lifeline_eligible').reason;
    expect(reason).toContain('is_lifeline_eligible differs between the months of 2026 (false in 2026-01, 2026-02; true in the others)');
    expect(res.body.tenet.warnings.join(' ')).toContain('PolicyEngine difference (Lifeline guideline year): for 2026-01 PolicyEngine uses the 2026 poverty guidelines');
  });

  it('Tribal lands and FDPIR; no price given gives 0 as in PolicyEngine; is_rural is not read', async () => {
    const body = single('OK', { age: 40, employment_income: 30_000 }, { is_lifeline_eligible: { '2026-06': null }, lifeline: { '2026-06': null }, fdpir: 1_200, receives_snap: false },
      { is_on_tribal_land: true, is_rural: true });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    const unit = res.body.result.spm_units.unit;
    expect(unit.is_lifeline_eligible).toEqual({ '2026-06': true });
    expect(unit.lifeline).toEqual({ '2026-06': 0 });
    expect(res.body.tenet.warnings.join(' ')).toContain('neither phone_cost nor broadband_cost was given, so lifeline is 0 as in PolicyEngine');
    expect(res.body.tenet.unsupported).toContainEqual(expect.objectContaining({ kind: 'input', variable: 'is_rural', reason: expect.stringContaining('no rural condition') }));
    // With a price: 9.25 + 25 = 34.25 (47 CFR 54.403(a)(3)), under the 50 a month given.
    body.household.spm_units.unit = { ...body.household.spm_units.unit, phone_cost: 600 } as never;
    const priced = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(priced.body.result.spm_units.unit.lifeline).toEqual({ '2026-06': 34.25 });
  });

  it('a Lifeline input in a SNAP-only request is listed as not used, with why', async () => {
    const body = single('CO', { age: 30, employment_income: 12_000, medicaid_enrolled: true }, { snap: { '2026-03': null } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.body.tenet.unsupported).toContainEqual(expect.objectContaining({ kind: 'input', variable: 'medicaid_enrolled', reason: expect.stringContaining('read only when a Lifeline variable') }));
  });
});
