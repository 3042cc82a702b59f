/**
 * The compatibility endpoint speaks the federal EITC and CTC (issue #28 item 6): PolicyEngine's tax-unit variables for
 * a tax year from the packages us/eitc and us/ctc, over the tax unit's members translated by
 * core/domain/compat/tax-unit.ts (docs/compatibility.md, "The EITC and the CTC"). Figures worked by hand below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';

/** A parent of 30 and a child of 7 in Texas, the parent earning `wages` in 2025, one tax unit and one SPM unit. */
function parentAndChild(wages: number, parent: Record<string, unknown> = {}, child: Record<string, unknown> = {}, taxUnit: Record<string, unknown> = {}) {
  return {
    household: {
      people: { parent: { age: 30, employment_income: wages, ...parent }, child: { age: 7, ...child } },
      tax_units: { tu: { members: ['parent', 'child'], ...taxUnit } },
      spm_units: { su: { members: ['parent', 'child'] } },
      households: { home: { members: ['parent', 'child'], state_code: 'TX' } },
    },
  };
}

const CREDITS = ['eitc', 'eitc_eligible', 'eitc_child_count', 'ctc', 'ctc_value', 'non_refundable_ctc', 'refundable_ctc', 'ctc_qualifying_children'];
const requestAll = (year: string): Record<string, unknown> => Object.fromEntries(CREDITS.map((v) => [v, { [year]: null }]));

describe('the EITC and the CTC through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('a single parent of one child earning 30,000 in 2025: the credits worked by hand', async () => {
    // EITC 2025, one child (26 U.S.C. 32(b); docs/tax-credits.md): 34% x 12,730 = 4,328.20 at most; phaseout from
    // 23,350 at 15.98%: 0.1598 x (30,000 - 23,350) = 1,062.67; 4,328.20 - 1,062.67 = 3,265.53.
    // CTC 2025: 2,200 for the child (24(h)(2) as amended); no phaseout below 200,000. Head of household (derived): basic
    // standard deduction 23,625, taxable income 6,375, tax 10% = 637.50, so 637.50 non-refundable; refundable the
    // least of 2,200 - 637.50 = 1,562.50, 1,700 and 15% x (30,000 - 2,500) = 4,125: 1,562.50; value 2,200.
    const body = parentAndChild(30_000, {}, {}, requestAll('2025'));
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.tax_units.tu).toMatchObject({
      eitc: { 2025: 3265.53 }, eitc_eligible: { 2025: true }, eitc_child_count: { 2025: 1 },
      ctc: { 2025: 2200 }, non_refundable_ctc: { 2025: 637.5 }, refundable_ctc: { 2025: 1562.5 }, ctc_value: { 2025: 2200 }, ctc_qualifying_children: { 2025: 1 },
    });
    expect(res.body.tenet.computed).toHaveLength(CREDITS.length);
    // No roles stated: derived as PolicyEngine derives them, and said; the filing status derived: an assumption on the tax unit.
    expect(res.body.tenet.warnings.join('\n')).toMatch(/Tax unit tu: roles not stated for parent, child, taken as PolicyEngine derives them/);
    const status = res.body.tenet.assumptions.find((a: { input: string }) => a.input === 'filing_status');
    expect(status).toMatchObject({ entity_group: 'tax_units', entity_id: 'tu', policyengine_variable: 'filing_status', assumed_value: 'head_of_household' });
    expect(status.message).toMatch(/^Tax unit tu: filing_status not given \(PolicyEngine: filing_status\)/);
    const ssn = res.body.tenet.assumptions.find((a: { input: string; entity_id: string }) => a.input === 'has_valid_ssn' && a.entity_id === 'child');
    expect(ssn).toMatchObject({ entity_group: 'people', policyengine_variable: 'ssn_card_type', assumed_value: true });
    // The State does not enter the federal credits: listed with why.
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_id: string; variable: string; reason: string }) => [`${u.entity_id}.${u.variable}`, u.reason]));
    expect(reasons['home.state_code']).toMatch(/the federal credits do not depend on the State/);
  });

  it('a child without a Social Security number: no EITC child and the $500 credit for other dependents instead', async () => {
    // The child is no qualifying child for the EITC (32(c)(3)(D)) nor the CTC (24(h)(7)); the parent, 30, qualifies for
    // the credit without children, which is fully phased out at 30,000: 7.65% x 8,490 = 649.49 less 7.65% x (30,000 -
    // 10,620) = 1,482.57, so 0. The CTC is the $500 for another dependent (24(h)(4)).
    const body = parentAndChild(30_000, { is_tax_unit_head: true }, { is_tax_unit_dependent: true, ssn_card_type: 'NONE' }, requestAll('2025'));
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.tax_units.tu).toMatchObject({ eitc: { 2025: 0 }, eitc_child_count: { 2025: 0 }, ctc: { 2025: 500 }, ctc_qualifying_children: { 2025: 0 } });
    expect(res.body.tenet.warnings.join('\n')).not.toMatch(/roles not stated/);
  });

  it('a month key, a year the packages do not cover and an input the credits cannot place each say why', async () => {
    const body = parentAndChild(30_000, { social_security: 6_000, is_disabled: true }, {}, { eitc: { '2025-01': null }, ctc: { 2023: null }, ctc_value: { 2025: null } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_id: string; variable: string; period: string | null; reason: string }) => [`${u.entity_id}.${u.variable}.${u.period}`, u.reason]));
    expect(reasons['tu.eitc.2025-01']).toMatch(/tax-unit amount for a tax year: request a YYYY period/);
    expect(reasons['tu.ctc.2023']).toMatch(/^us\/ctc: .*2023-12 is not covered/);
    expect(reasons['parent.social_security.null']).toMatch(/taxable part of Social Security benefits \(26 U\.S\.C\. 86\) is not computed/);
    expect(reasons['parent.is_disabled.null']).toMatch(/is_permanently_and_totally_disabled .* a narrower condition/);
    expect(res.body.result.tax_units.tu.ctc_value).toEqual({ 2025: 2200 });
  });

  it('with SNAP in the same request: inputs SNAP reads are not listed, the tax-unit roles count as read', async () => {
    const body = parentAndChild(30_000, { is_tax_unit_head: true }, { is_tax_unit_dependent: true }, { eitc: { 2025: null } });
    (body.household.spm_units.su as Record<string, unknown>).snap = { '2025-06': null };
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.tax_units.tu.eitc).toEqual({ 2025: 3265.53 });
    expect(typeof res.body.result.spm_units.su.snap['2025-06']).toBe('number');
    expect(res.body.tenet.unsupported.filter((u: { kind: string }) => u.kind === 'input')).toEqual([]);
  });
});
