/**
 * A screen's variants are evaluated on the base household's mapping with their one fact set
 * (core/usecases/screen/variant-mapping.ts): over random households, every variant so made equals mapping the
 * variant's household afresh (inputs in the same key order, kinds, relations, period), and most variants are so made.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { mapHousehold } from '../../../../core/domain/household/map.js';
import { restrictHousehold } from '../../../../core/domain/household/restrict.js';
import { indexShape, type JsonValue } from '../../../../core/domain/household/shape.js';
import { ScreenService } from '../../../../core/usecases/screen/screen.js';
import { variantMapping } from '../../../../core/usecases/screen/variant-mapping.js';
import { variantsOf } from '../../../../core/usecases/screen/variants.js';
import { mulberry32 } from '../../../support/prng.js';

const rulesRoot = fileURLToPath(new URL('../../../../rules', import.meta.url));

function randomHousehold(random: () => number): Record<string, JsonValue> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const people: Record<string, JsonValue> = {};
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    people[i === 0 ? 'parent' : `child_${i}`] = {
      age: i === 0 ? 20 + Math.floor(random() * 50) : Math.floor(random() * 18),
      relationship_to_head: i === 0 ? 'head' : 'child',
      ...(random() < 0.3 ? { citizenship_status: 'citizen' } : {}),
      earned_income: pick([0, 700, 2500]),
    };
  }
  const facts: Record<string, JsonValue> = { shelter_costs: pick([0, 800]) };
  if (random() < 0.5) facts.countable_resources = pick([0, 3000]);
  return { period: pick(['2026-01', '2026-11']), facts, people };
}

describe('variant mapping', () => {
  let screens: ScreenService;
  let runtime: CompiledRuntime;
  beforeAll(async () => {
    runtime = await CompiledRuntime.load([rulesRoot], { companionTests: 'off' });
    screens = new ScreenService(runtime.screener);
  }, 300_000);

  it('equals mapping each variant household afresh', async () => {
    const random = mulberry32(4129);
    let made = 0;
    let all = 0;
    for (const jurisdiction of ['us-tx', 'us-ca', 'us-ak']) {
      const screen = screens.prepare({ jurisdiction });
      const index = indexShape(screen.shape);
      for (let n = 0; n < 15; n++) {
        const household = restrictHousehold(index, randomHousehold(random));
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
