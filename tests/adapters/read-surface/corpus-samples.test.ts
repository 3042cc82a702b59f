/**
 * The fully wired app over the shared corpus (RULES_PATH = ../shared/corpora/rulespec-us): every `ready` runtime
 * package's published sample_request calculates (200, outputs, a trace whose entries name legal sources,
 * warnings); capabilities carries exactly those samples; a package listed `unavailable` belongs to a `partial`
 * program. Skips, saying so, when ../shared is absent.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const corpus = resolve('../shared/corpora/rulespec-us');
const present = existsSync(corpus);
if (!present) console.warn(`corpus sample-request suite skipped: ${corpus} is absent (clone the shared corpus beside the project as ../shared)`);

interface Summary {
  program_id: string;
  jurisdiction: string;
  status: string;
}

describe.skipIf(!present)('sample requests of the shared corpus packages', () => {
  const user = testKey('corpus-samples', ['*']);
  const headers = { 'x-api-key': user.key };
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RULES_PATH: corpus, SERVICE_API_KEYS: JSON.stringify([{ ...user.entry, rate_limit: { requests: 1_000_000, window_seconds: 60 } }]) } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('every ready package: POST /v1/calculate with its sample_request gives 200, outputs, sourced trace entries and warnings', async () => {
    const list = await t.request('GET', '/v1/runtime/packages', { headers });
    expect(list.status).toBe(200);
    const packages = list.body.data.packages as Summary[];
    const ready = packages.filter((p) => p.status === 'ready');
    // Most of the corpus must compute; the rest are reported as unavailable rather than advertised with a broken sample.
    expect(ready.length).toBeGreaterThan(packages.length * 0.9);
    const failures: string[] = [];
    for (const pkg of ready) {
      const where = `${pkg.jurisdiction}/${pkg.program_id}`;
      const detail = await t.request('GET', `/v1/runtime/packages/${where}`, { headers });
      expect(detail.status).toBe(200);
      expect(detail.body.data.package.default_period).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      const result = await t.request('POST', '/v1/calculate', { json: detail.body.data.package.sample_request, headers });
      if (result.status !== 200) {
        failures.push(`${where}: ${result.status} ${result.text.slice(0, 200)}`);
        continue;
      }
      const data = result.body.data;
      if (Object.keys(data.outputs).length === 0) failures.push(`${where}: no outputs`);
      if (data.trace.length === 0) failures.push(`${where}: empty trace`);
      for (const entry of data.trace) if (entry.sources.length === 0) failures.push(`${where}: ${entry.rule_id} names no source`);
      if (data.warnings.length === 0) failures.push(`${where}: no warnings`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('capabilities: one sample request per ready package, equal to the package detail; unavailable packages belong to partial programs', async () => {
    const caps = await t.request('GET', '/v1/capabilities', { headers });
    expect(caps.status).toBe(200);
    const runtime = caps.body.data.runtime;
    const packages = runtime.packages as Summary[];
    const ready = packages.filter((p) => p.status === 'ready');
    const samples = runtime.sample_requests as Array<{ program_id: string; jurisdiction: string; sample_request: unknown }>;
    expect(samples.map((s) => `${s.jurisdiction}/${s.program_id}`)).toEqual(ready.map((p) => `${p.jurisdiction}/${p.program_id}`));
    const first = samples[0];
    const detail = await t.request('GET', `/v1/runtime/packages/${first.jurisdiction}/${first.program_id}`, { headers });
    expect(first.sample_request).toEqual(detail.body.data.package.sample_request);

    const unavailable = packages.filter((p) => p.status === 'unavailable');
    if (unavailable.length > 0) expect(runtime.detail).toContain(`${unavailable.length} unavailable`);
    const programs = (await t.request('GET', '/v1/programs', { headers })).body.data.programs as Array<{ id: string; jurisdiction: string; status: string }>;
    for (const p of unavailable) {
      expect(programs.find((q) => q.jurisdiction === p.jurisdiction && q.id === p.program_id)?.status, `${p.jurisdiction}/${p.program_id}`).toBe('partial');
    }
  }, 60_000);
});
