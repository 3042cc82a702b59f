import { API_VERSION } from '../../../core/domain/config.js';
import { getCapabilities, type CapabilityEndpoints } from '../../../core/usecases/read/capabilities.js';
import { defineRoute } from '../route.js';
import { CapabilitiesResponseSchema } from '../../../core/api/schemas/read.js';

/** Where this HTTP API serves each capability the manifest names (OpenAPI path templates). */
const ENDPOINTS: CapabilityEndpoints = {
  programs: '/v1/programs',
  search: '/v1/search',
  rules: '/v1/rules/{rule_id}',
  calculate: '/v1/calculate',
  runtime_packages: '/v1/runtime/packages',
  parity_cases: '/v1/parity/cases',
  parity_run: '/v1/parity/run',
};
const OPENAPI_URL = '/v1/openapi.json';

export default defineRoute({
  method: 'GET',
  path: '/v1/capabilities',
  operationId: 'getCapabilities',
  summary: 'Capabilities manifest: endpoints, repository, runtime packages and one sample request per executable package',
  tags: ['operations'],
  auth: { scope: 'rules:read' },
  responses: { 200: CapabilitiesResponseSchema },
  needs: (app) => ({ config: app.config, catalog: app.read.catalog, runtime: app.read.runtime }),
  handler: (_ctx, { config, catalog, runtime }) =>
    getCapabilities({ apiVersion: API_VERSION, environment: config.environment, openapiUrl: OPENAPI_URL, endpoints: ENDPOINTS }, catalog.current(), runtime),
});
