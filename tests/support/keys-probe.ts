/** A protected rules:read probe route, so key tests can exercise authentication on an ordinary endpoint. */
import * as v from 'valibot';
import { defineRoute } from '../../adapters/http-h3/route.js';

export const probeRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/probe',
  operationId: 'testProbe',
  summary: 'test probe',
  tags: ['test'],
  responses: { 200: v.object({ key_id: v.string(), kind: v.string() }) },
  handler: ({ principal }) => ({ key_id: principal?.key_id ?? '', kind: principal?.kind ?? '' }),
});
