import { describe, expect, it } from 'vitest';
import { pendingReason } from '../../../../core/domain/compat/pending.js';
import { unusedReason } from '../../../../core/domain/compat/unused.js';

describe('variables of programs Tenet encodes but the compatibility endpoint does not map yet', () => {
  it('the WIC income-test parts are pending; the WIC dollar value is not encoded at all; the judgments are mapped', () => {
    expect(pendingReason('meets_wic_income_test')).toMatch(/^not mapped yet: this endpoint answers is_wic_eligible and wic_category/);
    expect(pendingReason('wic')).toMatch(/^not computed: .* no primary source for the food package's dollar value/);
    expect(pendingReason('is_wic_eligible')).toBeUndefined();
    expect(pendingReason('wic_category')).toBeUndefined();
  });

  it('the credits are mapped; the parts the packages give otherwise name their package and outputs', () => {
    for (const name of ['eitc', 'eitc_eligible', 'ctc', 'refundable_ctc', 'non_refundable_ctc', 'ctc_value']) expect(pendingReason(name)).toBeUndefined();
    expect(pendingReason('ctc_maximum')).toMatch(/^not mapped: us\/ctc .*ctc_child_credit_before_phase_out/);
    expect(pendingReason('eitc_earned_income')).toMatch(/^not mapped: us\/eitc .*tax_unit_earned_income/);
  });

  it('school meals: the tier and countable income are mapped; categorical eligibility is per child; the meals\' dollar value is not encoded', () => {
    for (const name of ['school_meal_tier', 'school_meal_countable_income']) expect(pendingReason(name)).toBeUndefined();
    expect(pendingReason('meets_school_meal_categorical_eligibility')).toMatch(/^not mapped: the school meals packages .* person_outputs/);
    for (const name of ['free_school_meals', 'reduced_price_school_meals']) expect(pendingReason(name)).toMatch(/^not computed: the school meals packages state eligibility only/);
    expect(pendingReason('spm_unit_fpg')).toMatch(/calendar year/);
    expect(unusedReason('school_meal_fpg_ratio', 'spm_units')).toMatch(/intermediate of PolicyEngine's own school meals computation/);
  });

  it('Head Start: eligibility is mapped; the amounts are not encoded; the programs\' options are named', () => {
    for (const name of ['is_head_start_eligible', 'is_early_head_start_eligible', 'is_head_start_income_eligible']) expect(pendingReason(name)).toBeUndefined();
    for (const name of ['head_start', 'early_head_start']) expect(pendingReason(name)).toMatch(/^not computed: Head Start is free to the family/);
    expect(unusedReason('head_start_uses_discretionary_income_limit', 'spm_units')).toMatch(/1302\.12\(d\)/);
    expect(unusedReason('head_start_applies_housing_cost_adjustment', 'spm_units')).toMatch(/not encoded/);
  });

  it('any other name, and Object.prototype keys, have no pending reason', () => {
    expect(pendingReason('snap')).toBeUndefined();
    expect(pendingReason('head_start_amount')).toBeUndefined();
    expect(pendingReason('constructor')).toBeUndefined();
  });

  it('a credit intermediate given as an input is not accepted; a WIC intermediate neither', () => {
    for (const name of ['ctc_qualifying_child', 'eitc_phase_in_rate']) {
      expect(unusedReason(name, 'people')).toMatch(/^ignored: PolicyEngine's own EITC or CTC intermediate: Tenet computes the credits from the tax unit's facts/);
    }
    for (const name of ['receives_wic', 'wic_food_package_str', 'is_wic_eligible']) {
      expect(unusedReason(name, 'people')).toMatch(/PolicyEngine's own WIC intermediate, receipt or take-up/);
    }
    expect(unusedReason('tanf_reported', 'people')).toMatch(/another program's variable: this endpoint reads another program only as an amount or receipt given/);
  });
});
