/**
 * Property test over every bundled State SNAP package (rules/programs/us-xx/snap): random households, drawn for
 * each package from its own inputs (Alaska's regions and allotment areas, New York's regions, Maryland's member aged
 * 62), give the same outputs, errors and trace on the fast path (traced kernel, columnar batch, session, untraced
 * single) as on the explain path.
 *
 * Normal suite: 250 households per package (53 packages, about 13,000 households), and 80 more each for June 2025
 * (before Pub. L. 119-21's person rules) and for November 2026 (FY2027). `TENET_PARITY_FULL=1`: 10,000 per
 * package, issue #14's bar (several minutes per shard; `-t us-a` etc. selects packages). docs/fast-path.md records
 * the last full run.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFastAndExplain, loadProgramPackage, randomSnapHouseholds } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const FULL = process.env.TENET_PARITY_FULL === '1';
const PER_PACKAGE = FULL ? 10_000 : 250;
/** Households per package for the earlier month (fewer: it guards the dated versions, not the kernel's envelope). */
const EARLIER_PER_PACKAGE = FULL ? 2_000 : 80;
// Puerto Rico, American Samoa and the Northern Mariana Islands have a Lifeline package only.
const STATES = readdirSync(join(ROOT, 'programs')).filter((d) => d.startsWith('us-') && readdirSync(join(ROOT, 'programs', d)).includes('snap')).sort();
/**
 * The share of households the kernel must carry itself. Some of a draw is handed back by design: a 7-decimal
 * amount or a missing person fact (outside the envelope), or a member whose income counts pro rata where the share
 * (like 2/3) is not exact at the kernel's scale. About 6% was handed back in the full run of 2026-11-24 (93.4-94.9%
 * carried per package, docs/fast-path.md); one standard deviation of that share over 250 households is 1.5 points,
 * so 80% holds with room while still failing if the kernel stopped carrying ordinary households.
 */
const MIN_CARRIED = 0.8;

/** A seed per package from its name, so adding a package does not change the others' households. */
function seedOf(state: string): number {
  return [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 20261124);
}

describe(`SNAP property over every bundled package: fast path = explain path on ${PER_PACKAGE} random households each`, () => {
  it('finds the bundled State packages', () => {
    expect(STATES.length).toBeGreaterThan(50);
  });

  it.each(STATES)('%s/snap: traced, batch, session and single evaluations agree on every output and trace entry', async (state) => {
    const started = Date.now();
    const pkg = await loadProgramPackage(ROOT, `programs/${state}/snap/fy-2026.yaml`);
    const draw = randomSnapHouseholds(pkg, PER_PACKAGE, seedOf(state));
    const result = compareFastAndExplain(pkg, draw);
    if (FULL) {
      const share = (x: number) => (x / PER_PACKAGE).toFixed(4);
      const line = { state, households: PER_PACKAGE, mismatches: result.mismatchCount, session: share(result.sessionCarried), traced: share(result.tracedCarried), batchFallback: result.batchFallback.length, outside: draw.outside.size, divided: draw.divided.size, seconds: (Date.now() - started) / 1000 };
      console.log(`PARITY ${JSON.stringify(line)}`);
    }
    expect(result.mismatches).toEqual([]);
    expect(result.mismatchCount).toBe(0);
    // Only households built to leave the envelope, or with a pro rata share, go to the explain path.
    expect(result.batchFallback.filter((k) => !draw.outside.has(k) && !draw.divided.has(k))).toEqual([]);
    expect(draw.divided.size).toBeGreaterThan(0);
    expect(result.sessionCarried).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
    expect(result.tracedCarried).toBeGreaterThan(PER_PACKAGE * MIN_CARRIED);
  }, FULL ? 900_000 : 60_000);

  // Months whose dated versions differ from January 2026's, with fewer households each (they guard the versions, not
  // the kernel's envelope). June 2025: FY2025 figures and the person rules as they stood before Pub. L. 119-21 secs.
  // 10102 and 10108 took effect (2025-07-04). November 2026: FY2027 figures (USDA's FY2027 COLA memorandum; the
  // published minimum benefit and the cap for 18 or more people are versions of their own from 2026-10-01) and each
  // State's FY2027 utility figures.
  const MONTHS = [
    { month: '2025-06', seed: 0x2025, what: 'June 2025, before the Pub. L. 119-21 person rules' },
    { month: '2026-11', seed: 0x2027, what: 'November 2026, with the FY2027 figures' },
  ];
  describe.each(MONTHS)('$what', ({ month, seed }) => {
    it.each(STATES)('%s/snap: the same agreement', async (state) => {
      const pkg = await loadProgramPackage(ROOT, `programs/${state}/snap/fy-2026.yaml`);
      const draw = randomSnapHouseholds(pkg, EARLIER_PER_PACKAGE, seedOf(state) ^ seed, month);
      const result = compareFastAndExplain(pkg, draw);
      expect(result.mismatches).toEqual([]);
      expect(result.mismatchCount).toBe(0);
      expect(result.batchFallback.filter((k) => !draw.outside.has(k) && !draw.divided.has(k))).toEqual([]);
      expect(result.sessionCarried).toBeGreaterThan(EARLIER_PER_PACKAGE * MIN_CARRIED);
      expect(result.tracedCarried).toBeGreaterThan(EARLIER_PER_PACKAGE * MIN_CARRIED);
    }, FULL ? 900_000 : 60_000);
  });
});
