/**
 * POST /v1/screen over HTTP (every response checked against the OpenAPI document by the harness): one household
 * screened for every program of a jurisdiction, its refusals, and the compute units it costs.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ONLY } from '../../../../composition/app.js';
import { createMemoryStores } from '../../../../adapters/memory-store/memory-stores.js';
import { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import { createTestApp, testKey, type TestApp } from '../../../support/http-harness.js';

const RULES = fileURLToPath(new URL('../../../../rules', import.meta.url));
const user = testKey('screen-user', ['calculate:run']);
const reader = testKey('screen-reader', ['rules:read']);
const headers = { 'x-api-key': user.key };
/** The FY2027 hand-worked Texas household (SNAP $455; docs/screening.md works it through). */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } },
};

let t: TestApp;

beforeAll(async () => {
  const runtime = await CompiledRuntime.load([RULES], { companionTests: 'off' });
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([user.entry, reader.entry]) },
    overrides: { ...PLATFORM_ONLY, keys: { stores: createMemoryStores() }, calculation: { calculators: () => [runtime] } },
  });
}, 120_000);
afterAll(async () => t?.close());

describe('POST /v1/screen', () => {
  it('screens every program of the jurisdiction, each as POST /v1/calculate gives it', async () => {
    const res = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household, assume_defaults: true }, headers });
    expect(res.status).toBe(200);
    const data = res.body.data;
    const snap = data.programs.find((p: { program_id: string }) => p.program_id === 'snap');
    expect(snap).toMatchObject({ status: 'eligible', amount: 455, kind: 'near_cash' });
    const alone = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-tx', household }, headers });
    expect(snap.outputs).toEqual(alone.body.data.outputs);
    expect(data.warnings[0]).toMatch(/experimental/);
    expect(data.trace.length).toBeGreaterThan(0);
  });

  it('takes the trace sizes full, decisive and none, and refuses another', async () => {
    const sized = async (trace: string) => (await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household, assume_defaults: true, trace }, headers })).body.data;
    const [full, decisive, none] = [await sized('full'), await sized('decisive'), await sized('none')];
    expect(decisive.trace.length).toBeGreaterThan(0);
    expect(decisive.trace.length).toBeLessThan(full.trace.length);
    expect(decisive.programs).toEqual(full.programs);
    expect(none.trace).toEqual([]);
    expect(none.programs).toEqual(full.programs);
    const bad = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household, trace: 'some' }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('full, decisive or none');
  });

  it('refuses what it cannot screen, with the spec envelope', async () => {
    const unknown = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-zz', household }, headers });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unsupported_program');
    const program = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household, programs: ['snap', 'unicorns'] }, headers });
    expect(program.status).toBe(422);
    expect(program.body.error.message).toContain('unicorns');
    const bad = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household, questions: 500 }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('questions');
    const fact = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household: { ...household, facts: { ...household.facts, unicorn_count: 3 } } }, headers });
    expect(fact.status).toBe(400);
    expect(fact.body.error.message).toContain('unicorn_count');
    const scope = await t.request('POST', '/v1/screen', { json: { jurisdiction: 'us-tx', household }, headers: { 'x-api-key': reader.key } });
    expect(scope.status).toBe(403);
  });
});
