/**
 * The axis of a sweep checked against a package's household shape: which entity and canonical input it names,
 * its grid step, and a range that lies on that grid within the documented limits (docs/sweep.md).
 */
import { ServiceError } from '../../domain/errors.js';
import { entityId, type JsonValue, type PackageEntity, type PackageInput, type ShapeIndex } from '../../domain/household/shape.js';
import { MAX_INPUT_MAGNITUDE } from '../../domain/household/values.js';

/** Limits of one sweep (docs/sweep.md "Limits"); each is enforced with 400 invalid_request. */
export const SWEEP_LIMITS = {
  /** Most outputs described by one sweep. */
  outputs: 20,
  /** Most grid steps in the range: $100,000.00 in cents for a money input, 10,000,000 for an integer one. */
  gridSteps: 10_000_000,
  /** Most segments in one output's description. */
  segments: 5_000,
  /** Most evaluation steps (pieces before merging) for the whole sweep. */
  steps: 20_000,
  /** Largest magnitude of from and to: a household input's (10^13), past which a number no longer carries cents exactly. */
  magnitude: MAX_INPUT_MAGNITUDE,
} as const;

export interface SweepAxisRequest {
  /** Input name or alias, e.g. earned_income. */
  input: string;
  from: number;
  to: number;
  /** A person's key in household.people: sweep that person's input instead of the household's. */
  person?: string;
}

export interface ResolvedAxis {
  entity: PackageEntity;
  /** Entity id whose input is swept. */
  entityId: string;
  input: PackageInput;
  /** The grid step as an exact decimal: 1 for an integer input, 0.01 (a cent) otherwise. */
  step: string;
  /** The range ends as exact decimal strings. */
  from: string;
  to: string;
}

const NOT_NUMERIC = new Set(['boolean', 'text', 'date', 'judgment']);

function invalid(message: string): ServiceError {
  return new ServiceError('invalid_request', message);
}

/**
 * Hundredths as an integer when `n` lies on the grid of `step` (1 or 0.01), else undefined. `n` is within
 * SWEEP_LIMITS.magnitude, so toFixed writes it in plain digits (from 10^21 on it writes an exponent).
 */
function onGrid(n: number, step: string): bigint | undefined {
  const text = n.toFixed(2);
  if (Number(text) !== n) return undefined;
  const cents = BigInt(text.replace('.', ''));
  return step === '1' && cents % 100n !== 0n ? undefined : cents;
}

function decimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function entityFor(index: ShapeIndex, axis: SweepAxisRequest, household: Record<string, unknown>): { entity: PackageEntity; id: string } {
  if (axis.person === undefined) {
    if (!index.unit) throw invalid('axis: this package has no household-level entity to sweep; name axis.person');
    return { entity: index.unit, id: entityId(index.unit, 1) };
  }
  if (!index.person) throw invalid('axis.person: this package has no person entity');
  const people = household.people;
  if (typeof people !== 'object' || people === null || !Object.hasOwn(people, axis.person)) throw invalid(`axis.person: household.people has no person "${axis.person}"`);
  return { entity: index.person, id: axis.person };
}

/** Resolves and checks the axis (400 invalid_request naming the field). */
export function resolveAxis(index: ShapeIndex, axis: SweepAxisRequest, household: Record<string, unknown>): ResolvedAxis {
  const { entity, id } = entityFor(index, axis, household);
  const aliased = entity.aliases !== undefined && Object.hasOwn(entity.aliases, axis.input) ? entity.aliases[axis.input] : index.aliases.get(axis.input);
  const name = aliased ?? axis.input;
  const input = entity.inputs.find((i) => i.name === name);
  if (!input) throw invalid(`axis.input: ${axis.input} is not an input of entity ${entity.entity} in this package${axis.person === undefined ? ' (name axis.person to sweep a person input)' : ''}`);
  if (NOT_NUMERIC.has(input.dtype.toLowerCase())) throw invalid(`axis.input: ${axis.input} is a ${input.dtype} input; a sweep needs a numeric one`);
  const step = input.dtype.toLowerCase() === 'integer' ? '1' : '0.01';
  checkMagnitude('axis.from', axis.from);
  checkMagnitude('axis.to', axis.to);
  const from = onGrid(axis.from, step);
  const to = onGrid(axis.to, step);
  const unit = step === '1' ? 'a whole number' : 'a whole number of cents (at most 2 decimal places)';
  if (from === undefined) throw invalid(`axis.from: must be ${unit}`);
  if (to === undefined) throw invalid(`axis.to: must be ${unit}`);
  if (to <= from) throw invalid('axis.to: must be greater than axis.from');
  checkBounds(input, Number(from) / 100, Number(to) / 100);
  const steps = step === '1' ? (to - from) / 100n : to - from;
  if (steps > BigInt(SWEEP_LIMITS.gridSteps)) throw invalid(`axis: the range holds ${steps} steps of ${step}; at most ${SWEEP_LIMITS.gridSteps} are allowed`);
  return { entity, entityId: id, input, step, from: decimal(from), to: decimal(to) };
}

/** The schema bounds from and to as well; an embedder or a test calling the use case directly is held here too. */
function checkMagnitude(field: string, n: number): void {
  if (!(Math.abs(n) <= SWEEP_LIMITS.magnitude)) throw invalid(`${field}: must be at most ${SWEEP_LIMITS.magnitude} in magnitude (the limit of a household input)`);
}

function checkBounds(input: PackageInput, from: number, to: number): void {
  const minimum = input.minimum ?? (input.allow_negative ? undefined : 0);
  if (minimum !== undefined && from < minimum) throw invalid(`axis.from: ${input.name} must be at least ${minimum}`);
  if (input.maximum !== undefined && to > input.maximum) throw invalid(`axis.to: ${input.name} must be at most ${input.maximum}`);
}

/** The household with the axis input at `value` where mapping reads it (household.facts, or the person's entry). */
export function householdAt(household: Record<string, unknown>, axis: ResolvedAxis, person: string | undefined, value: number): Record<string, unknown> {
  const name = axis.input.name;
  if (person === undefined) return { ...household, facts: { ...(household.facts as Record<string, JsonValue> | undefined), [name]: value } };
  const people = household.people as Record<string, Record<string, JsonValue>>;
  return { ...household, people: { ...people, [person]: { ...people[person], [name]: value } } };
}
