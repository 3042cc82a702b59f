/**
 * Random households (seeded, so a failure replays) through POST /v1/calculate and /v1/calculate/batch on the
 * bundled rules: whatever the household holds, the answer is a 200 or a 4xx naming the problem, never a 5xx;
 * every response matches the OpenAPI document (the harness checks it); and a 200's text is exactly what
 * JSON.stringify gives for its content (answers are written from cached trace pieces).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testKey, type TestApp } from '../../support/http-harness.js';
import { mulberry32 } from '../../support/prng.js';

const user = testKey('fuzz-user', ['calculate:run']);
const headers = { 'x-api-key': user.key };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([{ ...user.entry, rate_limit: { requests: 100_000, window_seconds: 60 } }]) } });
});
afterAll(async () => t.close());

const NAMES = ['age', 'earned_income', 'unearned_income', 'shelter_costs', 'utility_type', 'household_size', 'is_disabled', 'dependent_care_costs', 'medical_expenses', 'rent', 'x', '__proto__', 'constructor', 'toString'];
const STATES = ['us-ak', 'us-co', 'us-ny', 'us-ca', 'us-tx', 'us-dc', 'us-gu', 'us-vi', 'us-zz'];

function households(random: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const value = (depth = 0): unknown => {
    const r = random();
    if (r < 0.3) return Math.round(random() * 5000) / (random() < 0.3 ? 7 : 1);
    if (r < 0.38) return -Math.round(random() * 100);
    if (r < 0.48) return pick([true, false, null]);
    if (r < 0.58) return pick(['heating_cooling', 'none', '', '2026-01', '1e3', 'NaN', '9'.repeat(30)]);
    if (r < 0.63) return pick([1e308, -1e308, 1e13, 0.1 + 0.2, 2 ** 53]);
    if (r < 0.72 && depth < 2) return { '2026-01': value(depth + 1), ...(random() < 0.3 ? { '2025-12': 1 } : {}) };
    if (r < 0.76 && depth < 2) return [value(depth + 1)];
    return Math.floor(random() * 10);
  };
  const record = (n: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i += 1) out[pick(NAMES)] = value();
    return out;
  };
  const household = (): unknown => {
    if (random() < 0.04) return pick([[], 'x', 3, null]);
    const h: Record<string, unknown> = {};
    if (random() < 0.7) h.period = pick(['2026-01', '2025-10', '2027-03', '2020-01', 'bad', 202601, '2026-13']);
    if (random() < 0.8) h.facts = record(Math.floor(random() * 5));
    if (random() < 0.8) {
      const people: Record<string, unknown> = {};
      for (let i = 0; i < Math.floor(random() * 5); i += 1) people[pick(['a', 'b', 'c', 'household', 'person-1'])] = random() < 0.9 ? record(Math.floor(random() * 4)) : value();
      h.people = people;
    }
    if (random() < 0.2) h.spm_units = { u: record(2), v: record(1) };
    if (random() < 0.2) h.entities = { Household: { household: record(2) }, Person: { a: record(1) } };
    if (random() < 0.1) h.relations = { member_of_snap_household: [['a', 'household'], ['b']] };
    return h;
  };
  return () => ({
    program_id: 'snap',
    jurisdiction: pick(STATES),
    household: household(),
    ...(random() < 0.2 ? { variables: [pick(['snap_allotment', 'snap_eligible', 'nope', 'snap_net_income', 'constructor'])] } : {}),
  });
}

describe('random households through the calculation routes', () => {
  it('answer 200 or a 4xx naming the problem, never a 5xx, and 200s are exact JSON', async () => {
    const random = mulberry32(20261121);
    const next = households(random);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i += 1) {
      const batch = random() < 0.15;
      const json = batch ? { requests: Array.from({ length: 1 + Math.floor(random() * 3) }, next) } : next();
      const res = await t.request('POST', batch ? '/v1/calculate/batch' : '/v1/calculate', { json, headers });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `request ${i}: ${JSON.stringify(json).slice(0, 300)}`;
      expect([200, 400, 422], where).toContain(res.status);
      if (res.status === 200) expect(res.text, where).toBe(JSON.stringify(res.body));
      else expect(res.body.error.message.length, where).toBeGreaterThan(10);
    }
    // The generator reaches every outcome, so the checks above are exercised on each.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(5);
    expect(t.logs.entries().filter((e) => e.level === 'error')).toEqual([]);
  });
});
