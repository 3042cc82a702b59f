/**
 * The compatibility endpoint speaks Head Start (issue #27 item 8): a person's is_head_start_eligible,
 * is_early_head_start_eligible, is_head_start_income_eligible and is_head_start_categorically_eligible from the State
 * Head Start package, with PolicyEngine's pregnancy, foster care, homelessness, income and receipt inputs
 * (docs/compatibility.md, "Head Start"). Hand-worked against the 2026 HHS poverty guidelines (91 FR 1797): 15,960 for
 * one person and 5,680 for each additional person, so 21,640 for 2, 27,320 for 3, 33,000 for 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, compatApp, partner } from './support.js';

const PATH = '/v1/household/us/calculate';
const ASK = { is_head_start_eligible: { '2026-03': null }, is_early_head_start_eligible: { '2026-03': null }, is_head_start_income_eligible: { '2026-03': null }, is_head_start_categorically_eligible: { '2026-03': null } };

/** Every Head Start variable asked for March 2026, besides the periods the person already asks. */
const asked = (p: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(ASK).map(([v, periods]) => [v, { ...periods, ...(p[v] as Record<string, null> | undefined) }]));

/** A Texan family: `people` by id (each asked every Head Start variable for March 2026), `unit` SPM unit variables. */
function family(people: Record<string, Record<string, unknown>>, unit: Record<string, unknown> = {}, home: Record<string, unknown> = {}) {
  const ids = Object.keys(people);
  return {
    household: {
      people: Object.fromEntries(Object.entries(people).map(([id, p]) => [id, { ...p, ...asked(p) }])),
      spm_units: { unit: { members: ids, ...unit } },
      households: { home: { members: ids, state_code: 'TX', ...home } },
    },
  };
}

type Answers = Record<string, Record<string, Record<string, unknown>>>;
/** Each person's March 2026 answers, by PolicyEngine variable. */
function answers(result: { people: Answers }): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(result.people).map(([id, p]) => [id, Object.fromEntries(Object.keys(ASK).map((v) => [v, p[v]['2026-03']]))]));
}

describe('Head Start through POST /v1/household/{country_id}/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await compatApp([await bundledRuntime()]);
  }, 120_000);
  afterAll(() => t.close());

  it('a family of 2 at the guideline is income-eligible, one dollar above it is not', async () => {
    // 21,640 a year: 1,803.33 a month x 12 = 21,640 <= 21,640 (100% of the guideline, 45 CFR 1302.12(c)(1)(i)).
    let res = await t.request('POST', PATH, { json: family({ parent: { age: 30, employment_income: 21_640 }, child: { age: 4 } }, { receives_snap: false }), headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(answers(res.body.result)).toEqual({
      parent: { is_head_start_eligible: false, is_early_head_start_eligible: false, is_head_start_income_eligible: true, is_head_start_categorically_eligible: false },
      child: { is_head_start_eligible: true, is_early_head_start_eligible: false, is_head_start_income_eligible: true, is_head_start_categorically_eligible: false },
    });
    expect(res.body.tenet.package).toEqual({ program_id: 'head_start', jurisdiction: 'us-tx' });
    expect(res.body.tenet.unsupported).toEqual([]);
    // 21,641 > 21,640, SNAP stated not received: nobody qualifies.
    res = await t.request('POST', PATH, { json: family({ parent: { age: 30, employment_income: 21_641 }, child: { age: 4 } }, { receives_snap: false }), headers: auth(partner) });
    expect(answers(res.body.result).child).toEqual({ is_head_start_eligible: false, is_early_head_start_eligible: false, is_head_start_income_eligible: false, is_head_start_categorically_eligible: false });
  });

  it('a foster child is eligible by their own category; TANF makes the family qualify, a pregnant mother and a baby for Early Head Start', async () => {
    // 40,000 for 4 people > 33,000: not income-eligible; SNAP stated not received.
    const people = { mother: { age: 29, employment_income: 40_000, is_pregnant: true }, baby: { age: 1 }, kid: { age: 4, was_in_foster_care: true }, big: { age: 7 } };
    let res = await t.request('POST', PATH, { json: family(people, { receives_snap: false }), headers: auth(partner) });
    let got = answers(res.body.result);
    expect(got.kid).toMatchObject({ is_head_start_eligible: true, is_head_start_categorically_eligible: true });
    expect(got.baby).toMatchObject({ is_early_head_start_eligible: false, is_head_start_categorically_eligible: false });
    expect(got.mother).toMatchObject({ is_early_head_start_eligible: false });
    expect(got.big).toMatchObject({ is_head_start_eligible: false, is_early_head_start_eligible: false });
    // was_in_foster_care no longer exempts from SNAP's time limit (Pub. L. 119-21 sec. 10102) but Head Start reads it.
    expect(res.body.tenet.unsupported.filter((u: { variable: string }) => u.variable === 'was_in_foster_care')).toEqual([]);
    // TANF received (45 CFR 1302.12(c)(1)(ii)): every person of an age, and the pregnant mother, through the family.
    res = await t.request('POST', PATH, { json: family(people, { receives_snap: false, receives_tanf: true }), headers: auth(partner) });
    got = answers(res.body.result);
    expect(got.mother).toEqual({ is_head_start_eligible: false, is_early_head_start_eligible: true, is_head_start_income_eligible: false, is_head_start_categorically_eligible: true });
    expect(got.baby).toMatchObject({ is_early_head_start_eligible: true, is_head_start_eligible: false });
    expect(got.kid).toMatchObject({ is_head_start_eligible: true, is_early_head_start_eligible: false });
    expect(got.big).toMatchObject({ is_head_start_eligible: false, is_early_head_start_eligible: false });
  });

  it('a homeless household\'s children are homeless children; the amounts and a year whose guidelines change say why', async () => {
    // 50,000 for 2 > 21,640; PolicyEngine's is_homeless is the household's: the child is a homeless child (1302.12(c)(1)(iii)).
    const body = family({ parent: { age: 30, employment_income: 50_000, head_start: { 2026: null } }, child: { age: 4, is_head_start_income_eligible: { 2026: null } } }, { receives_snap: false }, { is_homeless: true });
    const res = await t.request('POST', PATH, { json: body, headers: auth(partner) });
    expect(answers(res.body.result).child).toMatchObject({ is_head_start_eligible: true, is_head_start_categorically_eligible: true, is_head_start_income_eligible: false });
    const reasons = Object.fromEntries(res.body.tenet.unsupported.map((u: { entity_id: string; variable: string; reason: string }) => [`${u.entity_id}.${u.variable}`, u.reason]));
    expect(reasons['parent.head_start']).toMatch(/^not computed: Head Start is free to the family/);
    // The same every month (50,000 is over both years' guidelines), so the year key is answered.
    expect(res.body.result.people.child.is_head_start_income_eligible).toEqual({ 2026: false, '2026-03': false });
    // 21,640 is over the 2025 guideline for 2 (21,150) used in January 2026, before the 2026 notice: the year differs.
    const boundary = family({ parent: { age: 30, employment_income: 21_640 }, child: { age: 4, is_head_start_eligible: { 2026: null } } }, { receives_snap: false });
    const year = await t.request('POST', PATH, { json: boundary, headers: auth(partner) });
    expect(year.body.result.people.child.is_head_start_eligible).toEqual({ 2026: null, '2026-03': true });
    expect(year.body.tenet.unsupported.find((u: { variable: string }) => u.variable === 'is_head_start_eligible').reason).toMatch(/differs between the months of 2026/);
  });
});
