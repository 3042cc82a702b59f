/**
 * Undetermined, not guessed (issue #29 item 2) and what to ask next (item 3), over the bundled Texas packages: a
 * fact not given that decides a program makes it `undetermined` with its range, the top question names that fact,
 * and giving the fact settles the status.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { ScreenService } from '../../../../core/usecases/screen/screen.js';
import type { ScreenResponse } from '../../../../core/ports/screener.js';

const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));
let screens: ScreenService;
beforeAll(async () => {
  const runtime = await CompiledRuntime.load([rulesRoot], { companionTests: 'off' });
  screens = new ScreenService(runtime.screener);
}, 120_000);

/** Every SNAP person fact of an adult, given, except those named. */
function adult(earned: number, omit: string[] = []): Record<string, unknown> {
  const facts: Record<string, unknown> = {
    age: 30, earned_income: earned, citizenship_status: 'citizen', is_disabled: false, is_higher_ed_student: false, student_exemption: false,
    abawd_time_limit_exhausted: false, abawd_exempt: false, work_rule_disqualified: false, ipv_disqualified: false, drug_felony_disqualified: false, ssn_noncompliant: false,
  };
  for (const name of omit) delete facts[name];
  return facts;
}

/** Texas keeps an asset test for categorical eligibility, so resources and vehicles matter unless given. */
const noAssets = { countable_resources: 0, vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, third_vehicle_fair_market_value: 0 };

const program = (answer: ScreenResponse, id: string) => answer.programs.find((p) => p.program_id === id)!;

async function screen(household: Record<string, unknown>, programs = ['snap']) {
  return screens.screen({ jurisdiction: 'us-tx', household: { period: '2026-11', ...household }, programs, questions: 3, trace: 'none' });
}

describe('a fact not given that decides a program', () => {
  it('citizenship: SNAP undetermined with its range, the top question names it, and giving it settles the status', async () => {
    // One person, $800 earned, rent $600: eligible as a citizen; an ineligible non-citizen alone leaves no eligible member.
    const open = await screen({ facts: { shelter_costs: 600, utility_type: 'none', ...noAssets }, people: { solo: adult(800, ['citizenship_status']) } });
    const snap = program(open, 'snap');
    expect(snap.status).toBe('undetermined');
    expect(snap.range).toMatchObject({ min: 0, statuses: ['eligible', 'ineligible'], facts: ['household.people.solo.citizenship_status'] });
    expect(snap.range!.max).toBe(snap.amount);
    expect(snap.amount).toBeGreaterThan(0);
    expect(open.totals.undetermined).toEqual(['snap']);
    expect(open.questions![0]).toMatchObject({ input: 'citizenship_status', entity_id: 'solo', where: 'household.people.solo.citizenship_status', programs: ['snap'] });
    // A closed list is enumerated, not swept.
    expect(open.questions![0].values).toEqual(['eligible_noncitizen', 'refugee_or_asylee', 'ineligible_noncitizen', 'undocumented_or_temporary']);
    expect(open.questions![0].sweep).toBeUndefined();
    expect(open.questions![0].total_monthly).toEqual({ min: 0, max: snap.amount });
    const settled = await screen({ facts: { shelter_costs: 600, utility_type: 'none', ...noAssets }, people: { solo: adult(800) } });
    expect(program(settled, 'snap')).toMatchObject({ status: 'eligible', amount: snap.amount });
    expect(program(settled, 'snap').range).toBeUndefined();
    expect(settled.questions).toEqual([]);
  });

  it('resources: undetermined until countable_resources is given; assume_defaults gives the default answer instead', async () => {
    const household = { facts: { shelter_costs: 600, utility_type: 'none', vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, third_vehicle_fair_market_value: 0 }, people: { solo: adult(800) } };
    const open = await screen(household);
    expect(program(open, 'snap').status).toBe('undetermined');
    // Swept exactly over 0-100,000 (fact-sweep.test.ts): screened a cent above the Texas limit of $5,000, not at the far end.
    expect(open.questions![0]).toMatchObject({ input: 'countable_resources', where: 'household.facts.countable_resources', values: [5000.01], sweep: { exact: true } });
    const assumed = await screens.screen({ jurisdiction: 'us-tx', household: { period: '2026-11', ...household }, programs: ['snap'], assume_defaults: true });
    expect(program(assumed, 'snap').status).toBe('eligible');
    expect(program(assumed, 'snap').assumptions.map((a) => a.input)).toContain('countable_resources');
    const given = await screen({ ...household, facts: { ...household.facts, countable_resources: 250 } });
    expect(program(given, 'snap').status).toBe('eligible');
  });

  it('pregnancy: WIC undetermined for a woman who does not say, flagged as a change without a dollar amount; settled once given', async () => {
    // $1,000 a month is under 185% of the guideline for one or two; only a pregnant woman is in a WIC category here.
    const woman = { age: 25, earned_income: 1000, nutritional_risk: true, is_breastfeeding: false, months_postpartum: 24 };
    const open = await screen({ facts: { receives_snap: false, receives_tanf: false }, people: { ana: woman } }, ['wic']);
    expect(program(open, 'wic')).toMatchObject({ status: 'undetermined', amount: null });
    expect(open.questions![0]).toMatchObject({ input: 'is_pregnant', entity_id: 'ana', programs: ['wic'], changes_coverage: true });
    const pregnant = await screen({ facts: { receives_snap: false, receives_tanf: false }, people: { ana: { ...woman, is_pregnant: true } } }, ['wic']);
    expect(program(pregnant, 'wic')).toMatchObject({ status: 'eligible', recipient: { type: 'person', people: ['ana'] } });
    expect(pregnant.totals.without_amount).toEqual(['wic']);
    const not = await screen({ facts: { receives_snap: false, receives_tanf: false }, people: { ana: { ...woman, is_pregnant: false } } }, ['wic']);
    expect(program(not, 'wic').status).toBe('ineligible');
  });
});
