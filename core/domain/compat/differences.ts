/**
 * Documented differences between PolicyEngine-US and Tenet that are PolicyEngine's modelling choices rather than
 * law (docs/compatibility.md, "Differences that are PolicyEngine's choices"). Each returns the warning for a unit
 * it applies to, so a partner comparing figures knows which one explains a gap.
 */
import type { UnitProfile } from './translate.js';

/** The first month of FY2027, the fiscal year of USDA's FY2027 memorandum, and the last month the packages encode. */
const FIRST_FY2027_MONTH = '2026-10';
const LAST_ENCODED_MONTH = '2027-09';

type Difference = (profile: UnitProfile) => string | null;

const DIFFERENCES: Difference[] = [
  (p) =>
    p.month > LAST_ENCODED_MONTH
      ? `PolicyEngine difference (later fiscal years): for ${p.month} PolicyEngine projects SNAP figures from CPI forecasts; Tenet carries the published FY2027 figures forward until USDA publishes later ones, so deductions and allotments can differ.`
      : p.month >= FIRST_FY2027_MONTH
        ? `PolicyEngine difference (FY2027 figures): for ${p.month} PolicyEngine's parameters project fiscal-year 2027 SNAP figures from CPI-U until it encodes USDA's FY2027 memorandum; Tenet reads the published FY2027 figures (USDA, SNAP FY2027 Cost-of-Living Adjustments, 2026-08-21), so deductions and allotments can differ by a few dollars.`
        : null,
  (p) =>
    p.ssiCandidateWithoutSsi
      ? 'PolicyEngine difference (other programs): PolicyEngine computes SSI for aged, blind or disabled members and counts it as SNAP unearned income; Tenet counts only SSI given in the household (ssi, or ssi_reported with use_reported_ssi).'
      : null,
  (p) =>
    p.childWithoutTanf
      ? `PolicyEngine difference (other programs): PolicyEngine computes TANF for families with children${p.state === 'CA' ? ' (CalWORKs in California)' : ''} and counts it as SNAP unearned income; Tenet counts only TANF given in the household (tanf).`
      : null,
  (p) =>
    p.heatAndEatDenied === true && p.state !== 'CA'
      ? `PolicyEngine difference (heat-and-eat): ${p.state} gives the standard utility allowance to households receiving energy assistance; PolicyEngine still does so for this household without an elderly or disabled member (it applies Pub. L. 119-21 sec. 10103 only in California), while Tenet applies sec. 10103 (7 U.S.C. 2014(e)(6)(C)(iv)) from its enactment, 4 July 2025, and gives the ${p.utilityType === 'telephone' ? 'telephone' : p.utilityType === 'single_utility' ? 'single-utility' : 'limited'} allowance.`
      : null,
  (p) =>
    p.utilityType === 'single_utility'
      ? 'PolicyEngine difference (individual utility allowance): PolicyEngine\'s IUA adds every individual standard the State publishes (electricity, gas and fuel, water, sewage, trash and the telephone) whichever the household pays; Tenet gives the State\'s standard for the one utility the household pays (7 CFR 273.9(d)(6)(iii)(A)(1): an individual standard for each type of utility expense), 0 where the State has none.'
      : null,
  (p) =>
    p.hasSelfEmployment
      ? 'PolicyEngine difference (self-employment costs): PolicyEngine deducts a State percentage of self-employment income (or stated costs where the State allows them) as the cost of doing business; the bundled packages count the self-employment income given, so give it net of allowable costs (7 CFR 273.11(a)-(b)).'
      : null,
  (p) =>
    p.vehicleGiven
      ? 'PolicyEngine difference (vehicles): Tenet counts the vehicle\'s value above $4,650, or what the State\'s own vehicle rule counts, in the resource test of a household that is not categorically eligible (7 CFR 273.8(f); 7 U.S.C. 2014(g)(2)(D)); PolicyEngine\'s SNAP resource test reads snap_assets, and household_vehicles_value only in Texas\'s BBCE asset test.'
      : null,
];

/** The documented differences that apply to one unit-month. */
export function differencesFor(profile: UnitProfile): string[] {
  return DIFFERENCES.map((d) => d(profile)).filter((w): w is string => w !== null);
}

/**
 * Lifeline (docs/compatibility.md, "Differences that are PolicyEngine's choices", Lifeline rows): the guideline year
 * (PolicyEngine dates each year's guidelines from January 1; Lifeline takes them up when USAC updates the National
 * Verifier, 2025-04-24 and 2026-02-25 in the years read), Texas's State income limit, and the programs PolicyEngine
 * computes (Medicaid, SSI) where Tenet reads receipt as given.
 */
const LIFELINE_SWITCH: Record<string, string> = { '2024': '2024-02', '2025': '2025-05', '2026': '2026-03' };

const LIFELINE_DIFFERENCES: Difference[] = [
  (p) => {
    const year = p.month.slice(0, 4);
    const from = LIFELINE_SWITCH[year] ?? `${year}-03`;
    return p.month < from
      ? `PolicyEngine difference (Lifeline guideline year): for ${p.month} PolicyEngine uses the ${year} poverty guidelines (it dates each year from January 1); Lifeline uses the ${Number(year) - 1} guidelines until USAC takes up the ${year} ones${LIFELINE_SWITCH[year] ? ` (${from})` : ''}, so the 135% limit is lower in Tenet.`
      : null;
  },
  (p) =>
    p.state === 'TX'
      ? 'PolicyEngine difference (Texas): PolicyEngine tests Texas households against 150% of the guidelines, the limit of the State\'s own Lifeline program (Lite-Up Texas); the federal limit, which the package encodes, is 135% (47 CFR 54.409(a)(1)). State programs are not encoded.'
      : null,
  () =>
    'PolicyEngine difference (other programs): PolicyEngine computes Medicaid enrollment and SSI and counts them for Lifeline; Tenet reads SSI receipt as given (receives_ssi, ssi) and Medicaid receipt as given (medicaid_enrolled, receives_medicaid) or, not given, from the Medicaid eligibility the State\'s Medicaid package computes (from 2025-02, in the States and DC; eligibility, not enrollment), each listed in tenet.assumptions.',
];

/** The documented Lifeline differences that apply to one unit-month. */
export function lifelineDifferencesFor(profile: UnitProfile): string[] {
  return LIFELINE_DIFFERENCES.map((d) => d(profile)).filter((w): w is string => w !== null);
}
