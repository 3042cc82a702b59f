/** GET /v1/programs: every program spec and every jurisdiction/program found in the rules, status from the runtime. */
import type { PackageReadiness, ProgramSummary } from '../../domain/catalog/types.js';
import type { RuntimeCatalog } from '../../ports/runtime.js';
import type { ReadCatalog } from './read-catalog.js';

export function packageReadiness(runtime: RuntimeCatalog): PackageReadiness[] {
  return runtime.facts().map((f) => ({
    jurisdiction: f.jurisdiction,
    programId: f.program_id,
    executable: f.executable,
    acknowledgedIncomplete: f.acknowledged_incomplete,
    failingTests: f.failing_tests,
  }));
}

export function listPrograms(catalog: ReadCatalog, runtime: RuntimeCatalog): { programs: ProgramSummary[] } {
  return { programs: catalog.rules.programs(packageReadiness(runtime)) };
}
