/**
 * The capabilities manifest: what this deployment serves, with one sample request per executable package.
 * Where each capability is reached (URL paths) is the transport's to say: the caller passes its addresses in.
 */
import type { CalculateRequest } from '../../ports/calculator.js';
import type { DependencyStatus } from '../../ports/readiness.js';
import type { RuntimeCatalog, RuntimePackageSummary } from '../../ports/runtime.js';
import type { ReadCatalog } from './read-catalog.js';

/** The address of each capability the manifest names, as the transport serves it. */
export interface CapabilityEndpoints {
  programs: string;
  search: string;
  rules: string;
  calculate: string;
  runtime_packages: string;
  parity_cases: string;
  parity_run: string;
}

/** The deployment as the manifest describes it: version, environment, and where the API document and endpoints are. */
export interface Deployment {
  apiVersion: string;
  environment: string;
  openapiUrl: string;
  endpoints: CapabilityEndpoints;
}

export interface Capabilities {
  api_version: string;
  environment: string;
  openapi_url: string;
  endpoints: CapabilityEndpoints;
  repository: { source: string; status: DependencyStatus; program_count: number };
  runtime: {
    name: string;
    status: DependencyStatus;
    detail?: string;
    package_count: number;
    packages: RuntimePackageSummary[];
    sample_requests: { program_id: string; jurisdiction: string; sample_request: CalculateRequest }[];
  };
}

export function getCapabilities(
  deployment: Deployment,
  catalog: ReadCatalog,
  runtime: RuntimeCatalog,
): Capabilities {
  const packages = runtime.packages();
  const health = runtime.health();
  const samples: Capabilities['runtime']['sample_requests'] = [];
  for (const p of packages) {
    if (p.status !== 'ready') continue;
    const detail = runtime.package(p.jurisdiction, p.program_id);
    if (detail) samples.push({ program_id: p.program_id, jurisdiction: p.jurisdiction, sample_request: detail.sample_request });
  }
  return {
    api_version: deployment.apiVersion,
    environment: deployment.environment,
    openapi_url: deployment.openapiUrl,
    endpoints: deployment.endpoints,
    repository: { source: catalog.source, status: catalog.rules.size > 0 ? 'ready' : 'degraded', program_count: catalog.rules.programs().length },
    runtime: {
      name: runtime.name,
      status: health.status,
      ...(health.detail ? { detail: health.detail } : {}),
      package_count: packages.length,
      packages,
      sample_requests: samples,
    },
  };
}
