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

  it('school meals: the tier waits for per-child person outputs; the meals\' dollar value is not encoded', () => {
    for (const name of ['school_meal_tier', 'meets_school_meal_categorical_eligibility']) expect(pendingReason(name)).toMatch(/^not mapped yet: the school meals packages .* person_outputs/);
    for (const name of ['free_school_meals', 'reduced_price_school_meals']) expect(pendingReason(name)).toMatch(/^not computed: the school meals packages state eligibility only/);
    expect(unusedReason('school_meal_net_subsidy', 'spm_units')).toMatch(/a school meals input: this endpoint computes SNAP, Lifeline and WIC; .*POST \/v1\/calculate/);
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
    expect(unusedReason('tanf_reported', 'people')).toMatch(/another program's variable: this endpoint computes SNAP and Lifeline/);
  });
});
