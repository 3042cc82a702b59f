/**
 * service.screen of the embedding API: the same answer as POST /v1/screen's `data` for one household (field order
 * included), SNAP's figures equal to service.calculate, and refusals as ServiceError with the API's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, ServiceError, type RuleService } from '../../../adapters/embedding/index.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

let service: RuleService;
let http: TestApp;
const key = testKey('embed-screen', ['*']);

beforeAll(async () => {
  [service, http] = await Promise.all([createRuleService(), createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]) } })]);
}, 180_000);
afterAll(async () => {
  await Promise.all([service?.close(), http?.close()]);
});

/** The FY2027 hand-worked Texas household of docs/screening.md (SNAP $455). */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } },
};

async function httpData(json: unknown): Promise<unknown> {
  const res = await http.request('POST', '/v1/screen', { json, headers: { 'x-api-key': key.key } });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { data: unknown }).data;
}

describe('service.screen', () => {
  it('answers what POST /v1/screen answers, with next questions', async () => {
    const request = { jurisdiction: 'us-tx', household, questions: 3 };
    const embedded = await service.screen(request);
    expect(embedded).toStrictEqual(await httpData(request));
    expect(JSON.stringify(embedded)).toBe(JSON.stringify(await httpData(request)));
    expect(embedded.programs.length).toBeGreaterThan(1);
  });

  it('gives SNAP the figures service.calculate gives', async () => {
    const answer = await service.screen({ jurisdiction: 'us-tx', household, programs: ['snap'], assume_defaults: true, trace: 'none' });
    const snap = answer.programs.find((p) => p.program_id === 'snap');
    // docs/screening.md works this household to $455 a month.
    expect(snap).toMatchObject({ status: 'eligible', amount: 455, amount_period: 'month' });
    expect(answer.trace).toEqual([]);
    const alone = await service.calculate({ program_id: 'snap', jurisdiction: 'us-tx', household });
    expect(snap?.outputs).toEqual(alone.outputs);
  });

  it('refuses with ServiceError and the API codes', async () => {
    const unknown = await service.screen({ jurisdiction: 'us-zz', household }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ServiceError);
    expect(unknown).toMatchObject({ code: 'unsupported_program', status: 422 });
    const bad = await service.screen({ jurisdiction: 'us-tx', household, questions: 500 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_request', status: 400 });
  });
});
