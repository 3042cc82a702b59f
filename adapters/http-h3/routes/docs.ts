import * as v from 'valibot';
import { API_VERSION } from '../../../core/domain/config.js';
import type { RuntimePackageDetail } from '../../../core/ports/runtime.js';
import { READ } from '../../read-surface/tokens.js';
import { OPENAPI_DOCUMENT, TOKENS, type Resolve } from '../../tokens.js';
import { renderDocsPage } from '../pages/docs-page.js';
import { htmlResponse, newNonce } from '../pages/html.js';
import { defineRoute } from '../route.js';

/** The first executable package's detail: its sample request makes a curl example that works here (null without a runtime). */
function samplePackage(resolve: Resolve): RuntimePackageDetail | null {
  try {
    const runtime = resolve(READ.Runtime);
    const first = runtime.packages().find((p) => p.status === 'ready');
    return (first ? runtime.package(first.jurisdiction, first.program_id) : undefined) ?? null;
  } catch {
    return null; // no read surface wired (platform-only apps): the page uses its built-in example
  }
}

export default defineRoute({
  method: 'GET',
  path: '/docs',
  operationId: 'getDeveloperDocumentation',
  summary: 'HTML developer documentation: what Tenet is, authentication, reading an answer, errors (from the error table), endpoints (from this document), curl examples, MCP, CLI and embedding',
  tags: ['pages'],
  auth: 'public',
  rawResponse: true,
  contentType: 'text/html',
  responses: { 200: v.pipe(v.string(), v.description('An HTML page (self-contained; strict Content-Security-Policy with a per-response nonce).')) },
  handler: ({ resolve }) => {
    const nonce = newNonce();
    const openapi = resolve(OPENAPI_DOCUMENT);
    const detail = samplePackage(resolve);
    const sampleRequest = detail ? (detail.sample_request as unknown as Record<string, unknown>) : null;
    const config = resolve(TOKENS.Config);
    const limits = {
      maxBodyBytes: config.maxBodyBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      maxConcurrentBodies: config.maxConcurrentBodies,
      behindTrustedProxies: config.trustedProxies.length > 0,
    };
    return htmlResponse(renderDocsPage({ openapi, apiVersion: API_VERSION, environment: config.environment, sampleRequest, samplePackage: detail, limits, nonce }), nonce);
  },
});
