/**
 * Unit-wide facts of a translated PolicyEngine unit (translate.ts): the utility allowance type and single-utility
 * kind, the utility region, and the vehicle value. Each input that does not reach the package is recorded as ignored.
 */
import { cents, ignore, type Accumulator, type PackageInputs } from './accumulator.js';
import type { Reading } from './readings.js';
import { SINGLE_UTILITY_KINDS, snapRegionOf, UTILITY_TYPES, utilityTypeOf, type UtilityKind } from './variables.js';

/**
 * The package's utility_type: a stated allowance type, else PolicyEngine's inference from the expenses
 * (heating or cooling: SUA; two or more utilities: LUA; telephone alone: TUA; one other utility: IUA, the package's
 * single_utility; 7 CFR 273.9(d)(6)(iii)(A)). `kind` is the one utility of a single_utility household when the
 * expenses name it (the package's single_utility_kind).
 */
export function utilityType(acc: Accumulator, readings: Reading[], pkg: PackageInputs): { type: string; kind?: string } | { reason: string } {
  const stated = acc.texts.utility_allowance_type;
  const others = [...acc.utilities].filter((u) => u !== 'phone');
  // The one utility other than the telephone the expenses name, if exactly one does.
  const oneKind = others.length === 1 ? SINGLE_UTILITY_KINDS[others[0]] : undefined;
  if (stated !== undefined) {
    const mapped = utilityTypeOf(stated.toUpperCase());
    if (mapped === undefined) return { reason: `snap_utility_allowance_type ${stated} has no equivalent in the package (supported: ${Object.keys(UTILITY_TYPES).join(', ')})` };
    // With IUA stated, the expense of its one utility is read only to name that utility.
    const namesKind = (r: Reading): boolean =>
      (mapped === 'single_utility' && oneKind !== undefined && r.def.target.slot === 'utility_expense' && r.def.target.utility === others[0]) ||
      (mapped === 'limited' && readsUtilitiesPaid(pkg) && (r.def.target.slot === 'utility_expense' || r.def.target.slot === 'has_phone_expense'));
    for (const r of readings) {
      if (['utility_expense', 'heating_cooling_expense', 'has_heating_cooling_expense', 'has_phone_expense', 'utility_count'].includes(r.def.target.slot) && !namesKind(r)) {
        ignore(acc, r, 'snap_utility_allowance_type is given for the SPM unit, so the allowance is not inferred from expenses');
      }
    }
    return mapped === 'single_utility' ? { type: mapped, kind: oneKind } : { type: mapped };
  }
  if ((acc.unit.heating_cooling_expense ?? 0) > 0 || acc.flags.has_heating_cooling_expense === true) return { type: 'heating_cooling' };
  if (acc.flags.has_phone_expense === true) acc.utilities.add('phone');
  const count = acc.unit.utility_count ?? acc.utilities.size;
  if (count >= 2) return { type: 'limited' };
  if (count === 1 && acc.utilities.has('phone')) return { type: 'telephone' };
  if (count === 1) return { type: 'single_utility', kind: oneKind };
  return { type: 'none' };
}

/**
 * single_utility_kind for a package whose single-utility standards differ by utility (it declares the input). Without
 * the utility the package gives 0 and warns; a note says which PolicyEngine input would have named it.
 */
export function singleUtilityFacts(acc: Accumulator, utility: { type: string; kind?: string }, pkg: PackageInputs): Record<string, unknown> {
  if (utility.type !== 'single_utility' || !pkg.inputs.has('single_utility_kind')) return {};
  if (utility.kind !== undefined) return { single_utility_kind: utility.kind };
  acc.notes.push(`The ${pkg.jurisdiction} single-utility standard depends on which utility the household pays, and no one utility expense (electricity_expense, gas_expense, water_expense, sewage_expense or trash_expense) names it: the package gives 0 for the utility allowance and warns.`);
  return {};
}

