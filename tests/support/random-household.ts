/**
 * A random household as a screen receives it: one to four people, shelter costs, sometimes countable resources, in
 * January or November 2026. The test draws each person and any further facts, since those are what it exercises;
 * every draw comes from the test's seeded generator, so a failing household reruns from its seed.
 */
import type { JsonValue } from '../../core/domain/household/shape.js';

export type JsonRecord = Record<string, JsonValue>;

/** The seeded generator a household is drawn from, and a pick of one item from a list by it. */
export interface Draw {
  random: () => number;
  pick: <T>(xs: readonly T[]) => T;
}

export interface HouseholdDraws {
  /** Person `index` (0 is the first listed): the name they are listed under and their facts. */
  person(index: number, draw: Draw): { name: string; facts: JsonRecord };
  /** Household facts beyond shelter costs and countable resources, drawn after those. */
  moreFacts?(facts: JsonRecord, draw: Draw): void;
}

export function randomHousehold(random: () => number, draws: HouseholdDraws): JsonRecord {
  const draw: Draw = { random, pick: (xs) => xs[Math.floor(random() * xs.length)] };
  const people: JsonRecord = {};
  const count = 1 + Math.floor(random() * 4);
  for (let index = 0; index < count; index++) {
    const { name, facts } = draws.person(index, draw);
    people[name] = facts;
  }
  const facts: JsonRecord = { shelter_costs: draw.pick([0, 800]) };
  if (random() < 0.5) facts.countable_resources = draw.pick([0, 3000]);
  draws.moreFacts?.(facts, draw);
  return { period: draw.pick(['2026-01', '2026-11']), facts, people };
}
