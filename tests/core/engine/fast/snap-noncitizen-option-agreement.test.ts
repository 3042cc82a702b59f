/**
 * Fast path = explain path for the State choices of 7 CFR 273.11(c)(3)(i) (issue #12 item 2): random mixed-status
 * households in a count_all State (Maine), a count_all_for_gross_test State (Hawaii) and a pro_rata State
 * (Missouri), with members who pay rent, dependent care and child support, and some disqualified members. Every
 * output and every trace entry must agree, and every household runs on generated code: a pro rata share like
 * 2/3 is rounded to the cent there exactly as on the explain path (rqdiv).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatePackage, type PackageRequest } from '../../../../core/engine/package/index.js';
import { evaluatePackageFast } from '../../../../core/engine/fast/evaluate/package.js';
import { loadProgramPackage, mulberry32, PERSON_FACT_DEFAULTS } from '../../../support/snap-households.js';

const ROOT = resolve(import.meta.dirname, '../../../../rules');
const STATUSES = ['citizen', 'citizen', 'undocumented_or_temporary', 'ineligible_noncitizen', 'eligible_noncitizen'];

function households(n: number, seed: number): PackageRequest[] {
  const r = mulberry32(seed);
  const cents = (max: number): number => (r() < 0.5 ? 0 : Math.round(r() * max * 100) / 100);
  const out: PackageRequest[] = [];
  for (let k = 0; k < n; k++) {
    const household = { household_size: 1 + Math.floor(r() * 4), earned_income: cents(2500), unearned_income: cents(800), shelter_costs: cents(1200),
      dependent_care_costs: 0, medical_costs: 0, child_support_paid: 0, countable_resources: cents(4000), has_elderly_or_disabled_member: false,
      is_homeless: false, all_members_receive_tanf_or_ssi: false, utility_type: ['heating_cooling', 'limited', 'none'][Math.floor(r() * 3)],
      vehicle_fair_market_value: 0, second_vehicle_fair_market_value: 0, second_vehicle_amount_owed: 0, second_vehicle_exempt_from_equity_test: false };
    const inputs: Record<string, Record<string, unknown>> = { household };
    const tuples: [string, string][] = [];
    const count = 1 + Math.floor(r() * 4);
    for (let j = 0; j < count; j++) {
      const id = `p${j + 1}`;
      inputs[id] = {
        ...PERSON_FACT_DEFAULTS, age: Math.floor(r() * 70), is_disabled: false, earned_income: cents(2000), unearned_income: cents(600), medical_costs: 0,
        citizenship_status: STATUSES[Math.floor(r() * STATUSES.length)], work_rule_disqualified: r() < 0.1, ssn_noncompliant: r() < 0.1,
        shelter_costs: cents(900), dependent_care_costs: cents(300), child_support_paid: cents(300), countable_resources: cents(2000),
      };
      tuples.push([id, 'household']);
    }
    out.push({ period: '2026-01', inputs, relations: { member_of_snap_household: tuples } });
  }
  return out;
}

describe('273.11(c)(3)(i) State choices: fast path = explain path', () => {
  for (const [state, seed] of [['us-me', 1], ['us-hi', 2], ['us-mo', 3]] as const) {
    it(`${state}: 300 mixed-status households agree on outputs and trace`, async () => {
      const pkg = await loadProgramPackage(ROOT, `programs/${state}/snap/fy-2026.yaml`);
      let fast = 0;
      for (const request of households(300, seed)) {
        const explain = evaluatePackage(pkg, { ...request, trace: true });
        const got = evaluatePackageFast(pkg, { ...request, trace: true });
        if (got.path === 'fast') fast++;
        expect(JSON.stringify({ outputs: got.outputs, errors: got.errors })).toBe(JSON.stringify({ outputs: explain.outputs, errors: explain.errors }));
        expect(got.trace).toEqual(explain.trace);
      }
      // All cents, no missing facts: nothing leaves the kernel's envelope, shares like 2/3 included.
      expect(fast).toBe(300);
    }, 120_000);
  }
});
