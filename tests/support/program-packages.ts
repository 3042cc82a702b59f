/**
 * What every generated program's package test checks the same way: that the generator's --check finds the tree up
 * to date, and that every jurisdiction has the package and its published sample computes to the outputs the
 * generator worked for it (the spec's sample_expected_outputs, unless the test reads them elsewhere); and each
 * program's property test that the fast path answers random households as the explain path does.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_RULES } from './bundled-services.js';
import { compareFastAndExplain, loadProgramPackage, onlyPackageInputs, randomSnapHouseholds } from './snap-households.js';
import type { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';
import type { CompiledPackage } from '../../core/engine/run/compiled-package.js';
import type { CalculateResponse } from '../../core/ports/calculator.js';

/** The output of `node <script> --check` (it exits non-zero, failing the test, when a file is stale). */
export function generatorCheck(root: string, script: string): string {
  return execFileSync(process.execPath, [`${root}/${script}`, '--check'], { encoding: 'utf8' });
}

const specExpected = (pkg: CompiledPackage): Record<string, unknown> => pkg.pkg.spec.extensions.sample_expected_outputs as Record<string, unknown>;

export async function everySampleComputes(
  runtime: CompiledRuntime,
  programId: string,
  jurisdictions: readonly string[],
  calc: (jurisdiction: string, household: Record<string, unknown>) => Promise<CalculateResponse>,
  expected: (pkg: CompiledPackage) => Record<string, unknown> = specExpected,
): Promise<void> {
  const packages = runtime.packages().filter((p) => p.program_id === programId);
  expect(packages.map((p) => p.jurisdiction).sort()).toEqual([...jurisdictions].sort());
  expect(runtime.problems.filter((p) => p.spec.includes(`/${programId}/`))).toEqual([]);
  for (const pkg of packages) {
    const detail = pkg.describe();
    expect(detail.sample_problem, pkg.jurisdiction).toBeUndefined();
    const answer = await calc(pkg.jurisdiction, detail.sample_household as Record<string, unknown>);
    expect(answer.outputs, pkg.jurisdiction).toEqual(expected(pkg));
  }
}

/** One program's fast-path property: its packages, the months drawn and how many households. */
export interface ParityPlan {
  /** The program's directory under rules/programs/us-xx (its program id). */
  program: string;
  /** The program's name in test titles. */
  name: string;
  /** How many jurisdictions bundle it. */
  packages: number;
  /** Each month with the salt that varies its draw. */
  months: ReadonlyArray<readonly [period: string, salt: number]>;
  /** The base of each jurisdiction's seed (per program, so each keeps drawing the households it drew). */
  seed: number;
  /** Households per package and month: the normal suite's, and TENET_PARITY_FULL=1's. */
  households: readonly [normal: number, full: number];
  /** Also require generated code to carry most households and the batch to hand none back in its range. */
  carried?: boolean;
}

/** The kernel must carry most households itself (the SNAP tests' bar; see snap-property-all.test.ts). */
const MIN_CARRIED = 0.8;
const LOGGED = 'us-co';

const seedOf = (state: string, base: number): number => [...state].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, base);
const monthName = (period: string): string => new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Random households drawn for every package of the program from its own inputs give the same outputs, errors and
 * trace on the fast path (traced kernel, columnar batch, session, untraced single) as on the explain path.
 */
export function describeFastPathParity(plan: ParityPlan): void {
  const full = process.env.TENET_PARITY_FULL === '1';
  const perPackage = plan.households[full ? 1 : 0];
  const programs = join(BUNDLED_RULES, 'programs');
  const states = readdirSync(programs).filter((d) => readdirSync(join(programs, d)).includes(plan.program)).sort();
  const months = plan.months.map(([period]) => monthName(period)).join(' and ');
  describe(`${plan.name} property over every bundled package: fast path = explain path on ${perPackage} random households per month`, () => {
    it(`finds the ${plan.packages} ${plan.name} packages`, () => {
      expect(states).toHaveLength(plan.packages);
    });

    it.each(states)(`%s/${plan.program}: traced, batch, session and single evaluations agree, ${months}`, async (state) => {
      const pkg = await loadProgramPackage(BUNDLED_RULES, `programs/${state}/${plan.program}/2026.yaml`);
      for (const [period, salt] of plan.months) {
        const draw = onlyPackageInputs(pkg, randomSnapHouseholds(pkg, perPackage, seedOf(state, plan.seed) ^ salt, period));
        const result = compareFastAndExplain(pkg, draw);
        expect(result.mismatches, period).toEqual([]);
        expect(result.mismatchCount).toBe(0);
        if (plan.carried) {
          expect(result.batchFallback.filter((k) => !draw.outside.has(k) && !draw.divided.has(k)), period).toEqual([]);
          expect(result.sessionCarried, period).toBeGreaterThan(perPackage * MIN_CARRIED);
          expect(result.tracedCarried, period).toBeGreaterThan(perPackage * MIN_CARRIED);
        } else if (state === LOGGED) {
          console.log(`${LOGGED}/${plan.program} ${period}: ${result.tracedCarried} of ${result.households} households on generated code (traced), ${result.sessionCarried} in a session`);
        }
      }
    }, full ? 3_600_000 : 120_000);
  });
}
