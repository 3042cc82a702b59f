/**
 * The compatibility use case is built once per app with the app's meter: each monthly calculation of a program a wire
 * household needs is charged to the caller through the ComputeMeter port, as calculate charges its entry; several
 * programs of one unit-month evaluated together in one screen are charged one unit per program, as one by one.
 */
import { PLATFORM_ONLY } from '../../../../../composition/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputeMeter } from '../../../../../core/ports/compute-meter.js';
import { createTestApp, type TestApp } from '../../../../support/http-harness.js';
import { auth, bundledRuntime, ordinary, partner } from './support.js';

describe('POST /v1/household/us/calculate charges the compute meter', () => {
  let t: TestApp;
  const charges: Array<{ key: string | null; units: number }> = [];
  const meter: ComputeMeter = {
    charge: async (principal, units) => void charges.push({ key: principal?.key_id ?? null, units }),
    refund: async () => {},
  };

  beforeAll(async () => {
    const runtime = await bundledRuntime();
    t = await createTestApp({
      env: { SERVICE_API_KEYS: JSON.stringify([partner.entry, ordinary.entry]) },
      overrides: { ...PLATFORM_ONLY, keys: {}, calculation: { calculators: () => [runtime] }, meter },
    });
  }, 120_000);
  afterAll(() => t.close());

  it('one unit per monthly calculation, to the calling key', async () => {
    const people = { parent: { age: { 2026: 34 }, employment_income: { 2026: 24_000 } } };
    const household = {
      people,
      spm_units: { unit: { members: ['parent'], snap: { '2026-01': null, '2026-02': null } } },
      households: { home: { members: ['parent'], state_code: { 2026: 'CO' } } },
    };
    const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
    expect(res.status).toBe(200);
    expect(charges).toEqual([
      { key: 'partner', units: 1 },
      { key: 'partner', units: 1 },
    ]);
  });

  it('several programs of one unit-month, evaluated together, cost one unit per program, charged once', async () => {
    charges.length = 0;
    const household = {
      people: { parent: { age: 34, employment_income: 24_000 }, child: { age: 4, is_head_start_eligible: { '2026-01': null } } },
      spm_units: { unit: { members: ['parent', 'child'], snap: { '2026-01': null }, is_lifeline_eligible: { '2026-01': null } } },
      households: { home: { members: ['parent', 'child'], state_code: 'CO' } },
    };
    const res = await t.request('POST', '/v1/household/us/calculate', { json: { household }, headers: auth(partner) });
    expect(res.status).toBe(200);
    // SNAP, Head Start and Lifeline in January 2026: one screen evaluation, three units.
    expect(charges).toEqual([{ key: 'partner', units: 3 }]);
  });
});
