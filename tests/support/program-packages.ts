/**
 * What every generated program's package test checks the same way: that the generator's --check finds the tree up
 * to date, and that every jurisdiction has the package and its published sample computes to the outputs the
 * generator worked for it (the spec's sample_expected_outputs, unless the test reads them elsewhere).
 */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
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
