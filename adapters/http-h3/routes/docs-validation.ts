import * as v from 'valibot';
import { htmlResponse, newNonce } from '../pages/html.js';
import { renderValidationPage } from '../pages/validation-page.js';
import { defineRoute } from '../route.js';

export default defineRoute({
  method: 'GET',
  path: '/docs/validation',
  operationId: 'getValidationDashboard',
  summary: 'HTML validation dashboard; loads validation runs and analytics client-side with a key holding admin:analytics',
  tags: ['pages'],
  auth: 'public',
  rawResponse: true,
  contentType: 'text/html',
  responses: { 200: v.pipe(v.string(), v.description('An HTML page without data; its script calls GET /v1/admin/validation/runs and GET /v1/admin/analytics.')) },
  handler: () => {
    const nonce = newNonce();
    return htmlResponse(renderValidationPage(nonce), nonce);
  },
});
