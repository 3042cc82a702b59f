/**
 * The inputs the federal tax credit packages (EITC, CTC) read, with their canonical ids, types, defaults and
 * words. Names SNAP defined keep SNAP's words (copied from scripts/lib/snap-input-docs.mjs and
 * snap-person-facts.mjs, as the household vocabulary requires); the names the tax packages introduced are written
 * once in scripts/lib/household-vocabulary.mjs. `age` and `relationship_to_head` have no default: every listed
 * person states them (a missing one is 400 invalid_household naming it), because who files and who is a
 * qualifying child cannot be guessed.
 */
import { PERSON_INPUT_DOCS } from './snap-input-docs.mjs';
import { PERSON_FACT_DOCS } from './snap-person-facts.mjs';
import { TAX_HOUSEHOLD_FACTS, TAX_PERSON_FACTS } from './household-vocabulary.mjs';

const words = ({ description, period, unit }) => ({ description, period, unit });

/** alias -> { id, type, default?, doc, values?, material? } */
export const TAX_PERSON_INPUTS = {
  age: { id: 'us:statutes/26/152#input.age', type: 'Integer', doc: PERSON_INPUT_DOCS.age },
  relationship_to_head: { id: 'us:statutes/26/152#input.relationship_to_head', type: 'Text', doc: words(TAX_PERSON_FACTS.relationship_to_head), values: TAX_PERSON_FACTS.relationship_to_head.values },
  earned_income: { id: 'us:statutes/26/62#input.earned_income', type: 'Money', default: 0, doc: PERSON_INPUT_DOCS.earned_income },
  self_employment_income: { id: 'us:statutes/26/62#input.self_employment_income', type: 'Money', default: 0, doc: PERSON_FACT_DOCS.self_employment_income },
  self_employment_costs: { id: 'us:statutes/26/62#input.self_employment_costs', type: 'Money', default: 0, doc: PERSON_FACT_DOCS.self_employment_costs },
  investment_income: { id: 'us:statutes/26/62#input.investment_income', type: 'Money', default: 0, doc: words(TAX_PERSON_FACTS.investment_income) },
  other_taxable_income: { id: 'us:statutes/26/62#input.other_taxable_income', type: 'Money', default: 0, doc: words(TAX_PERSON_FACTS.other_taxable_income) },
  has_valid_ssn: {
    id: 'us:statutes/26/152#input.has_valid_ssn', type: 'Boolean', default: true, doc: words(TAX_PERSON_FACTS.has_valid_ssn),
    material: { reason: 'a filer without a Social Security number valid for employment gets no earned income credit (26 U.S.C. 32(m)) and, from 2025, no child tax credit for children unless the spouse on a joint return has one (24(h)(7)); a child without one is no qualifying child for the earned income credit (32(c)(3)(D)) and gets the $500 credit for other dependents instead of the child tax credit (24(h)(4), (7))' },
  },
  is_full_time_student: {
    id: 'us:statutes/26/152#input.is_full_time_student', type: 'Boolean', default: false, doc: words(TAX_PERSON_FACTS.is_full_time_student),
    material: { unless_output: 'tax_unit_older_dependant_facts_immaterial', reason: 'a child of 19 to 23 who is a full-time student is still a qualifying child (26 U.S.C. 152(c)(3)(A)(ii))' },
  },
  is_permanently_and_totally_disabled: {
    id: 'us:statutes/26/152#input.is_permanently_and_totally_disabled', type: 'Boolean', default: false, doc: words(TAX_PERSON_FACTS.is_permanently_and_totally_disabled),
    material: { unless_output: 'tax_unit_older_dependant_facts_immaterial', reason: 'a child of 19 or over who is permanently and totally disabled is still a qualifying child (26 U.S.C. 152(c)(3)(B))' },
  },
  lived_with_filer_over_half_year: {
    id: 'us:statutes/26/152#input.lived_with_filer_over_half_year', type: 'Boolean', default: true, doc: words(TAX_PERSON_FACTS.lived_with_filer_over_half_year),
    // Listed for people under 19 only: the filers are adults, and an older child's other facts are listed already.
    material: { ages: [0, 18], unless_output: 'tax_unit_has_no_dependant_candidates', reason: 'a child is a qualifying child only if the child lived with the filers for more than half the tax year (26 U.S.C. 152(c)(1)(B))' },
  },
};

/** alias -> { id, type, default, doc, values?, material?, given_flag? } */
export const TAX_HOUSEHOLD_INPUTS = {
  filing_status: {
    id: 'us:statutes/26/2#input.filing_status', type: 'Text', default: 'single', doc: words(TAX_HOUSEHOLD_FACTS.filing_status), values: TAX_HOUSEHOLD_FACTS.filing_status.values,
    material: { inferred_from: 'tax_filing_status', reason: 'the filing status sets the phaseout amounts, the standard deduction and the tax brackets, and a married person filing separately gets no earned income credit (26 U.S.C. 1(j), 24(h)(3), 32(b)(2)(B), (d), 63(c)); not given, it was derived from the people listed: joint with a listed spouse, head_of_household with a qualifying child, single otherwise (docs/tax-credits.md)' },
  },
  filing_status_given: { id: 'us:statutes/26/2#input.filing_status_given', type: 'Boolean', default: false, doc: words(TAX_HOUSEHOLD_FACTS.filing_status_given), given_flag: 'filing_status' },
};
