import { API_VERSION } from '../../../core/domain/config.js';
import { getCapabilities } from '../../../core/usecases/read/capabilities.js';
import { READ } from '../../read-surface/tokens.js';
import { TOKENS } from '../../tokens.js';
import { defineRoute } from '../route.js';
import { CapabilitiesResponseSchema } from '../../../core/api/schemas/read.js';

export default defineRoute({
  method: 'GET',
  path: '/v1/capabilities',
  operationId: 'getCapabilities',
  summary: 'Capabilities manifest: endpoints, repository, runtime packages and one sample request per executable package',
  tags: ['operations'],
  auth: { scope: 'rules:read' },
  responses: { 200: CapabilitiesResponseSchema },
  needs: { config: TOKENS.Config, catalog: READ.Catalog, runtime: READ.Runtime },
  handler: (_ctx, { config, catalog, runtime }) => getCapabilities({ apiVersion: API_VERSION, environment: config.environment }, catalog.current(), runtime),
});
