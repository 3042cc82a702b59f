/**
 * service.screenSweep of the embedding API: the same answer as POST /v1/screen/sweep's `data` (field order
 * included), the SNAP allotment over the range equal to service.sweep of SNAP alone, and refusals as ServiceError
 * with the API's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, ServiceError, type RuleService } from '../../../adapters/embedding/index.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

let service: RuleService;
let http: TestApp;
const key = testKey('embed-screen-sweep', ['*']);

beforeAll(async () => {
  [service, http] = await Promise.all([createRuleService(), createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]), TENET_CALC_TIME_LIMIT_MS: '60000' } })]);
}, 180_000);
afterAll(async () => {
  await Promise.all([service?.close(), http?.close()]);
});

/** The FY2027 hand-worked Texas household of docs/screening.md (SNAP $455 at $2,000 of earnings). */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } },
};
const request = { jurisdiction: 'us-tx', household, programs: ['lifeline', 'snap', 'wic'], axis: { from: 1900, to: 2100 } };

describe('service.screenSweep', () => {
  it('answers what POST /v1/screen/sweep answers', async () => {
    const embedded = await service.screenSweep(request);
    const res = await http.request('POST', '/v1/screen/sweep', { json: request, headers: { 'x-api-key': key.key } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(embedded)).toBe(JSON.stringify((JSON.parse(res.text) as { data: unknown }).data));
    expect(embedded.axis).toMatchObject({ input: 'earned_income', person: 'parent', defaulted: true });
  });

  it("describes SNAP's allotment as service.sweep of SNAP alone does", async () => {
    const combined = await service.screenSweep(request);
    const alone = await service.sweep({ program_id: 'snap', jurisdiction: 'us-tx', household, axis: { input: 'earned_income', person: 'parent', from: 1900, to: 2100 }, outputs: ['snap_allotment'] });
    const snap = combined.programs.find((p) => p.program_id === 'snap');
    expect(snap?.amount?.segments).toEqual(alone.outputs.snap_allotment.segments);
    expect(snap?.amount?.breakpoints.map((b) => [b.at, b.before, b.after, b.rule_id])).toEqual(alone.outputs.snap_allotment.breakpoints.map((b) => [b.at, b.before, b.after, b.rule_id]));
    // At $2,000 the allotment is $455 (docs/screening.md) and Lifeline adds $9.25: the total there is $464.25.
    const at2000 = combined.total.segments.find((s) => Number(s.from) <= 2000 && Number(s.to) >= 2000);
    expect(at2000).toMatchObject({ value: 464.25, slope: 0 });
  });

  it('refuses with ServiceError and the API codes', async () => {
    const unknown = await service.screenSweep({ ...request, jurisdiction: 'us-zz' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ServiceError);
    expect(unknown).toMatchObject({ code: 'unsupported_program', status: 422 });
    const bad = await service.screenSweep({ ...request, axis: { from: 10, to: 5 } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_request', status: 400 });
  });
});
