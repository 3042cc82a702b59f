/**
 * ProgramSummary.status:
 *  - available: the runtime has an executable package for the program that declares no acknowledged-incomplete
 *    output and fails none of its tests;
 *  - partial: a package exists but declares acknowledged-incomplete outputs, fails some tests, or does not execute
 *    (including a package none of whose sample households computes: `executable` false, listed `unavailable`);
 *  - planned: rules only, no package.
 */

import type { PackageReadiness, ProgramStatus } from './types.js';

export function programStatus(readiness: PackageReadiness | undefined): ProgramStatus {
  if (!readiness) return 'planned';
  if (readiness.executable && readiness.acknowledgedIncomplete.length === 0 && readiness.failingTests === 0) return 'available';
  return 'partial';
}
