/**
 * The household vehicle fact of the bundled SNAP packages (issue #12; docs/snap-package-contract.md section 8):
 * its input id, type, default (no countable vehicle, the common case), package input doc, materiality and the
 * value a generated test row gives it. The generator keeps only small hooks that spread these into every compose
 * spec and test.
 */

const VEHICLE_FMV_ID = 'us:regulations/7-cfr/273/8/h#input.vehicle_fair_market_value';

/** household alias -> canonical input id (spread into household_aliases). */
export const VEHICLE_FACT_ALIASES = { vehicle_fair_market_value: VEHICLE_FMV_ID };
/** household alias -> default (spread into input_defaults). */
export const VEHICLE_FACT_DEFAULTS = { vehicle_fair_market_value: 0 };
/** household alias -> { description, period, unit } in scripts/lib/snap-input-docs.mjs's format. */
export const VEHICLE_FACT_DOCS = {
  vehicle_fair_market_value: {
    description: 'Fair market value of the household\'s licensed vehicle that no exclusion covers (not income-producing, not the home, not needed to transport a disabled member); the part above $4,650 counts toward the resource limit (7 CFR 273.8(h)). One vehicle; the State\'s own vehicle rule is not applied.',
    period: 'month',
    unit: 'USD',
  },
};
/** household alias -> material_inputs entry: material only where the resource test applies. */
export const VEHICLE_MATERIAL_INPUTS = {
  vehicle_fair_market_value: { unless_output: 'snap_categorically_eligible', reason: 'the resource test applies to this household and counts a vehicle\'s fair market value above $4,650 (7 CFR 273.8(h))' },
};

/** The test-row field that gives a generated household its vehicle (none unless the worked household says). */
export function vehicleFactRow(h) {
  return { [VEHICLE_FMV_ID]: h.vehicleFairMarketValue ?? 0 };
}

/**
 * docs/coverage.md note: which vehicle rule each package applies. No State's own vehicle option (TANF vehicle
 * rules under 7 U.S.C. 2014(g)(2), excluding one or all vehicles) has been checked against the FNS SNAP State
 * Options Report or the State manual, so every package applies the federal rule and says so.
 */
export const VEHICLE_COVERAGE_NOTE =
  'Vehicles (7 CFR 273.8(h)): every package counts the household\'s `vehicle_fair_market_value` above $4,650 in the federal resource test ' +
  '(`us:regulations/7-cfr/273/8/h`), which applies only to a household that is not categorically eligible. Most States use their ' +
  'TANF vehicle rule or exclude one or all vehicles instead; no State\'s vehicle option is encoded: **not verified** for all 53 packages ' +
  '(the FNS SNAP State Options Report was not available to check). A State\'s BBCE asset limit is compared with `countable_resources` alone.';
