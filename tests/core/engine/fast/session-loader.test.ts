/**
 * PackageSession's generated input loaders: the exactness boundary of scaled numbers, and a session reused
 * across households of changing shapes (keys added, dropped, reordered, aliased, null; people up and down;
 * more shapes than the loader cache holds) gives each household exactly the explain path's outputs.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePackage, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { loadProgramPackage, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';
import { PackageSession } from '../../../../core/engine/fast/evaluate/session.js';
import { OTHER_SHAPE, REFUSED, WRITTEN } from '../../../../core/engine/fast/input/record-loader.js';
import { makeLoader } from '../../../../core/engine/fast/input/emit/record-loader.js';
import type { SlotType } from '../../../../core/engine/fast/kernel/codegen.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const REL = 'member_of_snap_household';

/** A one-column loader context: slot 0 of the given type, clean value NaN (or 255 / undefined). */
function oneColumn(t: SlotType): { col: Float64Array; write: (v: unknown) => boolean } {
  const col = new Float64Array(2).fill(NaN);
  const loader = makeLoader(['x'], {
    columns: [col],
    signature: [t],
    slotOf: (k) => (k === 'x' ? 0 : undefined),
    clean: [NaN],
    isText: () => true,
    dayOf: () => undefined,
  });
  return { col, write: (v) => loader.write({ x: v }, 1) === WRITTEN };
}

/** The adjacent double above (dir 1) or below (dir -1) a positive x. */
function nextDouble(x: number, dir: 1 | -1): number {
  const b = new BigInt64Array(new Float64Array([x]).buffer);
  b[0] += BigInt(dir);
  return new Float64Array(b.buffer)[0];
}

