/**
 * A screen reads each program's assumptions from the merged package's mapping (part-assumptions.ts) instead of mapping
 * the household again per program: for every bundled screen of these jurisdictions the shapes line up, and over random
 * households the pending assumptions equal those of mapping the household restricted to the program's facts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { AssumptionWords } from '../../../../core/domain/household/assumptions.js';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { PartAssumptions } from '../../../../core/domain/household/part-assumptions.js';
import { restrictHousehold } from '../../../../core/domain/household/restrict.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import { mulberry32 } from '../../../support/prng.js';
import { randomHousehold, type HouseholdDraws } from '../../../support/random-household.js';
import { bundledScreenServices } from '../../../support/screen-services.js';

const JURISDICTIONS = ['us-tx', 'us-ak', 'us-ca', 'us-pr'];

/** People with the facts these screens read, one of them (is_homeless) at both levels, and more household facts. */
const DRAWS: HouseholdDraws = {
  person: (i, { random, pick }) => ({
    name: i === 0 ? 'parent' : `p${i}`,
    facts: {
      age: i === 0 ? 20 + Math.floor(random() * 50) : Math.floor(random() * 20),
      ...(random() < 0.5 ? { relationship_to_head: i === 0 ? 'head' : 'child' } : {}),
      ...(random() < 0.3 ? { citizenship_status: pick(['citizen', 'ineligible_noncitizen']) } : {}),
      ...(random() < 0.2 ? { is_pregnant: random() < 0.5 } : {}),
      // A name read at two levels (docs/household.md "One name, two levels"): a person's is_homeless.
      ...(random() < 0.15 ? { is_homeless: true } : {}),
      earned_income: pick([0, 500, 1800, 4000]),
    },
  }),
  moreFacts: (facts, { random }) => {
    if (random() < 0.3) facts.utility_type = 'none';
    if (random() < 0.2) facts.is_homeless = random() < 0.5;
    if (random() < 0.2) facts.receives_medicaid = random() < 0.5;
  },
};

describe('a program’s assumptions read from the merged mapping', () => {
  let runtime: CompiledRuntime;
  beforeAll(async () => {
    ({ runtime } = await bundledScreenServices());
  }, 300_000);

  it('line up with every bundled screen member and equal mapping the restricted household again', () => {
    const random = mulberry32(2911);
    let compared = 0;
    for (const jurisdiction of JURISDICTIONS) {
      const screen = runtime.screener.screenable(jurisdiction, runtime.screener.programs(jurisdiction));
      if (typeof screen === 'string') throw new Error(screen);
      const whole = indexShape(screen.shape);
      const parts = screen.members.map((member) => {
        const index = indexShape(member.package.shape);
        return { index, part: new PartAssumptions(index, whole, new AssumptionWords()) };
      });
      expect(parts.map((p) => p.part.fits), jurisdiction).toEqual(parts.map(() => true));
      for (let n = 0; n < 60; n++) {
        // Only facts some program of the jurisdiction reads (Puerto Rico has no SNAP: no shelter costs).
        const household = restrictHousehold(whole, randomHousehold(random, DRAWS));
        const mapped = mapHousehold(whole, household);
        for (const { index, part } of parts) {
          const read = part.pending(mapped, household)!.map((p) => ({ ...p.assumption, unless: p.unless_output, inferred: p.inferred_from, person: p.person }));
          const again = mapHousehold(index, restrictHousehold(index, household, whole)).assumptions.map((p) => ({ ...p.assumption, unless: p.unless_output, inferred: p.inferred_from, person: p.person }));
          expect(read).toEqual(again);
          compared += again.length;
        }
      }
    }
    // Most random households leave several material facts out: the lists compared are not empty ones.
    expect(compared).toBeGreaterThan(JURISDICTIONS.length * 60 * 5);
  });

  it('leaves a household with an entities section to be mapped again', () => {
    const screen = runtime.screener.screenable('us-tx', runtime.screener.programs('us-tx'));
    if (typeof screen === 'string') throw new Error(screen);
    const whole = indexShape(screen.shape);
    const index = indexShape(screen.members[0].package.shape);
    const household = { period: '2026-01', people: { parent: { age: 30 } }, entities: {} };
    expect(new PartAssumptions(index, whole, new AssumptionWords()).pending(mapHousehold(whole, household), household)).toBeUndefined();
  });
});
