/** The migration ledger shows the variables the compatibility endpoint computes as mapped (scripts/migration-ledger.ts). */
import { describe, expect, it } from 'vitest';
import { coveredJurisdictions, updateLedger } from '../../../../scripts/migration-ledger.js';

describe('updateLedger', () => {
  it('marks the variables the endpoint computes mapped, with the program and its jurisdictions, and leaves the rest awaiting', () => {
    const ledger = {
      partner: 'example',
      variables: [
        { name: 'snap', demand_weight: 0.9 },
        { name: 'is_lifeline_eligible', status: 'awaiting', demand_weight: 0.4 },
        { name: 'lifeline', status: 'awaiting' },
        { name: 'is_lifeline_income_eligible' },
        { name: 'school_meal_tier', status: 'awaiting', demand_weight: 0.7 },
        { name: 'school_meal_countable_income' },
        { name: 'is_head_start_eligible', status: 'awaiting' },
        { name: 'is_early_head_start_eligible' },
        { name: 'is_wic_eligible' },
        { name: 'free_school_meals', status: 'awaiting' },
        { name: 'head_start' },
        { name: 'spm_unit_fpg' },
      ],
    };
    const updated = updateLedger(ledger) as { partner: string; variables: Array<Record<string, unknown>> };
    expect(updated.partner).toBe('example');
    const byName = Object.fromEntries(updated.variables.map((v) => [v.name, v]));
    expect(byName.snap).toMatchObject({ status: 'mapped', program: 'snap', package_output: 'snap_allotment', demand_weight: 0.9 });
    expect(byName.is_lifeline_eligible).toMatchObject({ status: 'mapped', program: 'lifeline', package_output: 'lifeline_eligible', demand_weight: 0.4 });
    expect(byName.lifeline).toMatchObject({ status: 'mapped', program: 'lifeline', package_output: 'lifeline_benefit' });
    expect(byName.is_lifeline_income_eligible).toMatchObject({ status: 'mapped', package_output: 'lifeline_income_eligible' });
    expect((byName.lifeline.covered_states as string[]).length).toBe(56);
    expect(byName.lifeline.covered_states).toContain('us-pr');
    expect((byName.snap.covered_states as string[]).length).toBe(53);
    expect(byName.school_meal_tier).toMatchObject({ status: 'mapped', program: 'school_meals', package_output: 'school_meals_household_tier', demand_weight: 0.7 });
    expect(byName.school_meal_countable_income).toMatchObject({ status: 'mapped', program: 'school_meals', package_output: 'school_meals_household_monthly_income' });
    // 50 States, DC, Guam, the Virgin Islands and Puerto Rico (docs/school-meals-coverage.md).
    expect((byName.school_meal_tier.covered_states as string[]).length).toBe(54);
    expect(byName.is_head_start_eligible).toMatchObject({ status: 'mapped', program: 'head_start', package_output: 'head_start_eligible_children' });
    expect(byName.is_early_head_start_eligible).toMatchObject({ status: 'mapped', program: 'head_start', package_output: 'early_head_start_eligible_people' });
    expect(byName.is_head_start_eligible.covered_states).toEqual(coveredJurisdictions('head_start'));
    expect(byName.is_wic_eligible).toMatchObject({ status: 'mapped', program: 'wic', package_output: 'wic_eligible' });
    // Dollar values no package encodes stay awaiting.
    expect(byName.free_school_meals).toEqual({ name: 'free_school_meals', status: 'awaiting' });
    expect(byName.head_start).toEqual({ name: 'head_start', status: 'awaiting' });
    expect(byName.spm_unit_fpg).toEqual({ name: 'spm_unit_fpg', status: 'awaiting' });
    expect(ledger.variables[0]).toEqual({ name: 'snap', demand_weight: 0.9 });
  });

  it('marks the federal credits mapped to the packages us/eitc and us/ctc, covering the federal jurisdiction', () => {
    const updated = updateLedger({ variables: [{ name: 'eitc' }, { name: 'refundable_ctc', status: 'awaiting' }, { name: 'ctc_maximum' }] }) as { variables: Array<Record<string, unknown>> };
    const byName = Object.fromEntries(updated.variables.map((v) => [v.name, v]));
    expect(byName.eitc).toMatchObject({ status: 'mapped', program: 'eitc', package_output: 'eitc_unrounded', covered_states: ['us'] });
    expect(byName.refundable_ctc).toMatchObject({ status: 'mapped', program: 'ctc', package_output: 'ctc_refundable', covered_states: ['us'] });
    expect(byName.ctc_maximum).toEqual({ name: 'ctc_maximum', status: 'awaiting' });
  });

  it('marks Medicaid and CHIP mapped to the State Medicaid packages', () => {
    const updated = updateLedger({ variables: [{ name: 'is_medicaid_eligible' }, { name: 'chip_category' }] }) as { variables: Array<Record<string, unknown>> };
    const byName = Object.fromEntries(updated.variables.map((v) => [v.name, v]));
    expect(byName.is_medicaid_eligible).toMatchObject({ status: 'mapped', program: 'medicaid', package_output: 'medicaid_person_eligible' });
    expect(byName.chip_category).toMatchObject({ status: 'mapped', program: 'medicaid', package_output: 'chip_category' });
    expect((byName.is_medicaid_eligible.covered_states as string[]).length).toBe(51);
  });
});
