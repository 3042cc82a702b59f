/**
 * The embedding API over the bundled rules: two services created at the same time are each complete and
 * independent (they once shared one module's closure: the first got no calculators), answers are the API's
 * `data` payloads, and refusals throw ServiceError with the API's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, ServiceError, type RuleService } from '../../../adapters/embedding/index.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

let first: RuleService;
let second: RuleService;

beforeAll(async () => {
  [first, second] = await Promise.all([createRuleService(), createRuleService()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<ServiceError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

describe('createRuleService', () => {
  it('gives two services created concurrently every bundled package each', () => {
    const a = first.listPackages().packages.map((p) => `${p.jurisdiction}/${p.program_id}`);
    const b = second.listPackages().packages.map((p) => `${p.jurisdiction}/${p.program_id}`);
    expect(a.length).toBeGreaterThanOrEqual(53);
    expect(b).toEqual(a);
    expect(a).toContain('us-co/snap');
  });

  it('computes the same sample in both services, with distinct result objects', async () => {
    const sample = first.getPackage('us-co', 'snap').package.sample_request;
    const [a, b] = await Promise.all([first.calculate(sample), second.calculate(sample)]);
    expect(a.outputs.snap_allotment).toBeTypeOf('number');
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b.trace).not.toBe(a.trace);
  });

  it('reads programs, search and rules as the read routes do', () => {
    expect(first.listPrograms().programs.some((p) => p.id === 'snap' && p.jurisdiction === 'us-co' && p.status === 'available')).toBe(true);
    const hits = first.search({ query: 'maximum allotment', jurisdiction: 'us' });
    expect(hits.results.length).toBeGreaterThan(0);
    const rule = first.getRule('us:statutes/7/2017/a#snap_allotment').rule;
    expect(rule.id).toBe('us:statutes/7/2017/a#snap_allotment');
    expect(first.getRuleSources(rule.id).sources.length).toBeGreaterThan(0);
    expect(first.getRuleDependencies(rule.id).dependencies.length).toBeGreaterThan(0);
  });

  it('runs a batch and reports failed entries in place', async () => {
    const sample = first.getPackage('us-ca', 'snap').package.sample_request;
    const batch = await first.calculateBatch([sample, { ...sample, jurisdiction: 'us-zz' }]);
    expect(batch.summary).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(batch.results[0]).toMatchObject({ status: 'ok' });
    expect(batch.results[1]).toMatchObject({ status: 'error', error: { code: 'unsupported_program' } });
  });

  it('throws ServiceError with the API codes', async () => {
    const unsupported = await refusal(first.calculate({ program_id: 'snap', jurisdiction: 'us-zz', household: {} }));
    // code and status as POST /v1/calculate answers them (422; 400 below; 404 for the reads)
    expect([unsupported.code, unsupported.status]).toEqual(['unsupported_program', 422]);
    const invalid = await refusal(first.calculate({ program_id: 'snap' }));
    expect([invalid.code, invalid.status]).toEqual(['invalid_request', 400]);
    expect(invalid.message).toMatch(/jurisdiction/);
    const missing = await refusal(() => first.getRule('us:no/such#rule'));
    expect([missing.code, missing.status]).toEqual(['not_found', 404]);
    expect((await refusal(() => first.search({ query: 'x' }))).code).toBe('invalid_request');
    expect((await refusal(() => first.getPackage('us-zz', 'snap'))).code).toBe('not_found');
  });

  it('keeps the other service answering when one is closed', async () => {
    const extra = await createRuleService();
    await extra.close();
    expect(() => extra.listPackages()).toThrow(/closed/);
    expect(first.listPackages().packages.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('createRuleService answers as the API does', () => {
  let http: TestApp;
  const key = testKey('embed-check', ['*']);

  beforeAll(async () => {
    http = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]) } });
  }, 120_000);
  afterAll(async () => http?.close());

  it('returns the data payload of POST /v1/calculate for the same request', async () => {
    const sample = first.getPackage('us-ny', 'snap').package.sample_request;
    const res = await http.request('POST', '/v1/calculate', { json: sample, headers: { 'x-api-key': key.key } });
    expect(res.status).toBe(200);
    expect(await first.calculate(sample)).toEqual(res.body.data);
  });

  it('returns the data payload of GET /v1/runtime/packages', async () => {
    const res = await http.request('GET', '/v1/runtime/packages', { headers: { 'x-api-key': key.key } });
    expect(first.listPackages()).toEqual(res.body.data);
  });
});
