/**
 * A screen's variants are evaluated on the base household's mapping with their one fact set
 * (core/usecases/screen/variant-mapping.ts): over random households, every variant so made equals mapping the
 * variant's household afresh (inputs in the same key order, kinds, relations, period), and most variants are so made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { restrictHousehold } from '../../../../core/domain/household/restrict.js';
import { indexShape } from '../../../../core/domain/household/shape.js';
import type { ScreenService } from '../../../../core/usecases/screen/screen.js';
import { variantMapping } from '../../../../core/usecases/screen/variant-mapping.js';
import { variantsOf } from '../../../../core/usecases/screen/variants.js';
import { mulberry32 } from '../../../support/prng.js';
import { randomHousehold, type HouseholdDraws } from '../../../support/random-household.js';
import { bundledScreenServices } from '../../../support/screen-services.js';

/** A parent and up to three children, some with citizenship stated. */
const DRAWS: HouseholdDraws = {
  person: (i, { random, pick }) => ({
    name: i === 0 ? 'parent' : `child_${i}`,
    facts: {
      age: i === 0 ? 20 + Math.floor(random() * 50) : Math.floor(random() * 18),
      relationship_to_head: i === 0 ? 'head' : 'child',
      ...(random() < 0.3 ? { citizenship_status: 'citizen' } : {}),
      earned_income: pick([0, 700, 2500]),
    },
  }),
};

describe('variant mapping', () => {
  let screens: ScreenService;
  beforeAll(async () => {
    ({ screens } = await bundledScreenServices());
  }, 300_000);

  it('equals mapping each variant household afresh', async () => {
    const random = mulberry32(4129);
    let made = 0;
    let all = 0;
    for (const jurisdiction of ['us-tx', 'us-ca', 'us-ak']) {
      const screen = screens.prepare({ jurisdiction });
      const index = indexShape(screen.shape);
      for (let n = 0; n < 15; n++) {
        const household = restrictHousehold(index, randomHousehold(random, DRAWS));
        const { assumptions } = await screens.screen({ jurisdiction, household, assume_defaults: true, trace: 'none' });
        const base = mapHousehold(index, household);
        for (const variant of variantsOf(assumptions, household, index)) {
          all += 1;
          const patched = variantMapping(index, base, variant);
          if (!patched) continue;
          made += 1;
          const fresh = mapHousehold(index, variant.household);
          expect(JSON.stringify([patched.inputs, patched.kinds, patched.relations, patched.period]), `${jurisdiction} ${variant.where}`).toBe(JSON.stringify([fresh.inputs, fresh.kinds, fresh.relations, fresh.period]));
        }
      }
    }
    expect(all).toBeGreaterThan(100);
    expect(made).toBeGreaterThan(all * 0.9);
  });
});
