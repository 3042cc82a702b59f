/**
 * Property test over every bundled school meals package (rules/programs/us-xx/school_meals, issue #27 item 2): random
 * households, drawn for each package from its own inputs (the SNAP facts its SNAP link reads, receipt of SNAP given or
 * not, TANF and FDPIR, and each person's schooling and own status), give the same outputs, errors and trace on the
 * fast path (traced kernel, columnar batch, session, untraced single) as on the explain path, in November 2026 (the
 * 2026-27 school year, FY2027 SNAP) and May 2025 (the 2024-25 school year, FY2025 SNAP).
 *
 * A child in school without a categorical status of their own reads the household through a derived relation
 * (school_meals_household_of_member, current_slot 0), which generated code evaluates as the household relation turned
 * round (core/engine/fast/kernel/kernel.ts reversedRelations); the counts carried on generated code are written to
 * the console for us-co.
 *
 * Normal suite: 60 households per package and month (54 packages). `TENET_PARITY_FULL=1`: 2,000 per package.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, onlyPackageInputs, randomSnapHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 2_000 : 60;
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => readdirSync(join(ROOT, 'programs', d)).includes('school_meals')).sort();

function seedOf(state: string): number {
  return [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 20261129);
}

describe(`School meals property over every bundled package: fast path = explain path on ${PER_PACKAGE} random households per month`, () => {
  it('finds the 54 school meals packages', () => {
    expect(STATES).toHaveLength(54);
  });

  it.each(STATES)('%s/school_meals: traced, batch, session and single evaluations agree, November 2026 and May 2025', async (state) => {
    const pkg = await loadProgramPackage(ROOT, `programs/${state}/school_meals/2026.yaml`);
    for (const [period, salt] of [['2026-11', 0x2026], ['2025-05', 0x2025]] as const) {
      const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state) ^ salt, period));
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches, period).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      if (state === 'us-co') console.log(`us-co/school_meals ${period}: ${result.tracedCarried} of ${result.households} households on generated code (traced), ${result.sessionCarried} in a session`);
    }
  }, FULL ? 900_000 : 120_000);
});
