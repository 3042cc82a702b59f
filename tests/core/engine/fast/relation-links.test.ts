/**
 * The relation offsets a session writes for a household's people (input/emit/relation-links.ts): the linker's CSR
 * offsets for data and reversed relations as households of other sizes and other given relations follow one another,
 * and a session's answers, on its general path and on its generated household programs (which hold the same
 * statements inline), equal the explain path's when the people are or are not in the household's relation.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePackage, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { loadProgramPackage, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';
import { PackageSession } from '../../../../core/engine/fast/evaluate/session.js';
import { makeRelationLinker } from '../../../../core/engine/fast/input/emit/relation-links.js';
import { layoutOf } from '../../../../core/engine/fast/kernel/kernel.js';

describe('relation linker', () => {
  // Two data relations (0, 1) and relation 2, relation 0 turned round; room for 4 people.
  const rows = 5;
  const relations = [0, 1, 2].flatMap(() => [new Int32Array(rows + 1), new Int32Array(rows - 1)]);
  const mask = new Uint8Array(3);
  const link = makeRelationLinker({ dataRelations: 2, reversed: [{ index: 2, source: 0 }] }, relations, mask);
  const offsets = (r: number, np: number): number[] => [...relations[2 * r].slice(0, np + 2)];

  it('a given relation: the household has members 1..np, each person none; one not given is empty', () => {
    mask.set([1, 0, 0]);
    link(3);
    expect(offsets(0, 3)).toEqual([0, 3, 3, 3, 3]);
    expect(offsets(1, 3)).toEqual([0, 0, 0, 0, 0]);
    // Turned round: person e has one member (the household), the household none.
    expect(offsets(2, 3)).toEqual([0, 0, 1, 2, 3]);
  });

  it('the next household rewrites what it reads: fewer people, other relations given', () => {
    mask.set([0, 1, 0]);
    link(1);
    expect(offsets(0, 1)).toEqual([0, 0, 0]);
    expect(offsets(1, 1)).toEqual([0, 1, 1]);
    expect(offsets(2, 1)).toEqual([0, 0, 0]);
    mask.set([1, 1, 0]);
    link(0);
    expect(offsets(0, 0)).toEqual([0, 0]);
    expect(offsets(1, 0)).toEqual([0, 0]);
    expect(offsets(2, 0)).toEqual([0, 0]);
    link(4);
    expect(offsets(0, 4)).toEqual([0, 4, 4, 4, 4, 4]);
    expect(offsets(1, 4)).toEqual([0, 4, 4, 4, 4, 4]);
    expect(offsets(2, 4)).toEqual([0, 0, 1, 2, 3, 4]);
  });
});

describe('session: people in the household relation or not, household after household', () => {
  const ROOT = resolve(import.meta.dirname, '../../../../rules');
  const REL = 'member_of_snap_household';
  let pkg: RuntimePackage;
  beforeAll(async () => {
    pkg = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
  });
  const person = (p: Record<string, unknown>): Record<string, unknown> => ({ age: 30, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, ...PERSON_FACT_DEFAULTS, ...p });

  /** The explain path's outputs; `linked`: whether the people are members of the household. */
  function explain(household: Record<string, unknown>, people: Record<string, unknown>[], linked: boolean): Record<string, unknown> | undefined {
    const inputs: Record<string, Record<string, unknown>> = { household };
    people.forEach((p, j) => (inputs[`p${j + 1}`] = p));
    const tuples = linked ? people.map((_, j) => [`p${j + 1}`, 'household'] as [string, string]) : [];
    const r = evaluatePackage(pkg, { period: '2026-01', outputs: ['snap_allotment', 'snap_gross_income'], inputs, relations: { [REL]: tuples } });
    return Object.keys(r.errors).length > 0 ? undefined : r.outputs;
  }

  it('each answer equals the explain path, on the general path and on household programs', () => {
    const relation = layoutOf(pkg.program).relationIndex.get(REL)!;
    const household = { household_size: 3, earned_income: 800, shelter_costs: 1100 };
    const earners = [person({ earned_income: 1400 }), person({ age: 70, unearned_income: 900, medical_costs: 250 }), person({ earned_income: 600 })];
    // given: undefined (the person relation, the default), [relation] (the same, named), [] (people not linked).
    const sequence: [Record<string, unknown>[], readonly number[] | undefined][] = [
      [earners, undefined],
      [earners, []],
      [earners.slice(0, 1), [relation]],
      [earners, undefined],
      [earners.slice(0, 2), []],
      [[], undefined],
      [earners.slice(0, 2), [relation]],
      [earners, []],
    ];
    const session = new PackageSession(pkg, { period: '2026-01', outputs: ['snap_allotment', 'snap_gross_income'] });
    const seen = new Set<string>();
    for (const round of [0, 1, 2])
      sequence.forEach(([people, given], i) => {
        const fast = session.evaluate(household, people, given);
        const expected = explain(household, people, given === undefined || given.length > 0);
        expect(fast, `round ${round}, household ${i}`).toEqual(expected);
        expect(fast).toBeDefined();
        seen.add(JSON.stringify(fast));
      });
    // Linking matters here: the people's income counts only when they are members.
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });
});
