// An independent reference calculator for the Medicaid and CHIP packages' expected values (scripts/generate-medicaid-rules.mjs
// writes them into companion tests and samples): the same law as the rules, written as plain arithmetic on the State's
// table row, not read from the rules. Income tests compare 12 x monthly income with percent x guideline / 100.

const DISREGARD = 5; // 42 CFR 435.603(d)(4)
const BANDS = [['infant', 0, 0], ['child_1_5', 1, 5], ['child_6_18', 6, 18]];

/** The State's standards in force on `period` (YYYY-MM): the table row with any dated change applied. */
export function standardsOn(state, period) {
  const limits = { ...state.limits };
  for (const c of state.changes ?? []) if (c.effective_from.slice(0, 7) <= period) limits[c.category] = c.percent;
  return limits;
}

const eligibleStatus = (p, period) => {
  const s = p.citizenship_status ?? 'citizen';
  return s === 'citizen' || s === 'eligible_noncitizen' || (s === 'refugee_or_asylee' && period < '2026-10');
};

/** people: { id: { age, earned_income, unearned_income, is_pregnant, expected_children_count, citizenship_status } }; guideline: [first, each additional]. */
export function medicaidReference({ state, guideline, people, facts, period }) {
  const L = standardsOn(state, period);
  const list = Object.values(people).map((p) => ({ age: 30, ...p }));
  const size = Math.max(facts.household_size ?? 1, list.length);
  const income = 12 * Math.max(0, (facts.earned_income ?? 0) + (facts.unearned_income ?? 0)
    + list.reduce((t, p) => t + (p.earned_income ?? 0) + (p.unearned_income ?? 0) + (p.self_employment_income ?? 0) - (p.self_employment_costs ?? 0), 0));
  const fpl = (n) => guideline[0] + (n - 1) * guideline[1];
  const expected = list.reduce((t, p) => t + (p.is_pregnant ? (p.expected_children_count ?? 1) : 0), 0);
  const infantAgeLimit = state.infant_age_limit ?? 1; // 42 U.S.C. 1396a(l)(1)(B); a State plan may go higher
  const group = (p) => (p.is_pregnant ? 'pregnant' : p.age < infantAgeLimit ? 'infant' : p.age <= 5 ? 'child_1_5' : p.age <= 18 ? 'child_6_18' : p.age <= 64 ? 'adult_19_64' : 'old');
  const inGroup = (g) => list.filter((p) => group(p) === g && eligibleStatus(p, period)).length;
  const out = { medicaid_eligible_count: 0, chip_eligible_count: 0 };
  const notes = [`annual income ${income}, size ${size}, guideline ${fpl(size)}`];
  for (const [band, lowest] of BANDS) {
    const chip = L.chip_child !== null && (state.chip_child_min_age ?? 0) <= lowest ? L.chip_child : 0;
    const med = L[band];
    const medLimit = (fpl(size) * (med + (med >= chip ? DISREGARD : 0))) / 100;
    const chipLimit = (fpl(size) * (chip + (chip > med ? DISREGARD : 0))) / 100;
    const n = inGroup(band);
    if (income <= medLimit) { out.medicaid_eligible_count += n; if (n) notes.push(`${n} ${band} Medicaid (limit ${medLimit})`); }
    else if (income <= chipLimit) { out.chip_eligible_count += n; if (n) notes.push(`${n} ${band} CHIP (limit ${chipLimit})`); }
  }
  const pSize = size + expected;
  const chipP = L.chip_pregnant ?? 0;
  const pLimit = (fpl(pSize) * (L.pregnant + (L.chip_pregnant !== null && chipP > L.pregnant ? 0 : DISREGARD))) / 100;
  const chipPLimit = (fpl(pSize) * (chipP + (chipP > L.pregnant ? DISREGARD : 0))) / 100;
  const pregnant = inGroup('pregnant');
  if (income <= pLimit) { out.medicaid_eligible_count += pregnant; if (pregnant) notes.push(`${pregnant} pregnant Medicaid (size ${pSize}, limit ${pLimit})`); }
  else if (L.chip_pregnant !== null && income <= chipPLimit) { out.chip_eligible_count += pregnant; if (pregnant) notes.push(`${pregnant} pregnant CHIP (limit ${chipPLimit})`); }
  const adults = inGroup('adult_19_64');
  const hasChild = list.some((p) => p.age < 18);
  const adultStd = state.expansion_date && state.expansion_date.slice(0, 7) <= period && L.expansion_adult !== null ? L.expansion_adult : 0;
  const parentStd = L.parent_caretaker;
  const parentLimit = (fpl(size) * (parentStd + (parentStd >= adultStd ? DISREGARD : 0))) / 100;
  const adultLimit = (fpl(size) * (adultStd + (adultStd > parentStd || !hasChild ? DISREGARD : 0))) / 100;
  if (hasChild && income <= parentLimit) { out.medicaid_eligible_count += adults; if (adults) notes.push(`${adults} parent/caretaker (limit ${parentLimit})`); }
  else if (adultStd > 0 && income <= adultLimit) { out.medicaid_eligible_count += adults; if (adults) notes.push(`${adults} adult group (limit ${adultLimit})`); }
  out.medicaid_any_eligible = out.medicaid_eligible_count > 0;
  out.chip_any_eligible = out.chip_eligible_count > 0;
  out.medicaid_household_monthly_income = income / 12;
  out.medicaid_poverty_guideline = fpl(size);
  out.notes = notes.join('; ');
  return out;
}
