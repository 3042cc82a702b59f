import * as v from 'valibot';
import { jsonResponse } from '../envelope.js';
import { defineRoute } from '../route.js';

const OpenApiDocumentSchema = v.looseObject({
  openapi: v.literal('3.1.0'),
  jsonSchemaDialect: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
  components: v.record(v.string(), v.unknown()),
});

export default defineRoute({
  method: 'GET',
  path: '/v1/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This OpenAPI 3.1 document, returned bare (not in the envelope)',
  tags: ['operations'],
  auth: 'public',
  rawResponse: true,
  responses: { 200: OpenApiDocumentSchema },
  needs: (app) => ({ document: app.openapi }),
  handler: (_ctx, { document }) => jsonResponse(200, document),
});
