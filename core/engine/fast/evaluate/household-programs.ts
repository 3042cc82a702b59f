/**
 * Whole-household programs of a session: once a household has run, the session makes one generated function for
 * its pair of shapes (household, person), both loaders' statements, the relation offsets, the kernel call and the
 * output object in one (evaluate/emit/household-program.ts), so the next household of those shapes costs no call
 * per record. Whatever such a program cannot finish it answers MISS, and the session's general path (the loaders
 * of input/household-rows.ts) takes the household.
 */
import type { RecordLoader } from '../input/record-loader.js';
import { makeHouseholdProgram } from './emit/household-program.js';
import type { HouseholdProgram, ProgramSite } from './program-site.js';

/** Household programs per pair of loaders (household, person), made on first use; past `limit` pairs, none. */
export class HouseholdPrograms {
  private readonly made = new Map<RecordLoader, Map<RecordLoader | undefined, HouseholdProgram | undefined>>();
  private size = 0;
  constructor(
    private readonly site: ProgramSite,
    private readonly limit: number,
  ) {}

  programFor(household: RecordLoader, person: RecordLoader | undefined): HouseholdProgram | undefined {
    let byPerson = this.made.get(household);
    if (byPerson?.has(person)) return byPerson.get(person);
    if (this.size >= this.limit) return undefined;
    if (byPerson === undefined) this.made.set(household, (byPerson = new Map()));
    const program = makeHouseholdProgram(this.site, household, person);
    byPerson.set(person, program);
    this.size++;
    return program;
  }
}
