/**
 * Emits and instantiates a whole-household program (evaluate/household-programs.ts): for a household of one shape
 * and its people of one shape, both loaders' statements inline, the relation offsets, the kernel and the output
 * object, without a call per record. It answers MISS, having written only rows its loaders own, whenever the
 * general path could do something else: a record of another shape, a row last written by another loader, a value
 * outside the signature, too many people. Undefined when a loader has aliases (matching compares every key there).
 */
import type { RecordLoader } from '../../input/record-loader.js';
import { recordStatements, type RecordStatements } from '../../input/emit/record-statements.js';
import { relationLinkStatements } from '../../input/emit/relation-links.js';
import { MISS, type HouseholdProgram, type ProgramSite } from '../program-site.js';

/** The free names of a program's source, in the order `makeHouseholdProgram` passes their values. */
const PROGRAM_PARAMETERS = [
  'columns',
  'relations',
  'outputs',
  'householdClean',
  'personClean',
  'rowLoader',
  'householdLoader',
  'personLoader',
  'givenMask',
  'runKernel',
  'readOutputs',
  'BAIL',
  'isText',
  'dayOf',
  'hasOwn',
] as const;

/** Leaves the body when the record is not the program's own: the general path takes the household. */
const miss = (): string => `return ${MISS};`;

/**
 * Counts a record's enumerable keys. Its own function: a for-in inline in the program made the whole program slower
 * (about 20% of a household's load on us-co/snap, 2026-11-28), not only by the count.
 */
const KEY_COUNT = 'function keyCount(record) { let n = 0; for (const key in record) n++; return n; }';

/** A record's key count check: a record with another number of keys is another shape. */
function countKeys(n: number): string {
  return `if (keyCount(record) !== ${n}) return ${MISS};`;
}

/** The program's source over PROGRAM_PARAMETERS, given both shapes' statements. */
function householdProgramSource(site: ProgramSite, household: RecordLoader, person: RecordLoader | undefined, statements: { household: RecordStatements; person?: RecordStatements }): string {
  const h = statements.household;
  const p = statements.person;
  // The relation offsets inline (no relation links people when the package has no person relation: np is 0 then).
  const links = site.offsets ? relationLinkStatements(site.links) : { prelude: [], body: [] };
  return [
    '"use strict";',
    KEY_COUNT,
    ...h.prelude,
    ...(p?.prelude ?? []),
    ...links.prelude,
    'return function program(household, people) {',
    `if (rowLoader[0] !== householdLoader) return ${MISS};`,
    'const np = people.length;',
    `if (np > ${p && site.offsets ? site.maxPeople : 0}) return ${MISS};`,
    `{ const record = household, row = 0; let value; ${countKeys(household.keys.length)}\n${h.body.join('\n')}\n}`,
    ...(p && person ? [`for (let j = 0; j < np; j++) { const record = people[j], row = 1 + j; let value; if (rowLoader[row] !== personLoader) return ${MISS}; ${countKeys(person.keys.length)}\n${p.body.join('\n')}\n}`] : []),
    ...links.body,
    'try { runKernel(columns, relations, 0, outputs, 0); } catch (x) { if (x !== BAIL) throw x; return undefined; }',
    'return readOutputs();',
    '};',
  ].join('\n');
}

/** Makes the program for (household shape, person shape); see the module comment. */
export function makeHouseholdProgram(site: ProgramSite, household: RecordLoader, person: RecordLoader | undefined): HouseholdProgram | undefined {
  const householdContext = site.context(0);
  const personContext = site.context(1);
  const h = recordStatements(household.keys, householdContext, { prefix: 'h', cleanValues: 'householdClean', exit: miss });
  const p = person && recordStatements(person.keys, personContext, { prefix: 'p', cleanValues: 'personClean', exit: miss });
  if (h.aliased || p?.aliased) return undefined;
  const factory = new Function(...PROGRAM_PARAMETERS, householdProgramSource(site, household, person, { household: h, person: p })) as (...args: unknown[]) => HouseholdProgram;
  return factory(
    site.columns,
    site.relations,
    site.outputs,
    householdContext.clean,
    personContext.clean,
    site.rowLoader,
    household,
    person,
    site.givenMask,
    site.run,
    site.read,
    site.bail,
    householdContext.isText,
    householdContext.dayOf,
    Object.hasOwn,
  );
}
