/**
 * What a new API consumer meets in the first hour (issue #15), against the fully wired app with the bundled
 * rules: misplaced household facts, jurisdiction and program ids spelt another way, and traces that name the
 * entity. Every response is checked against the OpenAPI document by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';

const user = testKey('first-hour', ['rules:read', 'calculate:run']);
const headers = { 'x-api-key': user.key };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([{ ...user.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }]) } });
});
afterAll(async () => t.close());

const calculate = (json: unknown) => t.request('POST', '/v1/calculate', { json, headers });

describe('a fact placed at the top level of the household', () => {
  it('is refused with 400 invalid_household saying where it belongs, instead of a confident answer for another household', async () => {
    const res = await calculate({ program_id: 'snap', jurisdiction: 'us-tx', household: { household_size: 3, earned_income: 2000 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_household');
    expect(res.body.error.message).toContain('household.household_size: an input of this package belongs at household.facts.household_size');
    expect(res.body.error.message).toContain('household.earned_income: an input of this package belongs at household.facts.earned_income');
  });

  it('is refused in a batch entry too, as the error of that entry', async () => {
    const res = await t.request('POST', '/v1/calculate/batch', {
      json: { requests: [{ program_id: 'snap', jurisdiction: 'us-tx', household: { facts: { household_size: 1 } } }, { program_id: 'snap', jurisdiction: 'us-tx', household: { household_size: 3 } }] },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results[0].status).toBe('ok');
    expect(res.body.data.results[1].error.code).toBe('invalid_household');
    expect(res.body.data.results[1].error.message).toContain('belongs at household.facts.household_size');
  });

  it('keeps the warning for a key that names no input, and the answer is the same as without it', async () => {
    const household = { period: '2026-01', facts: { household_size: 3, earned_income: 2000, shelter_costs: 900, utility_type: 'heating_cooling' } };
    const plain = await calculate({ program_id: 'snap', jurisdiction: 'us-tx', household });
    const noted = await calculate({ program_id: 'snap', jurisdiction: 'us-tx', household: { ...household, case_note: 'walk-in' } });
    expect(noted.status).toBe(200);
    expect(noted.body.data.outputs).toEqual(plain.body.data.outputs);
    expect(noted.body.data.warnings).toContain('household.case_note is not a recognised household convention and was ignored.');
  });
});
