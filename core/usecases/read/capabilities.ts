/** GET /v1/capabilities: what this deployment serves, with one sample request per executable package. */
import type { CalculateRequest } from '../../ports/calculator.js';
import type { DependencyStatus } from '../../ports/readiness.js';
import type { RuntimeCatalog, RuntimePackageSummary } from '../../ports/runtime.js';
import type { ReadCatalog } from './read-catalog.js';

export const ENDPOINTS = {
  programs: '/v1/programs',
  search: '/v1/search',
  rules: '/v1/rules/{rule_id}',
  calculate: '/v1/calculate',
  runtime_packages: '/v1/runtime/packages',
  parity_cases: '/v1/parity/cases',
  parity_run: '/v1/parity/run',
} as const;

export interface Capabilities {
  api_version: string;
  environment: string;
  openapi_url: string;
  endpoints: typeof ENDPOINTS;
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
  deployment: { apiVersion: string; environment: string },
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
    openapi_url: '/v1/openapi.json',
    endpoints: ENDPOINTS,
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
