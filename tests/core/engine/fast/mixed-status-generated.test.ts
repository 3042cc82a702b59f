/**
 * Mixed-status households (7 CFR 273.11(c): an excluded member's income and expenses count pro rata) run on
 * generated code (#12/#14): a share such as 400.00 x 2/3 is an inexact quotient that the rule rounds to the
 * cent (half up), which the kernel now computes exactly (rqdiv) instead of handing the household back.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePackage, type PackageRequest, type RuntimePackage } from '../../../../core/engine/package/index.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';
import { PackageSession } from '../../../../core/engine/fast/evaluate/session.js';
import { loadProgramPackage, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');

const HOUSEHOLD = {
  household_size: 3, earned_income: 0, unearned_income: 0, shelter_costs: 0, dependent_care_costs: 0, medical_costs: 0, child_support_paid: 0,
  countable_resources: 0, has_elderly_or_disabled_member: false, is_homeless: false, all_members_receive_tanf_or_ssi: false, utility_type: 'none',
  vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, second_vehicle_amount_owed: 0, second_vehicle_exempt_from_equity_test: false,
};

function person(facts: Record<string, unknown>): Record<string, unknown> {
  return { ...PERSON_FACT_DEFAULTS, age: 35, is_disabled: false, earned_income: 0, unearned_income: 0, medical_costs: 0, ...facts };
}

/** `size` people; the last is an ineligible non-citizen earning 500.00 and paying 400.00 shelter costs. */
function people(size: number): Record<string, unknown>[] {
  const out = [person({ earned_income: 1000 })];
  for (let i = 2; i < size; i++) out.push(person({}));
  out.push(person({ citizenship_status: 'ineligible_noncitizen', earned_income: 500, shelter_costs: 400 }));
  return out;
}

function request(size: number): PackageRequest {
  const list = people(size);
  const inputs: Record<string, Record<string, unknown>> = { household: { ...HOUSEHOLD, household_size: size } };
  list.forEach((p, i) => (inputs[`p${i + 1}`] = p));
  return { period: '2026-01', inputs, relations: { member_of_snap_household: list.map((_, i): [string, string] => [`p${i + 1}`, 'household']) } };
}

describe('mixed-status households on generated code (pro rata shares rounded exactly)', () => {
  let pkg: RuntimePackage;
  beforeAll(async () => {
    pkg = await loadProgramPackage(ROOT, 'programs/us-co/snap/fy-2026.yaml');
  });

  it('one ineligible non-citizen of 3: generated code, 2/3 shares rounded half up, same outputs and trace', () => {
    const explain = evaluatePackage(pkg, { ...request(3), trace: true });
    const fast = evaluatePackageFast(pkg, { ...request(3), trace: true });
    expect(fast.path).toBe('fast');
    expect(JSON.stringify(fast.outputs)).toBe(JSON.stringify(explain.outputs));
    expect(fast.trace).toEqual(explain.trace);
    const value = (name: string) => fast.trace!.find((entry) => entry.name === name)?.value;
    // 400.00 x (3 - 1) / 3 = 266.666... -> 266.67; 500.00 x 2 / 3 = 333.333... -> 333.33.
    expect(value('snap_pro_rata_shelter_costs')).toBe(266.67);
    // Gross income: 1,000.00 + 333.33.
    expect(fast.outputs.snap_gross_income).toBe(1333.33);
  });

  it('one excluded member of 2 to 9 (thirds, sevenths, ninths): every household on generated code, same outputs', () => {
    const session = new PackageSession(pkg, { period: '2026-01', outputs: pkg.outputs.map((o) => o.name) });
    for (let size = 2; size <= 9; size++) {
      const explain = evaluatePackage(pkg, request(size));
      expect(evaluatePackageFast(pkg, request(size)).path).toBe('fast');
      const carried = session.evaluate({ ...HOUSEHOLD, household_size: size }, people(size));
      expect(carried).toBeDefined(); // undefined would mean the explain path answered
      expect(JSON.stringify(carried)).toBe(JSON.stringify(explain.outputs));
    }
  });
});
