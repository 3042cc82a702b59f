/**
 * The axis of a combined sweep (docs/screening.md "Cliffs across programs"): as given, or, when axis.input is left
 * out, earned_income of a person: axis.person if named, else the first person in household.people with
 * earned_income above 0, else the first aged 18 or more, else the first listed. The choice is stated to the caller
 * as an assumption.
 */
import { ServiceError } from '../../domain/errors.js';
import type { Assumption } from '../../domain/household/assumptions.js';
import { isObject } from '../../domain/is-object.js';
import type { SweepAxisRequest } from '../calculate/sweep-axis.js';

export const DEFAULT_AXIS_INPUT = 'earned_income';
const ADULT_AGE = 18;

export interface ScreenSweepAxisRequest {
  input?: string;
  person?: string;
  from: number;
  to: number;
}

function people(household: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const listed = household.people;
  if (!isObject(listed)) return [];
  return Object.entries(listed as Record<string, unknown>).filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]));
}

/** The person whose earnings a sweep varies by default, and why that one. */
function defaultPerson(household: Record<string, unknown>): { id: string; why: string } | undefined {
  const listed = people(household);
  const earner = listed.find(([, p]) => typeof p.earned_income === 'number' && p.earned_income > 0);
  if (earner) return { id: earner[0], why: 'the first person listed with earned_income above 0' };
  const adult = listed.find(([, p]) => typeof p.age === 'number' && p.age >= ADULT_AGE);
  if (adult) return { id: adult[0], why: `no one has earnings; the first person aged ${ADULT_AGE} or more` };
  return listed.length > 0 ? { id: listed[0][0], why: 'no one has earnings or is listed as an adult; the first person listed' } : undefined;
}

/** The axis to sweep, and the assumption that states a default choice. */
export function chooseAxis(axis: ScreenSweepAxisRequest, household: Record<string, unknown>): { axis: SweepAxisRequest; assumption?: Assumption } {
  if (axis.input !== undefined) return { axis: { input: axis.input, from: axis.from, to: axis.to, ...(axis.person !== undefined ? { person: axis.person } : {}) } };
  const chosen = axis.person !== undefined ? { id: axis.person, why: 'named by axis.person' } : defaultPerson(household);
  if (!chosen) throw new ServiceError('invalid_request', 'axis.input: the household lists no person whose earned_income could be swept; name axis.input (and axis.person for a person input)');
  return {
    axis: { input: DEFAULT_AXIS_INPUT, person: chosen.id, from: axis.from, to: axis.to },
    assumption: {
      input: 'axis.input',
      entity: 'Person',
      entity_id: chosen.id,
      assumed_value: DEFAULT_AXIS_INPUT,
      message: `axis.input was not given: the sweep varies ${DEFAULT_AXIS_INPUT} of ${chosen.id} (${chosen.why}); give axis.input and axis.person to sweep another input or person.`,
    },
  };
}