export function regionFacts(acc: Accumulator, readings: Reading[], state: string, pkg: PackageInputs): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const r of readings) {
    const slot = r.def.target.slot;
    const value = String(r.value).toUpperCase();
    if (slot === 'snap_region') {
      const code = snapRegionOf(value);
      if (code !== undefined && pkg.inputs.has('snap_region')) facts.snap_region = code;
      else if (value !== state && code === undefined) ignore(acc, r, `${r.value} is not a SNAP utility region Tenet knows for ${state}; the package's default region was used`);
    } else if (slot === 'federal_region') {
      const consistent = value === 'CONTIGUOUS_US' ? !['AK', 'HI', 'GU', 'VI'].includes(state) : value.startsWith(state);
      if (!consistent) ignore(acc, r, `${r.value} does not match ${state}: Tenet takes the federal figures' area from the State`);
    }
  }
  return facts;
}

/**
 * Vehicles: PolicyEngine gives the total fair market value of the household's vehicles and their number. The value
 * of one vehicle is the package's vehicle_fair_market_value (7 CFR 273.8(f): its value above $4,650 counts, or what
 * the State's rule counts). A total over two or more vehicles cannot be split into the per-vehicle values the rules
 * need (each vehicle has its own $4,650, and a further vehicle's equity may count), so it is reported, not guessed.
 */
export function vehicleFacts(acc: Accumulator, readings: Reading[], pkg: PackageInputs): Record<string, unknown> {
  const given = readings.filter((r) => r.def.target.slot === 'vehicles_value' || r.def.target.slot === 'vehicles_owned');
  const owned = acc.unit.vehicles_owned;
  const value = acc.unit.vehicles_value;
  let reason: string | null = null;
  if (value === undefined) reason = 'household_vehicles_owned alone gives no vehicle value; give household_vehicles_value';
  else if (!pkg.inputs.has('vehicle_fair_market_value')) reason = `the ${pkg.jurisdiction} SNAP package has no input vehicle_fair_market_value (docs/snap-package-contract.md §8)`;
  else if (owned !== undefined && owned >= 2) {
    reason = `household_vehicles_value is the total of ${owned} vehicles; the resource test values each vehicle on its own (7 CFR 273.8(f): $4,650 each, equity for some), and a total cannot be split, so no vehicle was counted`;
  }
  if (reason !== null) {
    for (const r of given) ignore(acc, r, reason);
    return {};
  }
  acc.vehicleGiven = true;
  return { vehicle_fair_market_value: cents(value ?? 0) };
}

/** PolicyEngine's utility -> the package's `pays_*` fact (a State that adds its individual standards for `limited`). */
const PAYS_FACT: Record<UtilityKind, string> = {
  electricity: 'pays_electricity', gas: 'pays_gas_or_fuel', water: 'pays_water', sewage: 'pays_sewage', trash: 'pays_trash', phone: 'pays_telephone',
};

/** Whether the package adds up individual standards for the utilities a `limited` household pays (AK, MI, MN). */
const readsUtilitiesPaid = (pkg: PackageInputs): boolean => Object.values(PAYS_FACT).some((name) => pkg.inputs.has(name));

/**
 * `pays_*` facts for a `limited` household in a package that sums the State's individual standards: each utility
 * whose expense PolicyEngine gives (or its has_phone_expense) true, and false for one whose expense is given as 0
 * (or has_phone_expense false), which states the fact rather than leaving it assumed (tenet.assumptions). Without
 * any paid, the package gives what the facts name (nothing) and warns; a note says which PolicyEngine inputs would
 * have named them.
 */
export function utilitiesPaidFacts(acc: Accumulator, utility: { type: string }, pkg: PackageInputs): Record<string, unknown> {
  if (utility.type !== 'limited' || !readsUtilitiesPaid(pkg)) return {};
  if (acc.flags.has_phone_expense === true) acc.utilities.add('phone');
  if (acc.flags.has_phone_expense === false) acc.unpaidUtilities.add('phone');
  const facts: Record<string, unknown> = {};
  for (const kind of acc.unpaidUtilities) if (pkg.inputs.has(PAYS_FACT[kind])) facts[PAYS_FACT[kind]] = false;
  for (const kind of acc.utilities) if (pkg.inputs.has(PAYS_FACT[kind])) facts[PAYS_FACT[kind]] = true;
  if (acc.utilities.size < 2) {
    acc.notes.push(`The ${pkg.jurisdiction} package adds the State's individual standards for each utility a limited household pays, and fewer than two utility expenses (electricity_expense, gas_expense, water_expense, sewage_expense, trash_expense, phone_expense) name them: the package adds those named and warns.`);
  }
  return facts;
}
