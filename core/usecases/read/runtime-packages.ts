/** GET /v1/runtime/packages, /{jurisdiction}/{program_id} and /graph. */
import { ServiceError } from '../../domain/errors.js';
import type { ProgramGraph, RuntimeCatalog, RuntimePackageDetail, RuntimePackageSummary } from '../../ports/runtime.js';

export function listRuntimePackages(runtime: RuntimeCatalog): { packages: RuntimePackageSummary[] } {
  return { packages: runtime.packages() };
}

export function getRuntimePackage(runtime: RuntimeCatalog, jurisdiction: string, programId: string): { package: RuntimePackageDetail } {
  const detail = runtime.package(jurisdiction, programId);
  if (!detail) throw new ServiceError('not_found', `No runtime package for program ${JSON.stringify(programId)} in jurisdiction ${JSON.stringify(jurisdiction)}.`);
  return { package: detail };
}

export function getRuntimePackageGraph(runtime: RuntimeCatalog, jurisdiction: string, programId: string): { graph: ProgramGraph } {
  const graph = runtime.graph(jurisdiction, programId);
  if (!graph) {
    const known = runtime.package(jurisdiction, programId) !== undefined;
    throw new ServiceError(
      'not_found',
      known
        ? `The runtime package ${jurisdiction}/${programId} has no compiled graph.`
        : `No runtime package for program ${JSON.stringify(programId)} in jurisdiction ${JSON.stringify(jurisdiction)}.`,
    );
  }
  return { graph };
}
