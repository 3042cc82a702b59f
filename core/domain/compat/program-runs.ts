/**
 * What a run of each program's package takes beyond the unit's SNAP translation (translate.ts): its name in reasons,
 * the first month its packages encode, the package outputs it asks for, the program facts added to the household and
 * which PolicyEngine inputs it reads (an input no computed run read is listed in tenet.unsupported).
 */
import { lifelineFacts } from './lifeline.js';
import { OUTPUTS, type CompatProgram } from './outputs.js';
import { HEAD_START_FIRST_MONTH, HEAD_START_PACKAGE_OUTPUTS, HEAD_START_SOURCES } from './head-start.js';
import { programFacts, sourceNames } from './program-facts.js';
import type { Reading } from './readings.js';
import { SCHOOL_MEALS_FIRST_MONTH, SCHOOL_MEALS_PACKAGE_OUTPUTS, SCHOOL_MEALS_SOURCES, schoolMealsFacts } from './school-meals.js';
import { FIRST_MONTH } from './variables.js';
import { wicFacts, wicReads } from './wic.js';

export const PROGRAM_NAME: Record<CompatProgram, string> = {
  snap: 'SNAP', lifeline: 'Lifeline', wic: 'WIC', school_meals: 'school meals', head_start: 'Head Start', eitc: 'EITC', ctc: 'CTC', medicaid: 'Medicaid',
};

/**
 * The first month each program's packages have figures for; null: the packages refuse a period they do not cover and
 * the endpoint reports their refusal (Medicaid; the credits refuse a tax year they do not cover too).
 */
export const PROGRAM_FIRST_MONTH: Record<CompatProgram, string | null> = {
  snap: FIRST_MONTH, lifeline: FIRST_MONTH, wic: FIRST_MONTH, school_meals: SCHOOL_MEALS_FIRST_MONTH, head_start: HEAD_START_FIRST_MONTH, eitc: FIRST_MONTH, ctc: FIRST_MONTH, medicaid: null,
};

const outputsOf = (program: CompatProgram): string[] => [...new Set(Object.values(OUTPUTS).filter((o) => o.program === program).map((o) => o.output))];

/** The package outputs every run of a program asks for: those the endpoint's variables read, each once. */
export const PACKAGE_OUTPUTS: Record<CompatProgram, string[]> = {
  snap: outputsOf('snap'),
  lifeline: outputsOf('lifeline'),
  // The WIC variables are person outputs, which every run returns; one household output is asked for.
  wic: ['wic_household_has_eligible_member'],
  school_meals: SCHOOL_MEALS_PACKAGE_OUTPUTS,
  head_start: HEAD_START_PACKAGE_OUTPUTS,
  eitc: outputsOf('eitc'),
  ctc: outputsOf('ctc'),
  // The Medicaid variables are person outputs; both household outputs are asked for so the package decides both programs.
  medicaid: ['medicaid_any_eligible', 'chip_any_eligible'],
};

/**
 * Lifeline's Medicaid link reads pregnancy and the children expected (a Medicaid coverage group, and the family size
 * of 42 CFR 435.603(b)), read as for WIC; the SNAP translation sends pregnancy only as an exemption.
 */
function pregnancies(people: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const pick = (p: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(p).filter(([k]) => k === 'is_pregnant' || k === 'expected_children_count'));
  return Object.fromEntries(Object.entries(people).map(([id, p]) => [id, pick(p)]));
}

const SCHOOL_MEALS_READS = sourceNames(SCHOOL_MEALS_SOURCES);
const HEAD_START_READS = sourceNames(HEAD_START_SOURCES);

/**
 * Whether a run of the program reads the input: a program-only fact (lifeline, wic, school_meals level) only in its
 * own runs and in the runs of programs whose sources name it (the receipts WIC, school meals and Head Start share).
 */
export function readBy(program: CompatProgram, r: Reading): boolean {
  const level = r.def.target.level;
  if (level === 'person' || level === 'unit' || level === 'household') return true;
  if (level === program) return true;
  if (program === 'wic') return level === 'lifeline' && wicReads(r.name);
  return programReads(program, r.name);
}

/** Whether the program's own facts read this PolicyEngine variable beyond the SNAP translation (school meals and Head Start sources, Lifeline's pregnancies). */
export function programReads(program: CompatProgram, name: string): boolean {
  if (program === 'lifeline') return name === 'current_pregnancies'; // its Medicaid link's family size
  return (program === 'school_meals' && SCHOOL_MEALS_READS.has(name)) || (program === 'head_start' && HEAD_START_READS.has(name));
}

export interface ProgramExtras {
  facts: Record<string, unknown>;
  people: Record<string, Record<string, unknown>>;
  notes: string[];
}

/** The program's facts for one unit-month, from the unit's kept readings and its translated people; SNAP adds none (the credits run per tax unit, tax-unit-run.ts; Medicaid per MAGI household, medicaid-run.ts). */
export function programExtras(program: CompatProgram, kept: readonly Reading[], people: Record<string, Record<string, unknown>>, pkg: { jurisdiction: string; inputs: ReadonlySet<string> }): ProgramExtras | null {
  switch (program) {
    case 'snap':
    case 'eitc':
    case 'ctc':
    case 'medicaid':
      return null;
    case 'lifeline':
      return { ...lifelineFacts(kept, pkg), people: pregnancies(wicFacts(kept, pkg.inputs).people) };
    case 'wic':
      return { ...wicFacts(kept, pkg.inputs), notes: [] };
    case 'school_meals':
      return schoolMealsFacts(kept, pkg.inputs, people);
    case 'head_start':
      return { ...programFacts(kept, pkg.inputs, Object.keys(people), HEAD_START_SOURCES), notes: [] };
  }
}
