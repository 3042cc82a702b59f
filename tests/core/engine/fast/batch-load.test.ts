/**
 * Columnar batch loading at the edges of the exact envelope: a column's scale widens when a value needs more
 * decimals (rows already loaded are rescaled, and those that outgrow 1e15 go to the explain path), values
 * beyond 6 decimals or 1e15 fall back, NaN means "not given". Every row still equals evaluatePackage.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePackage, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { loadProgramPackage, personFactColumns } from '../../../support/snap-households.js';
import { EvalError } from '../../../../core/engine/values.js';
import { evaluatePackageBatch, type HouseholdColumns } from '../../../../core/engine/fast/evaluate/batch.js';
import { loadBatch } from '../../../../core/engine/fast/input/batch-load.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const REL = 'member_of_snap_household';

describe('batch load: scale widening and the exact envelope', () => {
  let pkg: RuntimePackage;
  beforeAll(async () => {
    pkg = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
  });

  /** Batch rows against evaluatePackage, household by household; returns the households that fell back. */
  function check(batch: HouseholdColumns, outputs = ['snap_allotment', 'snap_gross_income']): number[] {
    const r = evaluatePackageBatch(pkg, batch, { period: '2026-01', outputs });
    for (let k = 0; k < batch.size; k++) {
      const household: Record<string, unknown> = {};
      for (const [name, col] of Object.entries(batch.household)) {
        // Typed columns: NaN / 255 = not given. Generic arrays: null = not given, anything else is the value.
        const v = col[k];
        const given = col instanceof Float64Array ? !Number.isNaN(v) : col instanceof Uint8Array ? v !== 255 : v !== undefined && v !== null;
        if (given) household[name] = col instanceof Uint8Array ? v === 1 : v;
      }
      const inputs: Record<string, Record<string, unknown>> = { household };
      const tuples: [string, string][] = [];
      if (batch.people)
        for (let j = batch.people.offsets[k]; j < batch.people.offsets[k + 1]; j++) {
          const id = `person-${j - batch.people.offsets[k] + 1}`;
          inputs[id] = Object.fromEntries(Object.entries(batch.people.inputs).map(([name, col]) => [name, col instanceof Uint8Array ? col[j] === 1 : col[j]]));
          tuples.push([id, 'household']);
        }
      let expected: { outputs: unknown; errors: unknown };
      try {
        const e = evaluatePackage(pkg, { period: '2026-01', outputs, inputs, relations: { [REL]: tuples } });
        expected = { outputs: e.outputs, errors: e.errors };
      } catch (err) {
        // A value no input accepts rejects the request: the batch row carries the message on every output.
        if (!(err instanceof EvalError)) throw err;
        expected = { outputs: {}, errors: Object.fromEntries(outputs.map((o) => [o, err.message])) };
      }
      expect(r.row(k), `household ${k}`).toEqual(expected);
    }
    return [...r.fallback.keys()].sort((a, b) => a - b);
  }

  it('a later value with more decimals widens the column; rows that outgrow 1e15 fall back', () => {
    const earned = Float64Array.from([1500.5, 9999999999999.99, 0.125, 2000, 999999999999.99, 12.345678, 7]);
    const batch: HouseholdColumns = { size: earned.length, household: { household_size: new Float64Array(earned.length).fill(2), earned_income: earned } };
    const loaded = loadBatch(pkg, batch, { period: '2026-01', outputs: ['snap_allotment'] });
    const slot = loaded.kernel!.layout.slotIndex.get('earned_income')!;
    // 12.345678 needs 6 decimals; 7 digits are beyond the session's envelope.
    expect(loaded.kernel!.signature[slot]).toEqual({ k: 'num', s: 6 });
    expect(Array.from(loaded.columns[slot] as Float64Array).slice(0, 1)).toEqual([1500500000]);
    expect((loaded.columns[slot] as Float64Array)[2]).toBe(125000);
    expect((loaded.columns[slot] as Float64Array)[5]).toBe(12345678);
    // 9999999999999.99 and 999999999999.99 were exact at 2 decimals and leave the envelope at 6.
    expect(Array.from(loaded.refused)).toEqual([0, 1, 0, 0, 1, 0, 0]);
    expect(check(batch)).toEqual([1, 4]);
  });

  it('values beyond 6 decimals, 1e15 or not finite fall back; NaN means not given (the default applies)', () => {
    const earned = Float64Array.from([0.1 + 0.2, 1e-7, 1e15, -Infinity, NaN, 0.29, -0]);
    const batch: HouseholdColumns = { size: earned.length, household: { household_size: Float64Array.from([1, 2, 3, 4, 5, 6, 7]), earned_income: earned } };
    const loaded = loadBatch(pkg, batch, { period: '2026-01', outputs: ['snap_allotment'] });
    expect(Array.from(loaded.refused)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    expect(check(batch)).toEqual([0, 1, 2, 3]);
  });

  it('people columns widen the scale of rows loaded for households before them', () => {
    const offsets = Int32Array.from([0, 1, 1, 3]);
    const batch: HouseholdColumns = {
      size: 3,
      household: { household_size: Float64Array.from([2, 1, 3]), earned_income: Float64Array.from([100.25, 9999999999999.5, 40]) },
      people: {
        offsets,
        inputs: {
          age: Float64Array.from([30, 70, 5]),
          is_disabled: Uint8Array.from([0, 0, 1]),
          earned_income: Float64Array.from([10, 0.0625, 0]),
          unearned_income: Float64Array.from([0, 0, 0]),
          medical_costs: Float64Array.from([0, 35.5, 0]),
          ...personFactColumns(3),
        },
      },
    };
    const loaded = loadBatch(pkg, batch, { period: '2026-01', outputs: ['snap_allotment'] });
    const slot = loaded.kernel!.layout.slotIndex.get('earned_income')!;
    expect(loaded.kernel!.signature[slot]).toEqual({ k: 'num', s: 4 });
    expect(Array.from(loaded.columns[slot] as Float64Array)).toEqual([1002500, NaN, 400000, 100000, 625, 0]);
    expect(Array.from(loaded.refused)).toEqual([0, 1, 0]);
    expect(check(batch)).toEqual([1]);
  });

  it('consecutive batches of one entity count reuse column arrays: nothing of the previous batch shows through', () => {
    const offsets = Int32Array.from([0, 2, 2, 3]);
    const people = (disabled: number, age: number, earned: number): HouseholdColumns['people'] => ({
      offsets,
      inputs: {
        age: Float64Array.from([age, 70, 5]),
        is_disabled: Uint8Array.from([disabled, 0, disabled]),
        earned_income: Float64Array.from([earned, 0, 12.5]),
        unearned_income: new Float64Array(3),
        medical_costs: Float64Array.from([0, 35.5, 400]),
        ...personFactColumns(3),
      },
    });
    const full: HouseholdColumns = {
      size: 3,
      household: {
        household_size: Float64Array.from([2, 1, 3]),
        earned_income: Float64Array.from([100.25, 2500, 40]),
        is_homeless: Uint8Array.from([1, 1, 1]),
        shelter_costs: Float64Array.from([1200, 800, 950.5]),
        utility_type: ['heating_cooling', 'limited', 'none'],
      },
      people: people(1, 64, 300.75),
    };
    // The same entity count (3 households, 3 people), fewer columns and other values: defaults and "not given" everywhere else.
    const sparse: HouseholdColumns = { size: 3, household: { household_size: Float64Array.from([1, 4, 2]) }, people: people(0, 30, 0) };
    for (const batch of [full, sparse, full, sparse, sparse]) expect(check(batch)).toEqual([]);
  });

  it('generic arrays: numbers load like typed columns, other kinds fall back, null is not given', () => {
    const batch: HouseholdColumns = { size: 5, household: { household_size: [1, 2, '3', null, 4], earned_income: [0.5, 1000.125, 20, null, 1e-7] } };
    const loaded = loadBatch(pkg, batch, { period: '2026-01', outputs: ['snap_allotment'] });
    expect(Array.from(loaded.refused)).toEqual([0, 0, 1, 0, 1]);
    expect(check(batch)).toEqual([2, 4]);
  });
});
