import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompatSuccessSchema } from '../../../../../core/api/schemas/compat.js';
import type { Calculator, ExecutablePackage } from '../../../../../core/ports/calculator.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, ordinary, partner } from './support.js';

const PATH = '/v1/household/us/calculate';

/** Colorado's package sample household (docs: rules/programs/us-co/snap/fy-2026.yaml), in the external wire format. */
function coloradoWorker(request: Record<string, unknown>, state: Record<string, unknown> = { state_code: { 2026: 'CO' } }) {
  return {
    household: {
      people: {
        parent: { age: { 2026: 34 }, employment_income: { 2026: 24_000 }, rent: { 2026: 10_800 } },
        child_1: { age: { 2026: 9 } },
        child_2: { age: { 2026: 6 } },
      },
      spm_units: { unit: { members: ['parent', 'child_1', 'child_2'], snap_utility_allowance_type: { '2026-01': 'SUA' }, ...request } },
      households: { home: { members: ['parent', 'child_1', 'child_2'], ...state } },
    },
  };
}

describe('POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('200: fills monthly SNAP values for the SPM unit, lists them in tenet.computed, keeps the request shape', async () => {
    const body = coloradoWorker({
      snap: { '2026-01': null },
      is_snap_eligible: { '2026-01': null },
      snap_gross_income: { '2026-01': null },
      snap_net_income: { '2026-01': null },
      snap_standard_deduction: { '2026-01': null },
      snap_excess_shelter_expense_deduction: { '2026-01': null },
      snap_max_allotment: { '2026-01': null },
    });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.message).toBeNull();
    const unit = res.body.result.spm_units.unit;
    expect(unit.snap).toEqual({ '2026-01': 590 });
    expect(unit.is_snap_eligible).toEqual({ '2026-01': true });
    expect(unit.snap_gross_income).toEqual({ '2026-01': 2000 });
    expect(unit.snap_net_income).toEqual({ '2026-01': 647 });
    expect(unit.snap_standard_deduction).toEqual({ '2026-01': 209 });
    expect(unit.snap_excess_shelter_expense_deduction).toEqual({ '2026-01': 744 });
    expect(unit.snap_max_allotment).toEqual({ '2026-01': 785 });
    expect(res.body.result.people).toEqual(body.household.people);
    const tenet = res.body.tenet;
    expect(tenet).toMatchObject({ engine: 'tenet-rulespec', jurisdiction: 'us-co', package: { program_id: 'snap', jurisdiction: 'us-co' }, period: '2026-01', unsupported: [] });
    expect(tenet.runtime.mode).toBe('compiled');
    expect(tenet.request_id).toBe(res.headers.get('x-request-id'));
    expect(tenet.computed).toContainEqual({ entity_group: 'spm_units', entity_id: 'unit', variable: 'snap', period: '2026-01', value: 590 });
    expect(tenet.computed).toHaveLength(7);
    expect(tenet.warnings[0]).toMatch(/experimental/i);
  });

  it('200: a bare-year key returns the annual total of the twelve months', async () => {
    const body = coloradoWorker({ snap: { 2026: null } });
    body.household.spm_units.unit.snap_utility_allowance_type = { 2026: 'SUA' } as never;
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    // January-September 2026 are FY2026 months ($590 each). October-December are FY2027 months: 2,000 - 400 - 217 =
    // 1,383; shelter 900 + Colorado's SUA less half of 1,383 is above the 769 cap, so net 1,383 - 769 = 614; 30% =
    // 184.20, up to 185; 808 - 185 = 623.
    expect(res.body.result.spm_units.unit.snap).toEqual({ 2026: 590 * 9 + 623 * 3 });
    // Every month is encoded (FY2026 and FY2027): no carried-forward warning; Colorado's FY2027 SUA (its FY2026 figure
    // kept, no FY2027 figure found) is named as unverified.
    expect(res.body.tenet.warnings.some((w: string) => /carried forward/.test(w))).toBe(false);
    expect(res.body.tenet.warnings.some((w: string) => w.startsWith('Unverified figure used') && w.includes('(version from 2026-10-01)'))).toBe(true);
  });

  it('200: reads the State from state_name too', async () => {
    const res = await t.request('POST', PATH, { json: coloradoWorker({ snap: { '2026-01': null } }, { state_name: 'Colorado' }), headers: auth(partner) });
    expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
  });

  it('200: wages given as employment_income_before_lsr (the wage itself) compute the same allotment', async () => {
    const body = coloradoWorker({ snap: { '2026-01': null } });
    const parent = body.household.people.parent as Record<string, unknown>;
    parent.employment_income_before_lsr = parent.employment_income;
    delete parent.employment_income;
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
    expect(res.body.tenet.unsupported).toEqual([]);
  });

  it('200: the PolicyEngine inputs the review found dropped are all used (none in tenet.unsupported)', async () => {
    const household = {
      people: {
        adult: { age: { 2026: 40 }, employment_income_before_lsr: { 2026: 18_000 }, self_employment_income_before_lsr: { 2026: 6000 }, is_blind: { 2026: true }, immigration_status_str: { 2026: 'CITIZEN' }, is_full_time_college_student: { 2026: false } },
        partner: { age: { 2026: 38 }, immigration_status: { 2026: 'UNDOCUMENTED' }, meets_snap_general_work_requirements: { '2026-01': true } },
        child: { age: { 2026: 4 } },
      },
      spm_units: {
        unit: {
          members: ['adult', 'partner', 'child'],
          phone_cost: { 2026: 600 }, pre_subsidy_electricity_expense: { 2026: 1200 }, spm_unit_pre_subsidy_childcare_expenses: { 2026: 2400 },
          spm_unit_cash_assets: { 2026: 1500 }, mortgage_payments: { 2026: 9600 }, snap: { '2026-01': null }, snap_unit_size: { '2026-01': null },
        },
      },
      households: { home: { members: ['adult', 'partner', 'child'], state_code: { 2026: 'TX' } } },
    };
    const res = await t.request('POST', PATH, { json: { household }, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.tenet.unsupported).toEqual([]);
    // The undocumented partner is excluded (7 CFR 273.4): a SNAP household of 2.
    expect(res.body.result.spm_units.unit.snap_unit_size).toEqual({ '2026-01': 2 });
    expect(typeof res.body.result.spm_units.unit.snap['2026-01']).toBe('number');
  });

  it('200: every input not used is in tenet.unsupported (kind input) with the reason, and a warning says so', async () => {
    const body = coloradoWorker({ snap: { '2026-01': null }, snap_gross_income: { '2026-01': null }, snap_net_income_pre_shelter: { 2026: 1000 } });
    Object.assign(body.household.people.child_1 as Record<string, unknown>, { is_tax_unit_dependent: { 2026: true } });
    Object.assign(body.household.spm_units.unit as Record<string, unknown>, { electricity_expense: { 2026: 1200 } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    // Spec fields are unchanged: the values asked for are computed and message is null.
    expect(res.body.message).toBeNull();
    expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
    expect(res.body.result.spm_units.unit.snap_net_income_pre_shelter).toEqual({ 2026: 1000 });
    expect(res.body.tenet.unsupported).toEqual([
      { kind: 'input', entity_group: 'people', entity_id: 'child_1', variable: 'is_tax_unit_dependent', period: null, reason: expect.stringMatching(/^ignored: tax-unit roles/) },
      { kind: 'input', entity_group: 'spm_units', entity_id: 'unit', variable: 'snap_net_income_pre_shelter', period: null, reason: expect.stringMatching(/^ignored: an intermediate/) },
      { kind: 'input', entity_group: 'spm_units', entity_id: 'unit', variable: 'electricity_expense', period: null, reason: expect.stringMatching(/snap_utility_allowance_type is given/) },
    ]);
    expect(res.body.tenet.warnings).toContain('3 input value(s) of the household were not used: see tenet.unsupported (kind "input") for each and why.');
  });

  it('200: an input given only for a period not computed is listed as not used', async () => {
    const body = coloradoWorker({ snap: { '2026-01': null } });
    Object.assign(body.household.people.parent as Record<string, unknown>, { child_support_expense: { 2024: 1200 } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
    expect(res.body.tenet.unsupported).toEqual([
      { kind: 'input', entity_group: 'people', entity_id: 'parent', variable: 'child_support_expense', period: null, reason: expect.stringMatching(/no value for the month\(s\) computed/) },
    ]);
  });

  it('200: the documented PolicyEngine difference that applies is named in the warnings', async () => {
    const body = coloradoWorker({ snap: { '2026-11': null } });
    body.household.spm_units.unit.snap_utility_allowance_type = { '2026-11': 'SUA' } as never;
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    const warnings: string[] = res.body.tenet.warnings;
    expect(warnings.some((w) => w.startsWith('PolicyEngine difference (FY2027 figures)'))).toBe(true);
    // Two children and no tanf given: PolicyEngine would compute TANF and count it.
    expect(warnings.some((w) => w.startsWith('PolicyEngine difference (other programs)') && /TANF/.test(w))).toBe(true);
  });

  it('200: heat-and-eat: a Colorado household without an elderly or disabled member is told why PolicyEngine gives the SUA', async () => {
    const body = coloradoWorker({ snap: { '2026-01': null } });
    const unit = body.household.spm_units.unit as Record<string, unknown>;
    delete unit.snap_utility_allowance_type;
    Object.assign(unit, { electricity_expense: { 2026: 1200 }, water_expense: { 2026: 600 } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.body.tenet.warnings.some((w: string) => w.startsWith('PolicyEngine difference (heat-and-eat): CO'))).toBe(true);
    // Before Pub. L. 119-21 sec. 10103 (in force on enactment, 2025-07-04) energy assistance gave every household the SUA.
    const before = coloradoWorker({ snap: { '2025-06': null } });
    const unitBefore = before.household.spm_units.unit as Record<string, unknown>;
    delete unitBefore.snap_utility_allowance_type;
    Object.assign(unitBefore, { electricity_expense: { 2025: 1200 }, water_expense: { 2025: 600 } });
    (before.household.households.home as Record<string, unknown>).state_code = { 2025: 'CO' };
    const early = await t.request('POST', PATH, { json: before, headers: auth(partner) });
    expect(early.body.tenet.warnings.some((w: string) => w.includes('heat-and-eat'))).toBe(false);
  });

  it('200: IUA (one utility other than the telephone) is the package\'s single_utility, with the utility from its expense', async () => {
    // Michigan's individual standard for water/sewer is $119 from 2025-10-01 (MDHHS RFT 255).
    const body = coloradoWorker({ snap_utility_allowance: { '2026-01': null }, snap_utility_allowance_type: { '2026-01': 'IUA' }, water_expense: { 2026: 600 } }, { state_code: { 2026: 'MI' } });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.spm_units.unit.snap_utility_allowance['2026-01']).toBe(119);
    expect(res.body.tenet.unsupported).toEqual([]);
    expect(res.body.tenet.warnings.some((w: string) => w.startsWith('PolicyEngine difference (individual utility allowance)'))).toBe(true);
    // Inferred without a stated type: trash alone in Delaware, whose one standard ($102) covers any single utility.
    const de = coloradoWorker({ snap_utility_allowance: { '2026-01': null }, trash_expense: { 2026: 240 } }, { state_code: { 2026: 'DE' } });
    delete (de.household.spm_units.unit as Record<string, unknown>).snap_utility_allowance_type;
    const res2 = await t.request('POST', PATH, { json: de, headers: auth(partner) });
    expect(res2.body.result.spm_units.unit.snap_utility_allowance['2026-01']).toBe(102);
  });

  it('200: uncovered values keep null and are listed with the reason', async () => {
    const body = coloradoWorker({ snap: { '2026-01': null }, wic: { '2026-01': null }, is_snap_eligible: { 2026: null }, constructor: { '2026-01': null } });
    (body.household.people.parent as Record<string, unknown>).snap = { '2026-01': null };
    (body.household.spm_units.unit as Record<string, unknown>).snap_net_income = { '2022-01': null };
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(res.body.result.spm_units.unit.wic).toEqual({ '2026-01': null });
    expect(res.body.result.people.parent.snap).toEqual({ '2026-01': null });
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_group: string; variable: string; reason: string }) => [`${u.entity_group}.${u.variable}`, u.reason]));
    // wic is a program Tenet encodes without a dollar value: the reason says so rather than "no mapping".
    expect(reasons['spm_units.wic']).toMatch(/^not computed: the WIC packages state eligibility only/);
    expect(reasons['spm_units.constructor']).toMatch(/no mapping/);
    expect(reasons['people.snap']).toMatch(/computed for spm_units/);
    expect(reasons['spm_units.is_snap_eligible']).toMatch(/per month/);
    expect(reasons['spm_units.snap_net_income']).toMatch(/before 2023-10/);
    expect(res.body.message).toMatch(/^5 of 6 requested/);
    expect(res.body.tenet.period).toBeNull();
  });

  it('200: no state, or a State without a package, is reported per value', async () => {
    const noState = await t.request('POST', PATH, { json: coloradoWorker({ snap: { '2026-01': null } }, {}), headers: auth(partner) });
    expect(noState.status).toBe(200);
    expect(noState.body.result.spm_units.unit.snap).toEqual({ '2026-01': null });
    expect(noState.body.tenet.unsupported[0].reason).toMatch(/no state/);
    const pr = await t.request('POST', PATH, { json: coloradoWorker({ snap: { '2026-01': null } }, { state_code: 'PR' }), headers: auth(partner) });
    expect(pr.body.tenet.unsupported[0].reason).toBe('no executable SNAP package for us-pr');
    expect(pr.body.tenet.package).toBeNull();
  });

  describe('tenet.assumptions: the material defaults relied on, in the PolicyEngine household\'s terms', () => {
    type Entry = { spm_unit: string; entity_group: string; entity_id: string; policyengine_variable: string | null; input: string; months: string[]; message: string };
    /** Every material person fact of the Colorado household stated, the PolicyEngine way, except those in `leave`. */
    function stated(request: Record<string, unknown>, leave: Record<string, string[]> = {}) {
      const body = coloradoWorker(request);
      const facts: Record<string, Record<string, unknown>> = {
        parent: { immigration_status: { 2026: 'CITIZEN' }, is_disabled: { 2026: false }, is_full_time_college_student: { 2026: false }, meets_snap_abawd_work_requirements: { '2026-01': true }, meets_snap_general_work_requirements: { '2026-01': true } },
        child_1: { immigration_status: { 2026: 'CITIZEN' }, is_disabled: { 2026: false } },
        child_2: { immigration_status: { 2026: 'CITIZEN' }, is_disabled: { 2026: false } },
      };
      for (const [id, person] of Object.entries(body.household.people)) {
        for (const [name, value] of Object.entries(facts[id])) if (!(leave[id] ?? []).includes(name)) (person as Record<string, unknown>)[name] = value;
      }
      return body;
    }
    /** The assumptions warnings, and the count the (single) one states. */
    function warned(tenet: { warnings: string[] }): { texts: string[]; count: number | null } {
      const texts = tenet.warnings.filter((w) => w.startsWith('This result relies on'));
      const match = texts.length === 1 ? /^This result relies on (\d+) default/.exec(texts[0]) : null;
      return { texts, count: match === null ? null : Number(match[1]) };
    }

    it('a person without an immigration status is named by the request\'s id with the PolicyEngine variable to give', async () => {
      const res = await t.request('POST', PATH, { json: stated({ snap: { '2026-01': null } }, { child_2: ['immigration_status'] }), headers: auth(partner) });
      expect(res.status).toBe(200);
      expect(() => v.parse(CompatSuccessSchema, res.body)).not.toThrow();
      expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
      expect(res.body.tenet.assumptions).toEqual([
        {
          spm_unit: 'unit', entity_group: 'people', entity_id: 'child_2', policyengine_variable: 'immigration_status',
          input: 'citizenship_status', entity: 'Person', assumed_value: 'citizen', months: ['2026-01'],
          message: expect.stringMatching(/^Person child_2: citizenship_status not given \(PolicyEngine: immigration_status\), assumed "citizen"; it matters because .*7 CFR 273\.4\)\. Give people\.child_2\.immigration_status to confirm or correct it\.$/),
        },
      ]);
      // The words agree with the field: one default, named, and the field it points to exists.
      const { texts, count } = warned(res.body.tenet);
      expect(count).toBe(1);
      expect(texts[0]).toBe('This result relies on 1 default for facts not given that could change it (child_2.citizenship_status = "citizen"); see tenet.assumptions for each and where to give it.');
      // Spec fields are unchanged.
      expect(res.body.message).toBeNull();
      expect(res.body.tenet.unsupported).toEqual([]);
    });

    it('a household that states every material fact gets none, and no assumptions warning', async () => {
      const res = await t.request('POST', PATH, { json: stated({ snap: { '2026-01': null } }), headers: auth(partner) });
      expect(res.status).toBe(200);
      expect(res.body.result.spm_units.unit.snap).toEqual({ '2026-01': 590 });
      expect(res.body.tenet.assumptions).toEqual([]);
      expect(warned(res.body.tenet).texts).toEqual([]);
      expect(() => v.parse(CompatSuccessSchema, res.body)).not.toThrow();
    });

    it('a flag given with its other value (not a student, meets the work requirements) states the fact: only the facts left out remain', async () => {
      const res = await t.request('POST', PATH, { json: stated({ snap: { '2026-01': null } }, { parent: ['is_disabled'], child_1: ['is_disabled'] }), headers: auth(partner) });
      const entries = res.body.tenet.assumptions as Entry[];
      expect(entries.map((a) => [a.entity_id, a.input, a.policyengine_variable])).toEqual([['parent', 'is_disabled', 'is_disabled'], ['child_1', 'is_disabled', 'is_disabled']]);
      expect(warned(res.body.tenet).count).toBe(2);
    });

    it('nothing stated: each person and fact once, the warning counts the entries; a year key lists the twelve months once', async () => {
      for (const [request, months] of [[{ snap: { '2026-01': null } }, ['2026-01']], [{ snap: { 2026: null } }, Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)]] as const) {
        const body = coloradoWorker(request);
        if (months.length === 12) body.household.spm_units.unit.snap_utility_allowance_type = { 2026: 'SUA' } as never;
        const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
        expect(res.status).toBe(200);
        expect(() => v.parse(CompatSuccessSchema, res.body)).not.toThrow();
        const entries = res.body.tenet.assumptions as Entry[];
        expect(entries.map((a) => `${a.entity_id}.${a.input}`)).toEqual([
          'parent.abawd_time_limit_exhausted', 'parent.citizenship_status', 'parent.is_disabled', 'parent.is_higher_ed_student', 'parent.work_rule_disqualified',
          'child_1.citizenship_status', 'child_1.is_disabled', 'child_2.citizenship_status', 'child_2.is_disabled',
        ]);
        expect(entries.filter((a) => a.input === 'citizenship_status').map((a) => [a.entity_group, a.entity_id, a.policyengine_variable])).toEqual([
          ['people', 'parent', 'immigration_status'], ['people', 'child_1', 'immigration_status'], ['people', 'child_2', 'immigration_status'],
        ]);
        for (const a of entries) {
          expect(a.spm_unit).toBe('unit');
          expect(a.months).toEqual(months);
          expect(a.message).toMatch(new RegExp(`Give people\\.${a.entity_id}\\.${a.policyengine_variable} to confirm or correct it\\.$`));
          expect(a.message).not.toMatch(/household\.people/);
        }
        const { texts, count } = warned(res.body.tenet);
        expect(texts).toHaveLength(1);
        expect(count).toBe(entries.length);
      }
    });

    it('facts of the SNAP household are given on the SPM unit or household entity by its id; a fact PolicyEngine has none for says so', async () => {
      const person = { age: 40, employment_income: 30_000, immigration_status: 'CITIZEN', is_disabled: false, is_full_time_college_student: false, meets_snap_abawd_work_requirements: true, meets_snap_general_work_requirements: true };
      // Texas keeps an asset limit under its BBCE that counts vehicles: resources and vehicles are material.
      const household = (unit: Record<string, unknown>, home: Record<string, unknown> = {}) => ({
        people: { ana: person }, spm_units: { su_a: { members: ['ana'], snap: { '2026-01': null }, ...unit } }, households: { casa: { members: ['ana'], state_code: 'TX', ...home } },
      });
      const res = await t.request('POST', PATH, { json: { household: household({}) }, headers: auth(partner) });
      expect(res.status).toBe(200);
      expect(() => v.parse(CompatSuccessSchema, res.body)).not.toThrow();
      const where = (entries: Entry[]) => Object.fromEntries(entries.map((a) => [a.input, [a.spm_unit, a.entity_group, a.entity_id, a.policyengine_variable]]));
      expect(where(res.body.tenet.assumptions)).toEqual({
        countable_resources: ['su_a', 'spm_units', 'su_a', 'snap_assets'],
        vehicle_fair_market_value: ['su_a', 'households', 'casa', 'household_vehicles_value'],
        second_vehicle_fair_market_value: ['su_a', 'spm_units', 'su_a', null],
        third_vehicle_fair_market_value: ['su_a', 'spm_units', 'su_a', null],
      });
      const messages = Object.fromEntries((res.body.tenet.assumptions as Entry[]).map((a) => [a.input, a.message]));
      expect(messages.countable_resources).toMatch(/^SPM unit su_a: countable_resources not given \(PolicyEngine: snap_assets\), assumed 0; .*Give spm_units\.su_a\.snap_assets to confirm or correct it\.$/);
      expect(messages.vehicle_fair_market_value).toMatch(/Give households\.casa\.household_vehicles_value to confirm or correct it\.$/);
      expect(messages.second_vehicle_fair_market_value).toMatch(/PolicyEngine has no variable for it that this endpoint reads: give household\.facts\.second_vehicle_fair_market_value through POST \/v1\/calculate to confirm or correct it\.$/);
      expect(warned(res.body.tenet).count).toBe(4);
      // Given, they go; the facts PolicyEngine has no variable for remain.
      const given = await t.request('POST', PATH, { json: { household: household({ snap_assets: 1000 }, { household_vehicles_value: 3000 }) }, headers: auth(partner) });
      expect((given.body.tenet.assumptions as Entry[]).map((a) => a.input)).toEqual(['second_vehicle_fair_market_value', 'third_vehicle_fair_market_value']);
      expect(warned(given.body.tenet).count).toBe(2);
    });

    it('the head of household\'s work-rule fact (no PolicyEngine counterpart) is reported with a null variable on the SPM unit', async () => {
      const body = stated({ snap: { '2026-01': null }, tanf: { 2026: 1200 } });
      Object.assign(body.household.people.parent as Record<string, unknown>, { meets_snap_general_work_requirements: { '2026-01': false } });
      const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
      expect(res.body.tenet.assumptions).toEqual([
        expect.objectContaining({ spm_unit: 'unit', entity_group: 'spm_units', entity_id: 'unit', policyengine_variable: null, input: 'head_of_household_work_rule_disqualified', entity: 'Household', assumed_value: false }),
      ]);
    });

    it('several SPM units: each entry names the unit whose calculation relied on it', async () => {
      const ana = { age: 40, employment_income: 30_000, immigration_status: 'CITIZEN', is_disabled: false, is_full_time_college_student: false, meets_snap_abawd_work_requirements: true, meets_snap_general_work_requirements: true };
      const household = {
        people: { ana, ben: { age: 70 } },
        spm_units: { su_a: { members: ['ana'], snap: { '2026-01': null } }, su_b: { members: ['ben'], snap: { '2026-01': null } } },
        households: { casa: { members: ['ana', 'ben'], state_code: 'CO' } },
      };
      const res = await t.request('POST', PATH, { json: { household }, headers: auth(partner) });
      expect((res.body.tenet.assumptions as Entry[]).map((a) => [a.spm_unit, a.entity_group, a.entity_id, a.input])).toEqual([
        ['su_b', 'people', 'ben', 'citizenship_status'], ['su_b', 'people', 'ben', 'is_disabled'],
      ]);
      expect(warned(res.body.tenet).count).toBe(2);
    });
  });

  it('400 in the compatibility shape: country, axes, malformed JSON, missing household, bad structure, invalid household', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['/v1/household/uk/calculate', coloradoWorker({}), /country_id/],
      [PATH, { ...coloradoWorker({}), axes: [[{ name: 'employment_income', min: 0, max: 1, count: 2 }]] }, /axes/],
      [PATH, { household: { ...coloradoWorker({}).household, axes: [] } }, /axes/],
      [PATH, {}, /household/],
      [PATH, { household: { benefit_units: {} } }, /unknown entity group/],
      [PATH, { household: { people: { a: { age: [1] } } } }, /age/],
      [PATH, { household: { people: { a: {} }, spm_units: { u: { members: ['b'] } } } }, /not in people/],
    ];
    for (const [path, json, message] of cases) {
      const res = await t.request('POST', path, { json, headers: auth(partner) });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', result: null });
      expect(res.body.message).toMatch(message);
      expect(res.body.tenet.request_id).toBe(res.headers.get('x-request-id'));
    }
    const malformed = await t.request('POST', PATH, { body: '{"household":', headers: { ...auth(partner), 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/malformed JSON/);
    const negative = coloradoWorker({ snap: { '2026-01': null } });
    negative.household.people.parent.employment_income = { 2026: -100 };
    const invalid = await t.request('POST', PATH, { json: negative, headers: auth(partner) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/negative/);
    const badType = coloradoWorker({ snap: { '2026-01': null } });
    (badType.household.people.parent as Record<string, unknown>).employment_income = { 2026: '24000' };
    const typed = await t.request('POST', PATH, { json: badType, headers: auth(partner) });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toMatch(/employment_income: must be a number/);
  });

  it('400 unsupported_parameter for as_of, in the standard envelope (refused by the platform)', async () => {
    const res = await t.request('POST', `${PATH}?as_of=2026-01-01`, { json: coloradoWorker({}), headers: auth(partner) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_parameter');
  });

  it('401 and 403 in the standard envelope: no key, an ordinary key, a trial key', async () => {
    const none = await t.request('POST', PATH, { json: coloradoWorker({}) });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const plain = await t.request('POST', PATH, { json: coloradoWorker({}), headers: auth(ordinary) });
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toMatch(/compat:external/);
    const trial = await t.request('POST', '/v1/keys/trial', { json: {} });
    expect(trial.status).toBe(201);
    const withTrial = await t.request('POST', PATH, { json: coloradoWorker({}), headers: { 'x-api-key': trial.body.data.key } });
    expect(withTrial.status).toBe(403);
    expect(withTrial.body.error.code).toBe('insufficient_scope');
  });
});

describe('POST /v1/household/us/calculate without packages or with a failing engine', () => {
  let empty: TestApp;
  let failing: TestApp;
  beforeAll(async () => {
    const runtime = await bundledRuntime();
    const co = runtime.find('snap', 'us-co')!;
    const broken: ExecutablePackage = { ...co, execute: async () => Promise.reject(new Error('engine exploded')) };
    const brokenRuntime: Calculator = { id: 'broken', mode: 'compiled', find: (p, j) => (p === 'snap' && j === 'us-co' ? broken : undefined), packages: () => [broken] };
    empty = await compatApp([], { MAX_BODY_BYTES: '2000' });
    failing = await compatApp([brokenRuntime]);
  }, 120_000);
  afterAll(async () => {
    await empty.close();
    await failing.close();
  });

  it('422 when no SNAP package is executable', async () => {
    const res = await empty.request('POST', PATH, { json: coloradoWorker({ snap: { '2026-01': null } }), headers: auth(partner) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 'error', result: null });
  });

  it('502 when the engine fails', async () => {
    const res = await failing.request('POST', PATH, { json: coloradoWorker({ snap: { '2026-01': null } }), headers: auth(partner) });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/engine/);
  });

  it('413 in the standard envelope for an oversized body', async () => {
    const res = await empty.request('POST', PATH, { json: { household: { people: { a: { note: 'x'.repeat(3000) } } } }, headers: auth(partner) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});
