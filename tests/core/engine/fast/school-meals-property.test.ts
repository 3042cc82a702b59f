/**
 * Property test over every bundled school meals package (rules/programs/us-xx/school_meals, issue #27 item 2): random
 * households, drawn for each package from its own inputs (the SNAP facts its SNAP link reads, receipt of SNAP given or
 * not, TANF and FDPIR, and each person's schooling and own status), give the same outputs, errors and trace on the
 * fast path (traced kernel, columnar batch, session, untraced single) as on the explain path, in November 2026 (the
 * 2026-27 school year, FY2027 SNAP) and May 2025 (the 2024-25 school year, FY2025 SNAP).
 *
 * Normal suite: 60 households per package and month (54 packages). `TENET_PARITY_FULL=1`: 2,000 per package.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimePackage } from '../../../../core/engine/package/index.js';
import { compareFastAndExplain, loadProgramPackage, randomSnapHouseholds, type RandomHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 2_000 : 60;
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => readdirSync(join(ROOT, 'programs', d)).includes('school_meals')).sort();
/** The kernel must carry most households itself (the SNAP tests' bar; see snap-property-all.test.ts). */
const MIN_CARRIED = 0.8;

/** The draw with only the inputs the package reads: Puerto Rico's package (no SNAP) reads none of the SNAP facts. */
function restricted(pkg: RuntimePackage, draw: RandomHouseholds): RandomHouseholds {
  const unit = new Set(pkg.inputs.filter((i) => !i.relation).map((i) => i.slot));
  const member = new Set(pkg.inputs.filter((i) => i.relation).map((i) => i.slot));
  const only = (record: Record<string, unknown>, keep: Set<string>): Record<string, unknown> => Object.fromEntries(Object.entries(record).filter(([k]) => keep.has(k)));
  const requests = draw.requests.map((req) => ({
    ...req,
    inputs: Object.fromEntries(Object.entries(req.inputs ?? {}).map(([id, rec]) => [id, only(rec as Record<string, unknown>, id === 'household' ? unit : member)])),
  }));
  const people = draw.columns.people === undefined ? undefined : { ...draw.columns.people, inputs: only(draw.columns.people.inputs, member) };
  return { ...draw, requests, columns: { ...draw.columns, household: only(draw.columns.household, unit), people } as RandomHouseholds['columns'] };
}

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
      const draw = restricted(pkg, randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state) ^ salt, period));
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches, period).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      expect(result.batchFallback.filter((k) => !draw.outside.has(k) && !draw.divided.has(k)), period).toEqual([]);
      expect(result.sessionCarried, period).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
      expect(result.tracedCarried, period).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
    }
  }, FULL ? 900_000 : 120_000);
});