describe('generated loader: exactness of scaled numbers', () => {
  it('cents: exact decimals enter as scaled integers, anything else is refused', () => {
    const { col, write } = oneColumn({ k: 'num', s: 2 });
    for (const [x, m] of [
      [0.29, 29],
      [0.1, 10],
      [19.99, 1999],
      [-45.67, -4567],
      [1234.5, 123450],
      [9999999999999.99, 999999999999999],
      [-9999999999999.99, -999999999999999],
      [3, 300],
    ] as const) {
      expect(write(x), String(x)).toBe(true);
      expect(col[1]).toBe(m);
    }
    expect(write(-0)).toBe(true);
    expect(Object.is(col[1], -0)).toBe(true);
    // Not exact at two decimals, at or beyond 1e15 once scaled, or not a finite number: the explain path decides.
    for (const x of [0.1 + 0.2, 1.005, 0.001, 1e13, -1e13, 2 ** 53, Number.MAX_VALUE, Infinity, -Infinity, NaN, '12.5', true, [], {}]) {
      col[1] = 7;
      expect(write(x), String(x)).toBe(false);
    }
    // The doubles next to an exact cent value are not cent values.
    expect(write(nextDouble(0.29, 1))).toBe(false);
    expect(write(nextDouble(0.29, -1))).toBe(false);
    expect(write(nextDouble(9999999999999.99, -1))).toBe(false);
  });

  it('integers (scale 0): whole numbers below 1e15 only', () => {
    const { col, write } = oneColumn({ k: 'num', s: 0 });
    for (const x of [0, 7, -3, 999999999999999]) {
      expect(write(x)).toBe(true);
      expect(col[1]).toBe(x);
    }
    for (const x of [0.5, 1e15, -1e15, 2 ** 53 + 2, NaN]) expect(write(x), String(x)).toBe(false);
  });

  it('six decimals: the widest scale a session carries', () => {
    const { col, write } = oneColumn({ k: 'num', s: 6 });
    expect(write(0.000001)).toBe(true);
    expect(col[1]).toBe(1);
    expect(write(123456789.123456)).toBe(true);
    expect(col[1]).toBe(123456789123456);
    expect(write(1e-7)).toBe(false);
    expect(write(1e9)).toBe(false); // 1e15 once scaled
  });

  it('null and undefined leave the clean value; unknown keys are accepted only when null', () => {
    const col = new Float64Array(1);
    const ctx = { columns: [col], signature: [{ k: 'num', s: 2 } as SlotType], slotOf: (k: string) => (k === 'x' ? 0 : undefined), clean: [500], isText: () => true, dayOf: () => undefined };
    const loader = makeLoader(['x', 'other'], ctx);
    expect(loader.write({ x: null, other: null }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(500);
    expect(loader.write({ x: 1.5, other: undefined }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(150);
    expect(loader.write({ x: 1.5, other: 0 }, 0)).toBe(REFUSED);
    // Two keys naming one slot (an alias): a later null does not erase the earlier value.
    const alias = makeLoader(['x', 'y'], { ...ctx, slotOf: (k) => (k === 'x' || k === 'y' ? 0 : undefined) });
    expect(alias.write({ x: 2, y: null }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(200);
    expect(alias.write({ x: null, y: null }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(500);
    expect(alias.match({ x: 1, y: 2 })).toBe(true);
    expect(alias.match({ y: 2, x: 1 })).toBe(false);
    expect(alias.match({ x: 1 })).toBe(false);
    expect(alias.match({ x: 1, y: 2, z: 3 })).toBe(false);
  });

  it('a record with as many keys but other ones is matched by count, then found out by write', () => {
    const col = new Float64Array(2);
    const ctx = { columns: [col, col], signature: [{ k: 'num', s: 0 } as SlotType, { k: 'num', s: 0 } as SlotType], slotOf: (k: string) => (k === 'x' ? 0 : k === 'y' ? 1 : undefined), clean: [NaN, NaN], isText: () => true, dayOf: () => undefined };
    const loader = makeLoader(['x', 'other'], ctx);
    // Counted, not compared: the same keys in another order are this shape (no two keys name one slot).
    expect(loader.match({ other: null, x: 1 })).toBe(true);
    expect(loader.write({ other: null, x: 1 }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(1);
    expect(loader.match({ x: 1 })).toBe(false);
    expect(loader.match({ x: 1, other: null, z: null })).toBe(false);
    // Two keys, but "other" is absent: undefined that is not the record's own means another shape.
    expect(loader.match({ x: 3, y: 4 })).toBe(true);
    expect(loader.write({ x: 3, y: 4 }, 0)).toBe(OTHER_SHAPE);
    expect(loader.write({ y: 4, z: null }, 0)).toBe(OTHER_SHAPE);
    // Present with undefined is "not given", as null is.
    expect(loader.write({ x: undefined, other: undefined }, 0)).toBe(WRITTEN);
    expect(col[0]).toBeNaN();
    // A value outside the signature is refused whatever the shape (the explain path decides).
    expect(loader.write({ x: 'text', y: 4 }, 0)).toBe(REFUSED);
  });

  it('keys are data, never code', () => {
    const col = new Float64Array(1);
    const evil = '"]; globalThis.pwnedLoader = 1; v = rec["';
    const loader = makeLoader([evil], { columns: [col], signature: [{ k: 'num', s: 0 }], slotOf: () => 0, clean: [NaN], isText: () => true, dayOf: () => undefined });
    expect(loader.write({ [evil]: 4 }, 0)).toBe(WRITTEN);
    expect(col[0]).toBe(4);
    expect((globalThis as Record<string, unknown>).pwnedLoader).toBeUndefined();
  });
});

describe('PackageSession reused across household shapes', () => {
  let pkg: RuntimePackage;
  beforeAll(async () => {
    pkg = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
  });

  /** The explain path's outputs, or undefined when it reports an error (the session must then hand back too). */
  function explain(household: Record<string, unknown>, people: Record<string, unknown>[], outputs?: string[]): Record<string, unknown> | undefined {
    const inputs: Record<string, Record<string, unknown>> = { household };
    people.forEach((p, j) => (inputs[`p${j + 1}`] = p));
    const r = evaluatePackage(pkg, { period: '2026-01', outputs, inputs, relations: { [REL]: people.map((_, j) => [`p${j + 1}`, 'household'] as [string, string]) } });
    return Object.keys(r.errors).length > 0 ? undefined : r.outputs;
  }
  /** A person with every person input given (person inputs have no defaults), overridden by `p`. */
  const person = (p: Record<string, unknown>): Record<string, unknown> => ({ age: 30, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, ...PERSON_FACT_DEFAULTS, ...p });

  it('each household equals the explain path whatever the previous household set', () => {
    const earnedAlias = pkg.inputCatalog.find((c) => c.slot === 'earned_income')!.accepted[0];
    const big = { household_size: 4, earned_income: 900, shelter_costs: 2400.5, medical_costs: 300, utility_type: 'heating_cooling', is_homeless: true, has_elderly_or_disabled_member: true, countable_resources: 100 };
    const sequence: [Record<string, unknown>, Record<string, unknown>[]][] = [
      [big, [person({ age: 70, medical_costs: 400, earned_income: 100 }), person({ is_disabled: true, unearned_income: 50 }), person({ age: 8 })]],
      // Everything big set is now absent: defaults on the household; a person missing inputs goes to the explain path.
      [{ household_size: 2 }, [person({ age: 20 })]],
      [{ household_size: 2 }, [{ age: 20 }]],
      [{ household_size: 2 }, [{ medical_costs: 0, unearned_income: 0, earned_income: 5, is_disabled: false, age: 20 }]],
      [{ household_size: 2 }, []],
      // The same keys in another order, then nulls where values were.
      [{ utility_type: 'limited', earned_income: 1200.25, household_size: 3 }, [person({ earned_income: 300, age: 61 })]],
      [{ utility_type: null, earned_income: null, household_size: 3 }, [person({ earned_income: 300, age: 61, is_disabled: null })]],
      [{ utility_type: null, earned_income: null, household_size: 3 }, [person({ age: 61 })]],
      // An accepted full input id as the key, alone and next to the bare slot.
      [{ [earnedAlias]: 1500.5, household_size: 1 }, []],
      [{ earned_income: 10, [earnedAlias]: null, household_size: 1 }, []],
      [big, [person({ age: 65 }), person({ age: 66 }), person({ age: 67 }), person({ age: 68, medical_costs: 1000 })]],
      [{ household_size: 5, shelter_costs: 800 }, [person({ age: 40, earned_income: 2000 })]],
    ];
    const session = new PackageSession(pkg, { period: '2026-01' });
    let carried = 0;
    for (const round of [0, 1])
      sequence.forEach(([h, ps], i) => {
        const fast = session.evaluate(h, ps);
        expect(fast, `round ${round}, household ${i}`).toEqual(explain(h, ps));
        if (fast) carried++;
      });
    expect(carried).toBeGreaterThanOrEqual(2 * (sequence.length - 2));
  });

  it('records with as many keys as the last shape but other keys: each equals the explain path', () => {
    const session = new PackageSession(pkg, { period: '2026-01' });
    const { citizenship_status: _c, ...withoutCitizenship } = person({ age: 44, earned_income: 700 });
    const sequence: [Record<string, unknown>, Record<string, unknown>[]][] = [
      [{ household_size: 3, earned_income: 1500, shelter_costs: 900 }, [person({ age: 70, medical_costs: 300 })]],
      // Three household keys again, one of them other; the same person keys in another order.
      [{ household_size: 3, earned_income: 1500, medical_costs: 250 }, [Object.fromEntries(Object.entries(person({ age: 70, medical_costs: 300 })).reverse())]],
      [{ shelter_costs: 900, household_size: 2, dependent_care_costs: 120 }, [person({ is_disabled: true, unearned_income: 400 })]],
      // A person with a key in place of a missing fact (explain path: citizenship missing), then with undefined for it.
      [{ household_size: 2, earned_income: 900, shelter_costs: 650 }, [{ ...withoutCitizenship, bogus_fact: null }]],
      [{ household_size: 2, earned_income: 900, shelter_costs: 650 }, [{ ...withoutCitizenship, citizenship_status: undefined }]],
      [{ household_size: 2, earned_income: 900, shelter_costs: 650 }, [person({ age: 44, earned_income: 700 })]],
      // An object without a prototype, and one whose key is inherited rather than its own.
      [Object.assign(Object.create(null) as Record<string, unknown>, { household_size: 4, earned_income: 2100, shelter_costs: 1200 }), []],
      [Object.assign(Object.create({ shelter_costs: 5000 }) as Record<string, unknown>, { household_size: 4, earned_income: 2100, medical_costs: 30 }), []],
    ];
    for (const round of [0, 1])
      sequence.forEach(([h, ps], i) => {
        // The explain path reads own keys (Object.entries): give it the same keys the session enumerates.
        const own = (r: Record<string, unknown>): Record<string, unknown> => {
          const o: Record<string, unknown> = {};
          for (const k in r) o[k] = r[k];
          return o;
        };
        expect(session.evaluate(h, ps), `round ${round}, household ${i}`).toEqual(explain(own(h), ps.map(own)));
      });
  });

  it('the household program (last shapes, one generated function) and the general path agree: mixed people, refusals, traced runs in between', () => {
    const session = new PackageSession(pkg, { period: '2026-01', outputs: ['snap_allotment', 'snap_gross_income'] });
    const hh = (k: number): Record<string, unknown> => ({ household_size: 1 + (k % 5), earned_income: 400 * k + 0.25, shelter_costs: 900, utility_type: k % 2 ? 'limited' : 'none' });
    const short = (p: Record<string, unknown>): Record<string, unknown> => {
      const { ssn_noncompliant: _s, ...rest } = person(p);
      return { ...rest, ssn_noncompliant: null };
    };
    const sequence: [Record<string, unknown>, Record<string, unknown>[]][] = [];
    for (let k = 0; k < 12; k++) {
      // Same shapes (the program), then people of two shapes in one household, more people than before, none.
      sequence.push([hh(k), [person({ age: 20 + k, earned_income: 50 * k })]]);
      if (k % 3 === 0) sequence.push([hh(k), [person({ age: 70 }), { age: 40, earned_income: 10, ...PERSON_FACT_DEFAULTS, is_disabled: true, unearned_income: 0, medical_costs: 0 }]]);
      if (k % 4 === 1) sequence.push([hh(k), [person({ age: 65, medical_costs: 90 }), person({ age: 3 }), person({ age: 33, earned_income: 1200.5 })]]);
      if (k % 4 === 2) sequence.push([hh(k), []]);
      // A value outside the signature in the second person (the program has written the first), then a null.
      if (k % 5 === 3) sequence.push([hh(k), [person({ age: 30 }), person({ earned_income: 0.1 + 0.2 })]]);
      if (k % 5 === 4) sequence.push([hh(k), [short({ age: 50 })]]);
    }
    let carried = 0;
    sequence.forEach(([h, ps], i) => {
      const fast = session.evaluate(h, ps);
      // What a new session gives this household (history plays no part), and the explain path's outputs when carried.
      expect(fast, `household ${i}`).toEqual(new PackageSession(pkg, { period: '2026-01', outputs: ['snap_allotment', 'snap_gross_income'] }).evaluate(h, ps));
      if (fast) expect(fast, `household ${i}`).toEqual(explain(h, ps, ['snap_allotment', 'snap_gross_income']));
      if (fast) carried++;
      // A traced run of another shape rewrites the rows; the next household must not see its values.
      if (i % 7 === 0) {
        const other = { household_size: 2, medical_costs: 75, is_homeless: true };
        const traced = session.evaluateTraced(other, [person({ age: 81 })], ['household', 'p1']);
        if (traced) expect(traced.outputs).toEqual(explain(other, [person({ age: 81 })], ['snap_allotment', 'snap_gross_income']));
      }
    });
    expect(carried).toBeGreaterThan(sequence.length / 2);
  });

  it('more record shapes than the loader cache holds: the generic path gives the same results', () => {
    const keys = ['household_size', 'earned_income', 'shelter_costs', 'medical_costs', 'unearned_income', 'utility_type'];
    const values: Record<string, unknown> = { household_size: 3, earned_income: 1400.1, shelter_costs: 950, medical_costs: 60, unearned_income: 200, utility_type: 'telephone' };
    const session = new PackageSession(pkg, { period: '2026-01', outputs: ['snap_allotment'] });
    const full = explain(values, [person({ age: 70, medical_costs: 90 })], ['snap_allotment'])!.snap_allotment;
    expect(typeof full).toBe('number');
    let seen = 0;
    // 60 distinct key orders (rotations and swaps), alternating with a household that sets other inputs.
    for (let r = 0; r < 6; r++)
      for (let s = 0; s < 10; s++) {
        const order = [...keys.slice(r), ...keys.slice(0, r)];
        [order[s % 6], order[(s + 1) % 6]] = [order[(s + 1) % 6], order[s % 6]];
        const h = Object.fromEntries(order.map((k) => [k, values[k]]));
        expect(session.evaluate(h, [person({ medical_costs: 90, age: 70 })])?.snap_allotment).toBe(full);
        expect(session.evaluate(big(s), [])).toEqual(explain(big(s), [], ['snap_allotment']));
        seen++;
      }
    expect(seen).toBe(60);
    function big(s: number): Record<string, unknown> {
      return { household_size: 1 + (s % 3), is_homeless: s % 2 === 0, countable_resources: 50 * s, dependent_care_costs: 10 * s };
    }
  });

  it('values outside the envelope and unknown keys go to the explain path (undefined), and the next household is unaffected', () => {
    const session = new PackageSession(pkg, { period: '2026-01', outputs: ['snap_allotment'] });
    const ok = { household_size: 2, earned_income: 1000 };
    const expected = explain(ok, [], ['snap_allotment']);
    expect(expected).toBeDefined();
    for (const bad of [{ household_size: 2, earned_income: 0.1 + 0.2 }, { household_size: 2, earned_income: 1e13 }, { household_size: 2.5 }, { household_size: 2, bogus: 1 }, { household_size: 2, utility_type: '12' }]) {
      expect(session.evaluate(bad, [])).toBeUndefined();
      expect(session.evaluate(ok, [])).toEqual(expected);
    }
    expect(session.evaluate({ household_size: 2, earned_income: 1000, bogus: null }, [])).toEqual(expected);
    // A record with more keys than a loader is generated for takes the generic path, with the same result.
    const wide: Record<string, unknown> = { household_size: 2 };
    for (let i = 0; i < 600; i++) wide[`extra_${i}`] = null;
    wide.earned_income = 1000;
    expect(explain(wide, [], ['snap_allotment'])).toEqual(expected);
    expect(session.evaluate(wide, [])).toEqual(expected);
  });
});
