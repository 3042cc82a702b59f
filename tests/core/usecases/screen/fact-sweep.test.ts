/**
 * What to ask next about an amount or a count (issue #29 item 3; docs/screening.md "What to ask next"): a numeric
 * fact not given among the questions asked is swept exactly over its documented range, and the question's smallest
 * and largest monthly total are those plain screens give at the values the sweep reports, even where the total peaks
 * strictly inside the range; booleans and closed lists are enumerated as before; a fact left at the ends of its range
 * is listed, with why, in probed_facts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScreenService } from '../../../../core/usecases/screen/screen.js';
import type { ScreenQuestion, ScreenResponse } from '../../../../core/ports/screener.js';
import { SWEEP_STEP_BUDGET } from '../../../../core/usecases/screen/fact-questions.js';
import { bundledScreenServices } from '../../../support/screen-services.js';

let screens: ScreenService;
beforeAll(async () => {
  ({ screens } = await bundledScreenServices());
}, 120_000);

/** One adult, every fact SNAP and the EITC assume given except age: $1,000 earned, $800 unearned, rent $1,600. */
const solo = {
  period: '2026-11',
  facts: { shelter_costs: 1600, utility_type: 'none', countable_resources: 0, vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, third_vehicle_fair_market_value: 0, filing_status: 'single' },
  people: {
    solo: {
      earned_income: 1000, unearned_income: 800, relationship_to_head: 'head', citizenship_status: 'citizen', has_valid_ssn: true,
      is_disabled: false, is_higher_ed_student: false, abawd_time_limit_exhausted: false, work_rule_disqualified: false,
    },
  },
};
// Program order as asked (not program-id order): each question must still name the programs that change.
const programs = ['snap', 'eitc'];

const at = async (age: number) => (await screens.screen({ jurisdiction: 'us-tx', household: { ...solo, people: { solo: { ...solo.people.solo, age } } }, programs, assume_defaults: true, trace: 'none' })).totals.monthly.total;
const question = (answer: ScreenResponse, input: string) => answer.questions!.find((q) => q.input === input) as ScreenQuestion;

describe('an amount or a count not given, swept exactly', () => {
  it('age: the total peaks strictly inside 0-150 (SNAP elderly from 60, the childless EITC 25-64), and the question reports that peak', async () => {
    const answer = await screens.screen({ jurisdiction: 'us-tx', household: solo, programs, questions: 3, trace: 'none' });
    const age = question(answer, 'age');
    expect(age.sweep).toMatchObject({ from: 0, to: 150, step: 1, exact: true });
    const { min, max } = age.sweep!.total_monthly!;
    // Plain screens at the values reported give the extremes, and the peak is above the total at both ends of the
    // range (the probes) and at the age assumed (30).
    expect(max.at).toBe(60);
    expect(max.value).toBe(await at(max.at));
    expect(min.value).toBe(await at(min.at));
    for (const other of [0, 30, 150]) expect(max.value).toBeGreaterThan(await at(other));
    expect(age.total_monthly).toEqual({ min: min.value, max: max.value });
    expect(age.values).toContain(60);
    expect(age.programs.sort()).toEqual(['eitc', 'snap']);
    const eitc = age.sweep!.programs!.find((p) => p.program_id === 'eitc')!;
    expect(eitc.statuses).toEqual([{ status: 'ineligible', at: 0 }, { status: 'eligible', at: 25 }]);
    expect(age.sweep!.summary).toContain(`largest, ${max.value}, at 60`);
    expect(answer.probed_facts).toBeUndefined();
  });

  it('without questions the amounts and counts stay at the ends of their range, and the answer says so', async () => {
    const answer = await screens.screen({ jurisdiction: 'us-tx', household: solo, programs, trace: 'none' });
    expect(answer.probed_facts).toEqual([{ input: 'age', entity_id: 'solo', where: 'household.people.solo.age', values: [0, 150], reason: 'no questions were asked' }]);
    expect(answer.warnings.some((w) => w.includes('see probed_facts'))).toBe(true);
  });

  it('resources: swept to the cent of the Texas limit; the undetermined range and a plain screen either side agree', async () => {
    const { countable_resources: _, ...facts } = solo.facts;
    const household = { ...solo, people: { solo: { ...solo.people.solo, age: 30 } }, facts };
    const answer = await screens.screen({ jurisdiction: 'us-tx', household, programs, questions: 3, trace: 'none' });
    const resources = question(answer, 'countable_resources');
    expect(resources).toMatchObject({ values: [5000.01], programs: ['snap'], sweep: { exact: true, from: 0, to: 100_000, step: 0.01 } });
    expect(resources.sweep!.programs).toEqual([expect.objectContaining({ program_id: 'snap', statuses: [{ status: 'eligible', at: 0 }, { status: 'ineligible', at: 5000.01 }] })]);
    const snapAt = async (value: number) => (await screens.screen({ jurisdiction: 'us-tx', household: { ...household, facts: { ...facts, countable_resources: value } }, programs, trace: 'none' })).programs.find((p) => p.program_id === 'snap')!;
    expect((await snapAt(5000)).status).toBe('eligible');
    expect((await snapAt(5000.01)).status).toBe('ineligible');
    const snap = answer.programs.find((p) => p.program_id === 'snap')!;
    expect(snap).toMatchObject({ status: 'undetermined', range: { min: 0, max: (await snapAt(0)).amount, statuses: ['eligible', 'ineligible'], facts: ['household.facts.countable_resources'] } });
  });

  it('a sweep over the step budget is not made: the question says why and the fact is listed as probed', async () => {
    // An ineligible member's child support paid is prorated to the cent: far more steps than the budget.
    const household = {
      period: '2026-11',
      facts: { utility_type: 'none', countable_resources: 0, vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, third_vehicle_fair_market_value: 0 },
      people: {
        parent: { age: 34, earned_income: 1200, citizenship_status: 'citizen', shelter_costs: 0, dependent_care_costs: 0, child_support_paid: 0 },
        other: { age: 40, citizenship_status: 'ineligible_noncitizen', shelter_costs: 300, dependent_care_costs: 0 },
      },
    };
    const answer = await screens.screen({ jurisdiction: 'us-tx', household, programs: ['snap'], questions: 5, trace: 'none' });
    const support = answer.questions!.find((q) => q.where === 'household.people.other.child_support_paid')!;
    expect(support.sweep).toMatchObject({ exact: false, from: 0, to: 100_000 });
    expect(support.sweep!.reason).toContain(`more than ${SWEEP_STEP_BUDGET} evaluation steps`);
    expect(support.values).toEqual([100_000]);
    expect(answer.probed_facts).toContainEqual(expect.objectContaining({ where: 'household.people.other.child_support_paid', reason: support.sweep!.reason }));
  });
});
