import * as v from 'valibot';
import { jurisdictionName } from '../../../core/domain/catalog/jurisdictions.js';
import { API_VERSION } from '../../../core/domain/config.js';
import type { ScreenService } from '../../../core/usecases/screen/screen.js';
import type { RuntimeCatalog, RuntimePackageDetail } from '../../../core/ports/runtime.js';
import { renderDocsPage } from '../pages/docs-page.js';
import { screenExampleFor, type ScreenExample } from '../pages/docs-screen.js';
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

/**
 * The States the screener offers: every jurisdiction of a ready package that a screen can run, less those that
 * only parent others (the federal credits' `us` joins each State's screen), by name.
 */
function screenJurisdictions(runtime: RuntimeCatalog | undefined, screens: ScreenService | undefined): ScreenExample['jurisdictions'] {
  if (!runtime || !screens) return [];
  const ids = [...new Set(runtime.packages().filter((p) => p.status === 'ready').map((p) => p.jurisdiction))].filter((j) => screens.programs(j).length > 0);
  const states = ids.filter((j) => !ids.some((other) => other.startsWith(`${j}-`)));
  return states.map((id) => ({ id, name: jurisdictionName(id) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The month the screener's form starts with: this one (UTC). */
const thisMonth = (): string => new Date().toISOString().slice(0, 7);

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
  needs: (app) => ({
    openapi: app.openapi,
    config: app.config,
    runtime: app.has('read') ? app.read.runtime : undefined,
    screens: app.has('calculation') ? app.calculation.screens : undefined,
  }),
  handler: (_ctx, { openapi, config, runtime, screens }) => {
    const nonce = newNonce();
    const detail = samplePackage(runtime);
    const sampleRequest = detail ? (detail.sample_request as unknown as Record<string, unknown>) : null;
    const limits = {
      maxBodyBytes: config.maxBodyBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      maxConcurrentBodies: config.maxConcurrentBodies,
      behindTrustedProxies: config.trustedProxies.length > 0,
    };
    const screen = screenExampleFor(openapi, screenJurisdictions(runtime, screens), detail?.jurisdiction, thisMonth());
    return htmlResponse(renderDocsPage({ openapi, apiVersion: API_VERSION, environment: config.environment, sampleRequest, samplePackage: detail, limits, screen, nonce }), nonce);
  },
});
