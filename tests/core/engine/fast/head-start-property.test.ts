/**
 * Property test over every bundled Head Start package (rules/programs/us-xx/head_start, issue #27): random households,
 * drawn for each package from its own inputs (the SNAP facts its SNAP link reads, and the Head Start facts: receipt of
 * SNAP given or not, TANF and SSI, each person's age, pregnancy, homelessness, foster care, unemployment compensation
 * and pensions), give the same outputs, errors and trace (the per-person rules' entries included) on the fast path
 * (traced kernel, columnar batch, session, untraced single) as on the explain path, in March 2026 (the 2026
 * guidelines) and May 2025 (the 2025 guidelines, FY2025 SNAP figures).
 *
 * Normal suite: 60 households per package and month (56 packages). `TENET_PARITY_FULL=1`: 2,000 per package.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, onlyPackageInputs, randomSnapHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 2_000 : 60;
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => readdirSync(join(ROOT, 'programs', d)).includes('head_start')).sort();
/** The kernel must carry most households itself (the SNAP tests' bar; see snap-property-all.test.ts). */
const MIN_CARRIED = 0.8;

function seedOf(state: string): number {
  return [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 20261128);
}

describe(`Head Start property over every bundled package: fast path = explain path on ${PER_PACKAGE} random households per month`, () => {
  it('finds the 56 Head Start packages', () => {
    expect(STATES).toHaveLength(56);
  });

  it.each(STATES)('%s/head_start: traced, batch, session and single evaluations agree, March 2026 and May 2025', async (state) => {
    const pkg = await loadProgramPackage(ROOT, `programs/${state}/head_start/2026.yaml`);
    for (const [period, salt] of [['2026-03', 0x2026], ['2025-05', 0x2025]] as const) {
      const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state) ^ salt, period));
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches, period).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      expect(result.batchFallback.filter((k) => !draw.outside.has(k) && !draw.divided.has(k)), period).toEqual([]);
      expect(result.sessionCarried, period).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
      expect(result.tracedCarried, period).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
    }
  }, FULL ? 900_000 : 120_000);
});
