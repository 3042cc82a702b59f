import * as v from 'valibot';
import { API_VERSION } from '../../../core/domain/config.js';
import type { RuntimeCatalog, RuntimePackageDetail } from '../../../core/ports/runtime.js';
import { renderDocsPage } from '../pages/docs-page.js';
import { SWEEP_EXAMPLE } from '../pages/docs-sweep.js';
import { htmlResponse, newNonce } from '../pages/html.js';
import { defineRoute } from '../route.js';

/**
 * The first executable package's detail: its sample request makes a curl example that works here. Null without
 * a read surface (platform-only apps) or a ready package: the page then uses its built-in example. A package whose
 * default outputs include the sweep example's output is preferred (the page sweeps it over earned income), so a
 * deployment with SNAP and other programs shows SNAP.
 */
function samplePackage(runtime: RuntimeCatalog | undefined): RuntimePackageDetail | null {
  const ready = runtime?.packages().filter((p) => p.status === 'ready') ?? [];
  const first = ready.find((p) => p.default_outputs.includes(SWEEP_EXAMPLE.output)) ?? ready[0];
  return (first ? runtime?.package(first.jurisdiction, first.program_id) : undefined) ?? null;
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
  needs: (app) => ({ openapi: app.openapi, config: app.config, runtime: app.has('read') ? app.read.runtime : undefined }),
  handler: (_ctx, { openapi, config, runtime }) => {
    const nonce = newNonce();
    const detail = samplePackage(runtime);
    const sampleRequest = detail ? (detail.sample_request as unknown as Record<string, unknown>) : null;
    const limits = {
      maxBodyBytes: config.maxBodyBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      maxConcurrentBodies: config.maxConcurrentBodies,
      behindTrustedProxies: config.trustedProxies.length > 0,
    };
    return htmlResponse(renderDocsPage({ openapi, apiVersion: API_VERSION, environment: config.environment, sampleRequest, samplePackage: detail, limits, nonce }), nonce);
  },
});
