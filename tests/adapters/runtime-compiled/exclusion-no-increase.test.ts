/**
 * 7 CFR 273.11(c)(1)(ii), closing sentence: "The State agency shall ensure that no household's coupon allotment is
 * increased as a result of the exclusion of one or more household members." A member disqualified for work rules, an
 * intentional Program violation or a drug felony is left out of the size while their income, expenses and resources
 * count in full (273.11(c)(1)(i)). The packages carry no separate cap for this: leaving a member out can only lower the
 * size-based figures (maximum allotment, standard deduction, income and resource limits, size-based utility
 * allowances), can end elderly/disabled status, and (IPV, drug felony) ends categorical eligibility (273.2(j)(2)(vii)).
 * This property test holds them to the rule: for random households in several packages, the allotment with a
 * member disqualified is not above the allotment of the same household with that member counted, except in one case
 * the packages do not model (a categorically eligible household brought to 1 or 2 people, which then receives the
 * minimum benefit; docs/coverage.md "Not modelled"), which the test pins down so that any other increase fails.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationService } from '../../../core/usecases/calculate/calculate.js';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
let service: CalculationService;
beforeAll(async () => {
  service = new CalculationService([await CompiledRuntime.load([rulesRoot])]);
});

/** A small seeded generator (mulberry32), so a failure names a household that can be rerun. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DISQUALIFICATIONS = ['work_rule_disqualified', 'ipv_disqualified', 'drug_felony_disqualified'] as const;
const JURISDICTIONS = ['us-ca', 'us-fl', 'us-tx', 'us-id', 'us-ny', 'us-md', 'us-tn', 'us-va', 'us-ar'];

function household(next: () => number): { people: Record<string, Record<string, unknown>>; facts: Record<string, unknown>; excluded: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const size = 1 + Math.floor(next() * 6);
  const people: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < size; i += 1) {
    const adult = i < 2 || next() < 0.3;
    people[`p${i}`] = {
      age: adult ? 18 + Math.floor(next() * 70) : Math.floor(next() * 18),
      is_disabled: next() < 0.1,
      earned_income: adult && next() < 0.6 ? Math.round(next() * 3500) : 0,
      unearned_income: next() < 0.3 ? Math.round(next() * 1200) : 0,
      medical_costs: next() < 0.2 ? Math.round(next() * 300) : 0,
      citizenship_status: 'citizen', is_higher_ed_student: false, abawd_time_limit_exhausted: false, work_rule_disqualified: false,
    };
  }
  const excluded = `p${Math.floor(next() * Math.min(size, 2))}`;
  const facts = {
    shelter_costs: Math.round(next() * 2200), utility_type: pick(['heating_cooling', 'limited', 'telephone', 'none']),
    dependent_care_costs: next() < 0.2 ? Math.round(next() * 600) : 0, countable_resources: Math.round(next() * 6000),
    all_members_receive_tanf_or_ssi: next() < 0.1,
  };
  return { people, facts, excluded };
}

interface Outcome { allotment: number; size: number; categorical: boolean }

async function outcome(jurisdiction: string, people: Record<string, Record<string, unknown>>, facts: Record<string, unknown>): Promise<Outcome> {
  const r = await service.calculate({
    program_id: 'snap', jurisdiction, household: { period: '2026-01', facts, people } as never,
    variables: ['snap_allotment', 'snap_household_size', 'snap_categorically_eligible'],
  });
  return { allotment: r.outputs.snap_allotment as number, size: r.outputs.snap_household_size as number, categorical: r.outputs.snap_categorically_eligible as boolean };
}

/**
 * The minimum benefits a household of 1 or 2 can receive here in FY2026: the federal 8% of the one-person maximum
 * allotment, round(298 x 0.08) = round(23.84) = 24 (7 U.S.C. 2017(a)), and Maryland's State-funded 40 for a household
 * with a member aged 62 or older (Md. Code, Human Services 5-501).
 */
const MINIMUM_BENEFITS = [24, 40];

describe('no allotment increases because a member is excluded (7 CFR 273.11(c)(1)(ii))', () => {
  it('holds for 1,000 random households across nine packages, except the documented minimum-benefit case', async () => {
    const next = random(20261124);
    let lower = 0;
    let minimumCase = 0;
    for (let n = 0; n < 1000; n += 1) {
      const jurisdiction = JURISDICTIONS[n % JURISDICTIONS.length] as string;
      const { people, facts, excluded } = household(next);
      const rule = DISQUALIFICATIONS[n % DISQUALIFICATIONS.length] as string;
      const counted = await outcome(jurisdiction, people, facts);
      const left = await outcome(jurisdiction, { ...people, [excluded]: { ...people[excluded], [rule]: true } }, facts);
      const label = `${jurisdiction} household ${n}: ${excluded} ${rule}; ${JSON.stringify({ people, facts })}`;
      if (left.allotment > counted.allotment) {
        // Not modelled (docs/coverage.md): a categorically eligible household (no net income test) that the exclusion
        // brings from 3 or more people to 1 or 2 receives the minimum benefit, where counting the member gives less.
        // The regulation caps it at the lower amount; the packages do not.
        expect([left.size <= 2, counted.size >= 3, left.categorical, MINIMUM_BENEFITS.includes(left.allotment)], label).toEqual([true, true, true, true]);
        minimumCase += 1;
      }
      if (left.allotment < counted.allotment) lower += 1;
    }
    // The comparison is not vacuous: most exclusions cost the household something, and the exception is rare.
    expect(lower).toBeGreaterThan(500);
    expect(minimumCase).toBeLessThan(20);
  }, 300_000);
});
