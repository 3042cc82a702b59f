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

describe('jurisdiction and program ids spelt another way', () => {
  const household = { facts: { household_size: 1 } };
  const listHint = 'GET /v1/runtime/packages lists every executable program_id and jurisdiction pair';

  it('calculate: 422 unsupported_program suggesting the id and saying where the valid ones are listed', async () => {
    for (const jurisdiction of ['TX', 'US-TX', 'tx', 'Texas', 'us_tx']) {
      const res = await calculate({ program_id: 'snap', jurisdiction, household });
      expect(res.status, jurisdiction).toBe(422);
      expect(res.body.error.code).toBe('unsupported_program');
      expect(res.body.error.message).toBe(
        `No runtime package matches program_id "snap" and jurisdiction ${JSON.stringify(jurisdiction)} (did you mean jurisdiction "us-tx"?). ${listHint} (GET /v1/programs lists the programs with rules).`,
      );
    }
    const program = await calculate({ program_id: 'SNAP', jurisdiction: 'us-tx', household });
    expect(program.body.error.message).toContain('(did you mean program_id "snap"?)');
    const both = await calculate({ program_id: 'Snap', jurisdiction: 'TX', household });
    expect(both.body.error.message).toContain('(did you mean program_id "snap" and jurisdiction "us-tx"?)');
    const nothingClose = await calculate({ program_id: 'tanf', jurisdiction: 'us-tx', household });
    expect(nothingClose.body.error.message).toBe(`No runtime package matches program_id "tanf" and jurisdiction "us-tx". ${listHint} (GET /v1/programs lists the programs with rules).`);
  });

  it('runtime package detail and graph: the 404 suggests the id', async () => {
    for (const path of ['/v1/runtime/packages/TX/snap', '/v1/runtime/packages/US-TX/snap/graph', '/v1/runtime/packages/us-tx/snpa']) {
      const res = await t.request('GET', path, { headers });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.error.message, path).toMatch(/\(did you mean (jurisdiction "us-tx"|program_id "snap")\?\)/);
      expect(res.body.error.message).toContain(listHint);
    }
  });

  it('search: a filter no rule carries is a 400 suggesting the id; a known id with no matches is still 200', async () => {
    const search = (json: unknown) => t.request('POST', '/v1/search', { json, headers });
    const tx = await search({ query: 'standard deduction', jurisdiction: 'TX' });
    expect(tx.status).toBe(400);
    expect(tx.body.error.code).toBe('invalid_request');
    expect(tx.body.error.message).toBe(
      'jurisdiction: "TX" is not a jurisdiction id (did you mean "us-tx"?); ids are lower case like us-tx, and GET /v1/programs lists the jurisdictions with rules',
    );
    const program = await search({ query: 'standard deduction', program_id: 'SNAP' });
    expect(program.status).toBe(400);
    expect(program.body.error.message).toContain('program_id: "SNAP" is not the program of any rule (did you mean "snap"?)');
    const found = await search({ query: 'standard deduction', jurisdiction: 'us-tx' });
    expect(found.status).toBe(200);
    expect(found.body.data.results.length).toBeGreaterThan(0);
    // A real jurisdiction id the bundled rules do not cover (Puerto Rico has a nutrition block grant, not SNAP).
    const none = await search({ query: 'standard deduction', jurisdiction: 'us-pr' });
    expect(none.status).toBe(200);
    expect(none.body.data.results).toEqual([]);
  });
});

describe('trace entries over HTTP', () => {
  it('name the entity kind and id of every value, in the documented schema, written exactly as JSON.stringify', async () => {
    const res = await calculate({
      program_id: 'snap',
      jurisdiction: 'us-co',
      household: { period: '2026-01', people: { ann: { age: 34, earned_income: 1500 }, child_1: { age: 4 } } },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify(res.body));
    const trace = res.body.data.trace as Array<{ entity: string; entity_id: string; variable: string }>;
    expect(new Set(trace.map((e) => `${e.entity}/${e.entity_id}`))).toEqual(new Set(['Household/household', 'Person/ann', 'Person/child_1']));
    expect(Object.keys(trace[0])).toEqual(['rule_id', 'variable', 'entity', 'entity_id', 'value', 'sources']);
  });
});

describe('a request without a usable key', () => {
  it('is told how to send a key and where to get a trial key, the same for a missing and a wrong key', async () => {
    const missing = await t.request('GET', '/v1/programs');
    const wrong = await t.request('GET', '/v1/programs', { headers: { 'x-api-key': 'tnt_not-a-real-key' } });
    expect(missing.status).toBe(401);
    expect(missing.body.error.message).toBe(
      'A valid API key is required: send it as x-api-key: <key> or Authorization: Bearer <key>. For a trial key, POST /v1/keys/trial (no key needed).',
    );
    expect(wrong.body.error).toEqual(missing.body.error);
  });
});
