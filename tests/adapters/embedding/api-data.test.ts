/**
 * The embedding API builds its answers as objects (adapters/embedding/plain-data.ts) instead of writing the API's
 * JSON and parsing it back: each answer must equal, field order included, what JSON.parse gives for the `data`
 * of the matching HTTP route, for calculate, batch and sweep over several packages; and plainData must agree with
 * a JSON round trip on the values JSON treats specially.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, type RuleService } from '../../../adapters/embedding/index.js';
import { plainData } from '../../../adapters/embedding/plain-data.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const JURISDICTIONS = ['us-ak', 'us-ca', 'us-md', 'us-ny', 'us-tx'];

let service: RuleService;
let http: TestApp;
const key = testKey('embed-data', ['*']);

beforeAll(async () => {
  [service, http] = await Promise.all([createRuleService(), createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]) } })]);
}, 180_000);
afterAll(async () => {
  await Promise.all([service?.close(), http?.close()]);
});

/** The `data` of the route's answer, parsed from the response text as any HTTP client gets it. */
async function httpData(path: string, json: unknown): Promise<unknown> {
  const res = await http.request('POST', path, { json, headers: { 'x-api-key': key.key } });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { data: unknown }).data;
}

/** Equal as values and as JSON text (which also compares the order of every object's fields). */
function expectSameData(embedded: unknown, data: unknown): void {
  expect(embedded).toStrictEqual(data);
  expect(JSON.stringify(embedded)).toBe(JSON.stringify(data));
}

const sampleOf = (jurisdiction: string) => service.getPackage(jurisdiction, 'snap').package.sample_request as unknown as Record<string, unknown>;

describe('embedding answers equal the HTTP data payloads', () => {
  it.each(JURISDICTIONS)('calculate in %s (sample household, every output)', async (jurisdiction) => {
    const sample = sampleOf(jurisdiction);
    const request = { ...sample, variables: service.getPackage(jurisdiction, 'snap').package.outputs.map((o: { name: string }) => o.name) };
    expectSameData(await service.calculate(request), await httpData('/v1/calculate', request));
  });

  it('batch over several packages, with a refused entry in place', async () => {
    const requests = [...JURISDICTIONS.map(sampleOf), { ...sampleOf('us-ca'), jurisdiction: 'us-zz' }];
    const embedded = await service.calculateBatch(requests);
    expect(embedded.summary).toMatchObject({ total: 6, succeeded: 5, failed: 1 });
    expectSameData(embedded, await httpData('/v1/calculate/batch', { requests }));
  });

  it.each(['us-ca', 'us-ny', 'us-ak'])('sweep in %s', async (jurisdiction) => {
    const household = { ...(sampleOf(jurisdiction).household as Record<string, unknown>), people: { adult: { age: 40, earned_income: 0 } } };
    const request = { program_id: 'snap', jurisdiction, household, axis: { input: 'earned_income', person: 'adult', from: 0, to: 3000 } };
    expectSameData(await service.sweep(request), await httpData('/v1/calculate/sweep', request));
  });

  it('gives fresh objects: trace sources are neither frozen nor shared between answers', async () => {
    const sample = sampleOf('us-ny');
    const [a, b] = [await service.calculate(sample), await service.calculate(sample)];
    const sources = (answer: typeof a) => (answer.trace[0] as { sources: string[] }).sources;
    expect(Object.isFrozen(sources(a))).toBe(false);
    expect(sources(a)).not.toBe(sources(b));
    sources(a).push('changed');
    expect(sources(b)).not.toContain('changed');
  });
});

describe('plainData', () => {
  it('gives what a JSON round trip gives', () => {
    const at = new Date(Date.UTC(2026, 0, 2));
    const odd: Record<string, unknown> = {
      kept: 'text',
      gone: undefined,
      fn: () => 1,
      numbers: [1, -0, 0.1, Number.NaN, Number.POSITIVE_INFINITY, undefined, () => 2],
      nested: { deeper: [{ a: null, b: false }], at },
      boxed: [Object(3), Object('s'), Object(true)],
      custom: { toJSON: () => ({ replaced: true }) },
      10: 'integer-like keys first',
    };
    Object.defineProperty(odd, '__proto__', { value: { own: 1 }, enumerable: true });
    const out = plainData(odd);
    expect(out).toStrictEqual(JSON.parse(JSON.stringify(odd)));
    expect(JSON.stringify(out)).toBe(JSON.stringify(odd));
    expect(Object.is((out as { numbers: number[] }).numbers[1], 0)).toBe(true);
    expect(plainData(undefined)).toBeUndefined();
    expect(() => plainData(1n)).toThrow(TypeError);
  });
});
