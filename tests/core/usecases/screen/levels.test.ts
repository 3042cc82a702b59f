/**
 * One name, two levels (docs/household.md): `is_homeless` is the SNAP household's fact and a child's for school meals
 * and Head Start; `receives_medicaid` the household's for Lifeline and a person's for WIC; `earned_income` in
 * household.facts the household's for the State programs and nobody's for the tax credits. A screen takes each at the
 * level it is given, each program reads its own level, nothing is inferred across levels, and each program's answer
 * equals POST /v1/calculate of it for the same household.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import type { ScreenService } from '../../../../core/usecases/screen/screen.js';
import { indexShape, type JsonValue } from '../../../../core/domain/household/shape.js';
import type { ScreenResponse } from '../../../../core/ports/screener.js';
import { bundledScreenServices, calculateAlone } from '../../../support/screen-services.js';

let screens: ScreenService;
let calculations: CalculationService;
beforeAll(async () => {
  ({ screens, calculations } = await bundledScreenServices());
}, 300_000);

/** us-co, March 2026: a parent earning `earned` a month, a child of 4 and a child of 10 in school; no shelter costs. */
function family(earned: number, facts: Record<string, JsonValue>, child: Record<string, JsonValue> = {}): Record<string, JsonValue> {
  return {
    period: '2026-03',
    facts: { receives_snap: false, shelter_costs: 0, utility_type: 'none', countable_resources: 0, ...facts },
    people: {
      parent: { age: 30, earned_income: earned, relationship_to_head: 'head' },
      little: { age: 4, relationship_to_head: 'child', ...child },
      pupil: { age: 10, is_in_school: true, relationship_to_head: 'child', ...child },
    },
  };
}

async function screenAgreeing(household: Record<string, JsonValue>): Promise<ScreenResponse> {
  const answer = await screens.screen({ jurisdiction: 'us-co', household, assume_defaults: true, trace: 'none' });
  const screen = indexShape(screens.prepare({ jurisdiction: 'us-co' }).shape);
  for (const program of answer.programs) {
    const alone = await calculateAlone(calculations, program.program_id, program.package.jurisdiction, household, screen);
    expect([program.outputs, program.assumptions], program.program_id).toEqual([alone.outputs, alone.assumptions]);
  }
  return answer;
}

const program = (answer: ScreenResponse, id: string) => answer.programs.find((p) => p.program_id === id)!;
const tier = (answer: ScreenResponse, person: string) => program(answer, 'school_meals').person_outputs?.[person]?.school_meal_tier;

describe('a name two programs read at different levels', () => {
  it("takes a child's is_homeless (refused with 400 before): school meals and Head Start read it, SNAP keeps the household's default and says so", async () => {
    // 5,000 a month for 3 is over every income line: only the children's own status makes them eligible.
    const answer = await screenAgreeing(family(5000, {}, { is_homeless: true }));
    expect(tier(answer, 'pupil')).toBe('free');
    expect(program(answer, 'school_meals').status).toBe('eligible');
    expect(program(answer, 'head_start').status).toBe('eligible');
    expect(program(answer, 'snap').status).toBe('ineligible');
    expect(answer.warnings).toContainEqual(expect.stringMatching(/^household\.people\.little, household\.people\.pupil\.is_homeless is a person's fact; lifeline, snap, wic read is_homeless only for the household.*default false, not inferred/));
  });

  it("does not infer a child's is_homeless from the household's: each child's is an assumption, and without assume_defaults the programs it decides are undetermined", async () => {
    const household = family(5000, { is_homeless: true });
    const answer = await screenAgreeing(household);
    expect(tier(answer, 'pupil')).toBe('paid');
    for (const id of ['school_meals', 'head_start']) {
      expect(program(answer, id).assumptions, id).toContainEqual(expect.objectContaining({ input: 'is_homeless', entity_id: id === 'school_meals' ? 'pupil' : 'little', assumed_value: false }));
    }
    const open = await screens.screen({ jurisdiction: 'us-co', household, trace: 'none' });
    expect(program(open, 'school_meals').status).toBe('undetermined');
    expect(program(open, 'head_start').status).toBe('undetermined');
    expect(answer.warnings.some((w) => w.includes('is_homeless'))).toBe(false);
  });

  it("SNAP reads the household's is_homeless, not a child's: the homeless shelter deduction only with the household's", async () => {
    // 1,200 a month for 3, no shelter costs: SNAP's amount rises with the homeless shelter deduction (7 U.S.C.
    // 2014(e)(6)(D)) only when the household is homeless; a child's status leaves it as for a housed household.
    const housed = program(await screenAgreeing(family(1200, {})), 'snap');
    const childOnly = program(await screenAgreeing(family(1200, {}, { is_homeless: true })), 'snap');
    const both = await screenAgreeing(family(1200, { is_homeless: true }, { is_homeless: true }));
    expect(childOnly.amount).toBe(housed.amount);
    expect(program(both, 'snap').amount).toBeGreaterThan(housed.amount!);
    expect(tier(both, 'pupil')).toBe('free');
  });

  it("keeps household.facts at the household for every program and says which programs read the name only per person", async () => {
    const answer = await screenAgreeing(family(1200, { receives_medicaid: true, earned_income: 150 }));
    expect(answer.warnings).toContainEqual(expect.stringMatching(/^household\.facts\.receives_medicaid is the household's fact in this screen \(lifeline read it for the household\); wic read receives_medicaid only per person and did not use it/));
    expect(answer.warnings).toContainEqual(expect.stringMatching(/^household\.facts\.earned_income is the household's fact in this screen .*; ctc, eitc read earned_income only per person and did not use it/));
  });
});
