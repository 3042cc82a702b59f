/**
 * Property test over every bundled WIC package (rules/programs/us-xx/wic, issue #27): random households, drawn for
 * each package from its own inputs (the SNAP facts its SNAP link reads, people of every age, the WIC person facts
 * and the program receipts, by their types and limits), give the same outputs, errors and trace on the fast path (traced kernel, columnar batch,
 * session, untraced single) as on the explain path, in March 2026 (the 2025 guidelines) and July 2026 (the 2026
 * guidelines, first month).
 *
 * A person in a WIC category reads the household through a derived relation (wic_household_of_member, current_slot
 * 0), which generated code evaluates as the household relation turned round (core/engine/fast/kernel/kernel.ts
 * reversedRelations); the counts carried on generated code are written to the console for us-co.
 *
 * Normal suite: 40 households per package and month (56 packages). `TENET_PARITY_FULL=1`: 1,000 per package.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, onlyPackageInputs, randomSnapHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 1_000 : 40;
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => readdirSync(join(ROOT, 'programs', d)).includes('wic')).sort();

function seedOf(state: string): number {
  return [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 0x57_1c);
}

describe(`WIC property over every bundled package: fast path = explain path on ${PER_PACKAGE} random households per month`, () => {
  it('finds the 56 WIC packages', () => {
    expect(STATES).toHaveLength(56);
  });

  it.each(STATES)('%s/wic: traced, batch, session and single evaluations agree, March and July 2026', async (state) => {
    const pkg = await loadProgramPackage(ROOT, `programs/${state}/wic/2026.yaml`);
    for (const [period, salt] of [['2026-03', 0x2603], ['2026-07', 0x2607]] as const) {
      const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state) ^ salt, period));
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches, period).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      if (state === 'us-co') console.log(`us-co/wic ${period}: ${result.tracedCarried} of ${result.households} households on generated code (traced), ${result.sessionCarried} in a session`);
    }
  }, FULL ? 900_000 : 120_000);
});
