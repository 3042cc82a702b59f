/**
 * 7 CFR 273.2(j)(2)(vii)(C): "Under no circumstances shall any household be considered categorically eligible" when
 * "the head of the household is disqualified for failure to comply with the work requirements in accordance with
 * § 273.7". The head (7 CFR 273.1(d)) is stated by the caller through the household fact
 * head_of_household_work_rule_disqualified (default false), read only when a listed person is work_rule_disqualified,
 * and listed in assumptions when it could change the outcome (a categorically eligible household).
 *
 * Florida, January 2026 (FY2026): BBCE at 200% of the poverty guideline with no asset or net income test. Three
 * people: a parent earning 3,000 disqualified for work rules, another adult, a child of 6. The parent is left out
 * of the size (2) and their earnings count in full (7 CFR 273.11(c)(1)). BBCE limit for 2: 21,150 x 2.00 / 12 =
 * 3,525 >= 3,000, so categorically eligible unless barred. Net 3,000 - 600 (20%) - 209 (standard deduction) = 2,191;
 * 30% = 657.30 -> 658; 546 - 658 -> 0, so the two-person minimum 24. With the parent counted (3): 785 - 658 = 127,
 * which does not cap the 24 (7 CFR 273.11(c)(1)(ii)). Barred: the federal gross test for 2 is ceil(21,150 x 1.30 /
 * 12) = 2,292 < 3,000, so not eligible.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import type { CalculateResponse } from '../../../core/ports/calculator.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
let service: CalculationService;
beforeAll(async () => {
  service = new CalculationService([await CompiledRuntime.load([rulesRoot])]);
});

const PEOPLE = {
  parent: { age: 35, earned_income: 3000, work_rule_disqualified: true },
  other_adult: { age: 33 },
  child: { age: 6 },
};

async function calculate(facts: Record<string, unknown>, people: Record<string, Record<string, unknown>> = PEOPLE): Promise<CalculateResponse> {
  return service.calculate({
    program_id: 'snap', jurisdiction: 'us-fl', household: { period: '2026-01', facts, people } as never,
    variables: ['snap_allotment', 'snap_eligible', 'snap_categorically_eligible', 'snap_household_size'],
  });
}

const headAssumed = (r: CalculateResponse) => r.assumptions.some((a) => a.input === 'head_of_household_work_rule_disqualified');

describe('head of household disqualified for work rules (7 CFR 273.2(j)(2)(vii)(C))', () => {
  it('not given: the default (not the head) applies and is listed in assumptions', async () => {
    const r = await calculate({});
    expect(r.outputs).toMatchObject({ snap_household_size: 2, snap_categorically_eligible: true, snap_eligible: true, snap_allotment: 24 });
    expect(r.assumptions).toContainEqual(expect.objectContaining({ input: 'head_of_household_work_rule_disqualified', entity: 'Household', assumed_value: false }));
  });

  it('the disqualified parent is the head: not categorically eligible, and over the gross limit', async () => {
    const r = await calculate({ head_of_household_work_rule_disqualified: true });
    expect(r.outputs).toMatchObject({ snap_categorically_eligible: false, snap_eligible: false, snap_allotment: 0 });
    expect(headAssumed(r)).toBe(false);
  });

  it('given false: categorically eligible, nothing assumed about the head', async () => {
    const r = await calculate({ head_of_household_work_rule_disqualified: false });
    expect(r.outputs).toMatchObject({ snap_categorically_eligible: true, snap_allotment: 24 });
    expect(headAssumed(r)).toBe(false);
  });

  it('no listed person disqualified for work rules: the fact is not read and not listed', async () => {
    const people = { ...PEOPLE, parent: { age: 35, earned_income: 3000 } };
    const given = await calculate({ head_of_household_work_rule_disqualified: true }, people);
    expect(given.outputs).toMatchObject({ snap_household_size: 3, snap_categorically_eligible: true });
    expect(headAssumed(await calculate({}, people))).toBe(false);
  });
});
