import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryAnalyticsStore } from '../../../../../adapters/memory-store/analytics.js';
import { contractHash } from '../../../../../composition/subsystems/operations.js';
import { ServiceError } from '../../../../../core/domain/errors.js';
import type { ValidationRunStore } from '../../../../../core/ports/validation-run-store.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { acquireRedis, deletePrefix, dumpPrefix, uniquePrefix } from '../../../../support/redis.js';
import { analyst, auth, operationsApp, reader } from './support.js';

const RUN = {
  kind: 'parity',
  rows: [
    { variable: 'snap', status: 'parity_match' },
    { variable: 'snap_gross_income', status: 'parity_diff', expected: 2000, actual: 1999 },
    { variable: 'snap_net_income', status: 'drift_diff' },
    { variable: 'wic', status: 'uncovered' },
  ],
  cases: [{ id: 'c1', latency_ms: 10 }, { id: 'c2', latency_ms: 21 }],
  api_version: '0.1.0',
  base_url: 'https://tenet.example',
  model_versions: { tenet: '0.1.0', policyengine_us: '1.2.3' },
};

describe('validation runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await operationsApp();
  });
  afterAll(() => t.close());

  it('201 with the summary: totals from row statuses, mean case latency, contract hash of the served document', async () => {
    const res = await t.request('POST', '/v1/admin/validation/runs', { json: RUN, headers: auth(analyst) });
    expect(res.status).toBe(201);
    const summary = res.body.data;
    expect(summary.id).toMatch(/^vr-\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(summary).toMatchObject({
      kind: 'parity',
      api_version: '0.1.0',
      base_url: 'https://tenet.example',
      model_versions: { tenet: '0.1.0', policyengine_us: '1.2.3' },
      totals: { variables: 4, covered: 3, parity_match: 1, parity_diff: 1, drift_diff: 1, uncovered: 1 },
      avg_case_latency_ms: 16,
    });
    expect(summary.contract_hash).toBe(contractHash(t.app.openapi));
    expect(summary.contract_hash).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(summary).not.toHaveProperty('rows');
  });

  it('200 lists summaries newest first and 200 returns the full record; 404 for an unknown run', async () => {
    const second = await t.request('POST', '/v1/admin/validation/runs', { json: { kind: 'drift', rows: [] }, headers: auth(analyst) });
    expect(second.body.data).toMatchObject({ api_version: null, base_url: null, model_versions: null, avg_case_latency_ms: null });
    const list = await t.request('GET', '/v1/admin/validation/runs', { headers: auth(analyst) });
    expect(list.status).toBe(200);
    expect(list.body.data.runs.map((r: { kind: string }) => r.kind)).toEqual(['drift', 'parity']);
    const id = list.body.data.runs[1].id;
    const one = await t.request('GET', `/v1/admin/validation/runs/${id}`, { headers: auth(analyst) });
    expect(one.status).toBe(200);
    expect(one.body.data.rows).toEqual(RUN.rows);
    expect(one.body.data.cases).toEqual(RUN.cases);
    expect(one.body.data.id).toBe(id);
    const missing = await t.request('GET', '/v1/admin/validation/runs/vr-nope', { headers: auth(analyst) });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('400 for a body without kind or rows, a row without a known status, or a bad latency', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ rows: [] }, /kind/],
      [{ kind: 'parity' }, /rows/],
      [{ kind: 'parity', rows: [1] }, /rows/],
      [{ kind: 'parity', rows: [{ status: 'ok' }] }, /rows\[0\]\.status/],
      [{ kind: 'parity', rows: [], cases: [{ latency_ms: -3 }] }, /cases\[0\]\.latency_ms/],
      [{ kind: 'parity', rows: [], model_versions: 'v1' }, /model_versions/],
    ];
    for (const [json, message] of cases) {
      const res = await t.request('POST', '/v1/admin/validation/runs', { json, headers: auth(analyst) });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(message);
    }
  });

  it('401 without a key; 403 for publication and reads without admin:analytics', async () => {
    expect((await t.request('GET', '/v1/admin/validation/runs')).status).toBe(401);
    for (const [method, path] of [
      ['POST', '/v1/admin/validation/runs'],
      ['GET', '/v1/admin/validation/runs'],
      ['GET', '/v1/admin/validation/runs/vr-x'],
      ['GET', '/v1/admin/validation/migration'],
    ] as const) {
      const res = await t.request(method, path, { headers: auth(reader), ...(method === 'POST' ? { json: { kind: 'k', rows: [] } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('validation runs with the store down', () => {
  const down = (): never => {
    throw new ServiceError('store_unavailable');
  };
  const store: ValidationRunStore = { name: 'redis', save: async () => down(), listSummaries: async () => down(), get: async () => down() };
  let t: TestApp;
  beforeAll(async () => {
    t = await operationsApp({ stores: { analytics: new MemoryAnalyticsStore(), runs: store } });
  });
  afterAll(() => t.close());

  it('503 store_unavailable on publish, list and read', async () => {
    expect((await t.request('POST', '/v1/admin/validation/runs', { json: { kind: 'k', rows: [] }, headers: auth(analyst) })).status).toBe(503);
    expect((await t.request('GET', '/v1/admin/validation/runs', { headers: auth(analyst) })).status).toBe(503);
    expect((await t.request('GET', '/v1/admin/validation/runs/vr-1', { headers: auth(analyst) })).status).toBe(503);
  });
});

describe('GET /v1/admin/validation/migration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tenet-ledger-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('404 not_found when no ledger is bundled (the default)', async () => {
    const t = await operationsApp();
    try {
      const res = await t.request('GET', '/v1/admin/validation/migration', { headers: auth(analyst) });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/MIGRATION_LEDGER_PATH/);
    } finally {
      await t.close();
    }
  });

  it('200 returns the configured ledger file as is', async () => {
    const ledger = { partner: 'example', variables: [{ name: 'snap', status: 'mapped', demand_weight: 0.9, covered_states: ['us-co'] }] };
    const path = join(dir, 'ledger.json');
    await writeFile(path, JSON.stringify(ledger));
    const t = await operationsApp({ settings: { migrationLedgerPath: path } });
    try {
      const res = await t.request('GET', '/v1/admin/validation/migration', { headers: auth(analyst) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(ledger);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a ledger that is not a JSON object', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(path, '[1, 2]');
    await expect(operationsApp({ settings: { migrationLedgerPath: path } })).rejects.toThrow(/must hold a JSON object/);
  });
});

const redis = await acquireRedis('validation runs (shared over Redis)');
describe.skipIf(!redis)('validation runs shared by instances over Redis', () => {
  it('a run published on one instance is listed and read on another', async () => {
    const prefix = uniquePrefix('validation-runs');
    const env = { REDIS_URL: redis!.url, REDIS_KEY_PREFIX: prefix };
    const a = await operationsApp({}, env);
    const b = await operationsApp({}, env);
    try {
      const published = await a.request('POST', '/v1/admin/validation/runs', { json: RUN, headers: auth(analyst) });
      expect(published.status).toBe(201);
      // The store writes under the prefix this app was configured with, not a process-wide default.
      expect((await dumpPrefix(redis!.url, prefix)).length).toBeGreaterThan(0);
      const list = await b.request('GET', '/v1/admin/validation/runs', { headers: auth(analyst) });
      expect(list.body.data.runs).toEqual([published.body.data]);
      const one = await b.request('GET', `/v1/admin/validation/runs/${published.body.data.id}`, { headers: auth(analyst) });
      expect(one.body.data.rows).toEqual(RUN.rows);
    } finally {
      await a.close();
      await b.close();
      await deletePrefix(redis!.url, prefix);
      await redis!.stop();
    }
  });
});
