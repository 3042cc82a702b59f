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
  handler: ({ resolve }) =>
    getCapabilities({ apiVersion: API_VERSION, environment: resolve(TOKENS.Config).environment }, resolve(READ.Catalog).current(), resolve(READ.Runtime)),
});
