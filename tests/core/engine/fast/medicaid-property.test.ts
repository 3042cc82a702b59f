/**
 * Property test over every bundled Medicaid and CHIP package (rules/programs/us-xx/medicaid, issue #28): random
 * households drawn from each package's own inputs (household size and income, people with ages, income,
 * self-employment, citizenship, pregnancy and expected children) give the same outputs, errors and trace on the fast
 * path (traced kernel, columnar batch, session, untraced single) as on the explain path, in March 2026 (the 2026
 * guidelines) and June 2025 (the 2025 guidelines).
 *
 * Each person's category reads the household's income and limits through a derived relation from the person's side
 * (medicaid_household_of_member, current_slot 0), which generated code evaluates as the household relation turned
 * round (core/engine/fast/kernel/kernel.ts reversedRelations); the counts carried on generated code are written to
 * the console for us-co.
 *
 * Normal suite: 60 households per package and month (51 packages). `TENET_PARITY_FULL=1`: 2,000 per package.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, randomSnapHouseholds, onlyPackageInputs } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 2_000 : 60;
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => readdirSync(join(ROOT, 'programs', d)).includes('medicaid')).sort();

function seedOf(state: string): number {
  return [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 20261128 ^ 0x28);
}

describe(`Medicaid property over every bundled package: fast path = explain path on ${PER_PACKAGE} random households per month`, () => {
  it('finds the 51 Medicaid packages', () => {
    expect(STATES).toHaveLength(51);
  });

  it.each(STATES)('%s/medicaid: traced, batch, session and single evaluations agree, March 2026 and June 2025', async (state) => {
    const pkg = await loadProgramPackage(ROOT, `programs/${state}/medicaid/2026.yaml`);
    for (const [period, salt] of [['2026-03', 0x2026], ['2025-06', 0x2025]] as const) {
      const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state) ^ salt, period));
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches, period).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      if (state === 'us-co') console.log(`us-co/medicaid ${period}: ${result.tracedCarried} of ${result.households} households on generated code (traced), ${result.sessionCarried} in a session`);
    }
  }, FULL ? 900_000 : 120_000);
});
