/** GET /v1/runtime/packages, /{jurisdiction}/{program_id} and /graph. */
import { noPackageMessage } from '../../domain/catalog/package-ids.js';
import { ServiceError } from '../../domain/errors.js';
import type { PackageGraphView, RuntimeCatalog, RuntimePackageDetail, RuntimePackageSummary } from '../../ports/runtime.js';

export function listRuntimePackages(runtime: RuntimeCatalog): { packages: RuntimePackageSummary[] } {
  return { packages: runtime.packages() };
}

export function getRuntimePackage(runtime: RuntimeCatalog, jurisdiction: string, programId: string): { package: RuntimePackageDetail } {
  const detail = runtime.package(jurisdiction, programId);
  if (!detail) throw new ServiceError('not_found', noPackageMessage({ program_id: programId, jurisdiction }, runtime.packages()));
  return { package: detail };
}

export function getRuntimePackageGraph(runtime: RuntimeCatalog, jurisdiction: string, programId: string): { graph: PackageGraphView } {
  const graph = runtime.graph(jurisdiction, programId);
  if (!graph) {
    const known = runtime.package(jurisdiction, programId) !== undefined;
    throw new ServiceError(
      'not_found',
      known
        ? `The runtime package ${jurisdiction}/${programId} has no compiled graph.`
        : noPackageMessage({ program_id: programId, jurisdiction }, runtime.packages()),
    );
  }
  return { graph };
}
