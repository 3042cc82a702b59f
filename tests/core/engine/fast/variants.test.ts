/**
 * evaluateVariants: many variants of one household in one batch. Each variant's answer equals evaluatePackage on
 * that variant alone: values replacing the base's, a null taking a value away (the default applies), other people,
 * a value beyond the fast path's envelope (explain path), and a name no input accepts (ignored, as evaluatePackage
 * ignores it).
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePackage, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { EvalError } from '../../../../core/engine/values.js';
import { evaluateVariants, type HouseholdVariant, type VariantBase } from '../../../../core/engine/fast/evaluate/variants.js';
import { loadProgramPackage, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const REL = 'member_of_snap_household';
const OUTPUTS = ['snap_allotment', 'snap_gross_income', 'snap_net_income'];

/** A person with every person input given (person inputs have no defaults), overridden by `p`. */
const person = (p: Record<string, unknown>): Record<string, unknown> => ({ age: 30, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, ...PERSON_FACT_DEFAULTS, ...p });

describe('evaluateVariants: N variants of one household', () => {
  let pkg: RuntimePackage;
  beforeAll(async () => {
    pkg = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
  });

  /** evaluatePackage on one variant alone (a request-level rejection: every output carries its message). */
  function alone(base: VariantBase, v: HouseholdVariant): { outputs: unknown; errors: unknown } {
    const people = v.people ?? base.people ?? [];
    const inputs: Record<string, Record<string, unknown>> = { household: { ...base.household, ...v.household } };
    people.forEach((p, j) => (inputs[`p${j + 1}`] = { ...p }));
    try {
      const r = evaluatePackage(pkg, { period: '2026-01', outputs: OUTPUTS, inputs, relations: { [REL]: people.map((_, j) => [`p${j + 1}`, 'household'] as [string, string]) } });
      return { outputs: r.outputs, errors: r.errors };
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
      return { outputs: {}, errors: Object.fromEntries(OUTPUTS.map((o) => [o, e.message])) };
    }
  }

  const base: VariantBase = {
    household: { household_size: 3, earned_income: 1800, shelter_costs: 1100, utility_type: 'heating_cooling', countable_resources: 500 },
    people: [person({ age: 34, earned_income: 1800 }), person({ age: 7 }), person({ age: 71, medical_costs: 120 })],
  };

  it('an income ladder, a null, other people and an out-of-envelope value: each equals evaluatePackage alone', () => {
    const ladder: HouseholdVariant[] = [0, 250, 900.5, 1800, 2600, 3400.75, 5000].map((earned) => ({ household: { earned_income: earned } }));
    const variants: HouseholdVariant[] = [
      ...ladder,
      {},
      // Not given: the package's default (or the explain path's missing-input error) applies, as alone.
      { household: { shelter_costs: null } },
      { household: { household_size: 1 }, people: [person({ age: 45, earned_income: 900 })] },
      { people: [] },
      // Seven decimals: beyond the fast path's scale, so the explain path answers this variant.
      { household: { earned_income: 1234.1234567 } },
    ];
    const results = evaluateVariants(pkg, base, variants, { period: '2026-01', outputs: OUTPUTS });
    expect(results).toHaveLength(variants.length);
    results.forEach((r, k) => expect({ outputs: r.outputs, errors: r.errors }, `variant ${k}`).toEqual(alone(base, variants[k])));
    expect(results[variants.length - 1].path).toBe('explain');
    // The ladder runs on generated code: the kernel carries every one of those households.
    expect(results.slice(0, ladder.length).map((r) => r.path)).toEqual(ladder.map(() => 'fast'));
    // More income, no more allotment: the ladder's allotments never rise.
    const allotments = results.slice(0, ladder.length).map((r) => Number(r.outputs.snap_allotment));
    expect(allotments).toEqual([...allotments].sort((a, b) => b - a));
  });

  it('a name no input accepts: ignored, as evaluatePackage ignores it', () => {
    const variants: HouseholdVariant[] = [{ household: { earned_income: 100 } }, { household: { not_an_input: 5 } }];
    const results = evaluateVariants(pkg, base, variants, { period: '2026-01', outputs: OUTPUTS });
    results.forEach((r, k) => expect({ outputs: r.outputs, errors: r.errors }, `variant ${k}`).toEqual(alone(base, variants[k])));
    expect(results[1]).toEqual({ ...results[0], outputs: alone(base, {}).outputs });
    expect(results[1].errors).toEqual({});
  });
});
