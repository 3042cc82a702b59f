/**
 * parameter_overrides over HTTP (in-process app; every response is checked against the OpenAPI document, so the
 * answer's parameter_overrides and trace entries' overridden_parameters must match their documented schemas):
 * calculate, batch and jobs carry them; refusals are 400 invalid_request naming the parameter or the entry.
 */
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledRuntime } from '../../../adapters/runtime-compiled/compiled-runtime.js';
import { FixtureRuntime } from '../../../adapters/runtime-fixture/fixture-runtime.js';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tenet-overrides-http-'));
const fixture = FixtureRuntime.fromFile(fileURLToPath(new URL('../../fixtures/runtime-fixture.json', import.meta.url)));

const calculator = testKey('calc-user', ['calculate:run']);
const headers = { 'x-api-key': calculator.key };
const STANDARD_DEDUCTION = 'us:statutes/7/2014/e/1#snap_standard_deduction_48_states_dc';
const household = { period: '2026-01', facts: { household_size: 3, earned_income: 1500, shelter_costs: 900 } };
const colorado = { program_id: 'snap', jurisdiction: 'us-co', household };
const changed = { ...colorado, parameter_overrides: { [STANDARD_DEDUCTION]: { 3: 250 } } };

let t: TestApp;

beforeAll(async () => {
  // Only the Colorado package: its federal and State rules and its compose spec.
  for (const dir of ['us', 'us-co', 'programs/us-co']) cpSync(join(rulesRoot, dir), join(scratch, dir), { recursive: true });
  const compiled = await CompiledRuntime.load([scratch], { companionTests: 'off' });
  t = await createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([calculator.entry]) },
    overrides: { ...PLATFORM_ONLY, calculation: { calculators: () => [compiled, fixture] } },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('parameter_overrides over HTTP', () => {
  it('POST /v1/calculate answers with the changed package, says so, and marks the overridden read', async () => {
    const published = await t.request('POST', '/v1/calculate', { json: colorado, headers });
    const res = await t.request('POST', '/v1/calculate', { json: changed, headers });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.package_digest).not.toBe(published.body.data.package_digest);
    expect(data.parameter_overrides).toMatchObject({ current_law: false, base_package_digest: published.body.data.package_digest, parameters: [{ rule_id: STANDARD_DEDUCTION }] });
    expect(data.warnings.some((w: string) => w.startsWith('Not current law:'))).toBe(true);
    const entry = data.trace.find((e: { variable: string }) => e.variable === 'snap_standard_deduction');
    expect(entry).toMatchObject({ value: 250, overridden_parameters: [{ rule_id: STANDARD_DEDUCTION, key: 3, value: 250, overridden: true }] });
    // The standard deduction is 41 higher (250 - 209), so net income is 41 lower and the allotment 30% of it more:
    // the answers differ (the exact allotment is checked against a hand-edited rule file in the runtime tests).
    expect(data.outputs.snap_allotment).toBeGreaterThan(published.body.data.outputs.snap_allotment);
  });

  it('refuses bad overrides with 400 invalid_request naming the parameter', async () => {
    const unknown = await t.request('POST', '/v1/calculate', { json: { ...colorado, parameter_overrides: { snap_standard_deductio_48_states_dc: { 3: 1 } } }, headers });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_request');
    expect(unknown.body.error.message).toContain('did you mean "snap_standard_deduction_48_states_dc"?');
    const wrongType = await t.request('POST', '/v1/calculate', { json: { ...colorado, parameter_overrides: { [STANDARD_DEDUCTION]: 'lots' } }, headers });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toContain(`parameter_overrides["${STANDARD_DEDUCTION}"]: is a table indexed by household_size`);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 1]));
    const tooMany = await t.request('POST', '/v1/calculate', { json: { ...colorado, parameter_overrides: many }, headers });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('at most 20 parameters');
    const notObject = await t.request('POST', '/v1/calculate', { json: { ...colorado, parameter_overrides: [1] }, headers });
    expect(notObject.status).toBe(400);
    const fixturePackage = await t.request('POST', '/v1/calculate', { json: { program_id: 'snap', jurisdiction: 'us-fixture', household: { facts: { household_size: 1 } }, parameter_overrides: { x: 1 } }, headers });
    expect(fixturePackage.status).toBe(400);
    expect(fixturePackage.body.error.message).toContain('only compiled packages accept parameter_overrides');
  });

  it('batch entries take their own overrides; a bad one fails the request naming the entry', async () => {
    const res = await t.request('POST', '/v1/calculate/batch', { json: { requests: [colorado, changed] }, headers });
    expect(res.status).toBe(200);
    const [plain, overridden] = res.body.data.results;
    expect(plain.result.parameter_overrides).toBeUndefined();
    expect(overridden.result.parameter_overrides.current_law).toBe(false);
    expect(overridden.result.package_digest).not.toBe(plain.result.package_digest);
    const bad = await t.request('POST', '/v1/calculate/batch', { json: { requests: [colorado, { ...colorado, parameter_overrides: { snap_earned_income_deduction_rate: 'x' } }] }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^requests\[1\]\.parameter_overrides\["snap_earned_income_deduction_rate"\]/);
  });

  it('job entries keep their overrides through the job store', async () => {
    const submitted = await t.request('POST', '/v1/jobs/calculate', { json: { requests: [changed, colorado] }, headers });
    expect(submitted.status).toBe(202);
    let record = (await t.request('GET', submitted.body.data.status_url, { headers })).body.data;
    for (let i = 0; i < 200 && record.status !== 'succeeded'; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      record = (await t.request('GET', submitted.body.data.status_url, { headers })).body.data;
    }
    expect(record.status).toBe('succeeded');
    expect(record.results[0].result.parameter_overrides.parameters[0].rule_id).toBe(STANDARD_DEDUCTION);
    expect(record.results[1].result.parameter_overrides).toBeUndefined();
  });

  it('the OpenAPI document describes the field and its limit', async () => {
    const doc = (await t.request('GET', '/v1/openapi.json')).body;
    const resolve = (schema: any): any => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
    const request = resolve(doc.paths['/v1/calculate'].post.requestBody.content['application/json'].schema);
    expect(request.properties.parameter_overrides).toMatchObject({ type: 'object', maxProperties: 20 });
    expect(request.properties.parameter_overrides.description).toContain('Parameter overrides');
  });
});
