/**
 * The screen spec of one jurisdiction (docs/screening.md): the compose specs of the programs a screen runs, merged
 * into one spec whose closure holds every program's rules, so one evaluation computes them all and a rule two
 * programs share (SNAP eligibility, which school meals, WIC and Lifeline read) is computed once.
 *
 * Rules live in one flat namespace, so programs whose closures share modules merge without renaming. The programs'
 * extensions merge key by key: what changes results (aliases, defaults, types, closed values, limits, the entities
 * and relation, given flags) must agree wherever two programs state it, else the programs cannot be screened
 * together and the merge says which key differs; words (docs, materiality reasons) keep the first program's.
 * A slot holds a value per entity, and household and person aliases merge apart, so a name one program reads for the
 * household and another per person (`is_homeless`) keeps both levels (docs/household.md "One name, two levels").
 */
import { isObject } from '../../domain/is-object.js';
import { parseProgramProfile, profileProblemText } from './program-profile.js';
import type { ProgramSpec } from './types.js';

export type MergeResult = { ok: true; spec: ProgramSpec } | { ok: false; problem: string };

/** Must be equal wherever two programs state them. */
const SAME_EVERYWHERE = new Set(['household_entity', 'person_entity']);
/** Maps whose entries must agree key by key. */
const AGREEING_MAPS = new Set(['household_aliases', 'person_aliases', 'input_types', 'input_values', 'input_limits', 'input_defaults', 'person_input_defaults', 'output_aliases']);
/** Maps whose entries are words: the first program's stand. */
const FIRST_WINS_MAPS = new Set(['input_docs', 'person_input_docs', 'output_docs']);
/** Two-level maps ({household, person}) merged as AGREEING_MAPS / FIRST_WINS_MAPS level by level. */
const LEVELLED = new Map<string, 'agree' | 'first'>([
  ['given_flags', 'agree'],
  ['material_inputs', 'first'],
]);
/** Lists merged without repeats. */
const LISTS = new Set(['default_outputs', 'fiscal_years', 'fiscal_year_parameters', 'unverified_parameters', 'person_outputs']);
/** One program's own: never part of a screen. */
const DROPPED = new Set(['jurisdiction', 'program_id', 'title', 'sample_household', 'sample_expected_outputs', 'screening', 'default_period', 'last_fiscal_year']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * An alias's target as the closure reads it: inputs are slots of one flat namespace, so `a#input.x` and `b#input.x`
 * are the same input when both modules are in the merged closure.
 */
const slotOf = (target: unknown): unknown => (typeof target === 'string' && target.includes('#input.') ? target.slice(target.indexOf('#input.') + 7) : target);
const ALIAS_MAPS = new Set(['household_aliases', 'person_aliases']);

function union<T>(lists: ReadonlyArray<readonly T[]>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      const key = JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** Merges two maps; `agree` refuses a key two programs give different values, naming it. */
function mergeMap(into: Record<string, unknown>, from: Record<string, unknown>, mode: 'agree' | 'first', where: string): string | undefined {
  const comparable = ALIAS_MAPS.has(where) ? slotOf : (value: unknown) => value;
  for (const [key, value] of Object.entries(from)) {
    if (!Object.hasOwn(into, key)) into[key] = value;
    else if (mode === 'agree' && !same(comparable(into[key]), comparable(value))) return `${where}.${key} differs between the programs (${JSON.stringify(into[key])}, ${JSON.stringify(value)})`;
  }
  return undefined;
}

class ExtensionMerge {
  readonly merged: Record<string, unknown> = {};

  add(extensions: Readonly<Record<string, unknown>>): string | undefined {
    for (const [key, value] of Object.entries(extensions)) {
      const problem = this.addOne(key, value);
      if (problem) return problem;
    }
    return undefined;
  }

  private addOne(key: string, value: unknown): string | undefined {
    if (DROPPED.has(key) || value === undefined || value === null) return undefined;
    const current = this.merged[key];
    if (current === undefined) {
      this.merged[key] = structuredClone(value);
      return undefined;
    }
    if (SAME_EVERYWHERE.has(key)) return same(current, value) ? undefined : `${key} differs between the programs`;
    if (key === 'person_relation') {
      // Programs that list the household's members by different relations (Medicaid's own, SNAP's): the people fill each.
      if (!same(current, value)) this.merged.person_member_relations = union([(this.merged.person_member_relations as string[] | undefined) ?? [], [value as string]]);
      return undefined;
    }
    if (LISTS.has(key) && Array.isArray(current) && Array.isArray(value)) {
      this.merged[key] = union([current, value]);
      return undefined;
    }
    const levelled = LEVELLED.get(key);
    if (levelled && isObject(current) && isObject(value)) {
      for (const [level, entries] of Object.entries(value)) {
        if (!isObject(entries)) continue;
        const into = isObject(current[level]) ? current[level] : (current[level] = {});
        const problem = mergeMap(into, entries, levelled, `${key}.${level}`);
        if (problem) return problem;
      }
      return undefined;
    }
    if ((AGREEING_MAPS.has(key) || FIRST_WINS_MAPS.has(key)) && isObject(current) && isObject(value)) {
      return mergeMap(current, value, AGREEING_MAPS.has(key) ? 'agree' : 'first', key);
    }
    // Any other extension (a program's own table, e.g. snap_regions): the first program's stands.
    return undefined;
  }
}

/** Whether a program of `programJurisdiction` applies in `jurisdiction`: its own, or a parent's (`us` for `us-tx`). */
export function appliesIn(programJurisdiction: string, jurisdiction: string): boolean {
  return jurisdiction === programJurisdiction || jurisdiction.startsWith(`${programJurisdiction}-`);
}

/**
 * One spec running every program of `specs` (each of `jurisdiction` or a parent of it, as the federal credits are),
 * named `<jurisdiction>/screen`; its default period is the latest of the programs' (each is the month its
 * program's figures were last encoded for).
 */
export function mergeProgramSpecs(specs: readonly ProgramSpec[], jurisdiction: string): MergeResult {
  if (specs.length === 0) return { ok: false, problem: 'no program to screen' };
  const stranger = specs.find((s) => !appliesIn(s.jurisdiction, jurisdiction));
  if (stranger) return { ok: false, problem: `${stranger.program} does not apply in ${jurisdiction}` };
  const extensions = new ExtensionMerge();
  for (const spec of specs) {
    const problem = extensions.add(spec.extensions);
    if (problem) return { ok: false, problem: `${spec.program} cannot be screened with ${specs[0].program}: ${problem}` };
  }
  const periods = specs.map((s) => String(s.profile.defaultPeriod ?? s.period)).sort();
  const merged = { ...extensions.merged, jurisdiction, program_id: 'screen', default_period: periods.at(-1) };
  const program = `${jurisdiction}/screen`;
  const profile = parseProgramProfile(program, merged);
  if (!profile.ok) return { ok: false, problem: profile.problems.map(profileProblemText).join('; ') };
  return {
    ok: true,
    spec: {
      path: `programs/${program}`,
      program,
      jurisdiction,
      name: 'screen',
      period: periods.at(-1) ?? '',
      outputs: union(specs.map((s) => s.outputs)),
      scopeModules: union(specs.map((s) => s.scopeModules)),
      acknowledgedIncomplete: union(specs.map((s) => s.acknowledgedIncomplete)),
      transformations: union(specs.map((s) => s.transformations)),
      autoGateOutputs: union(specs.map((s) => s.autoGateOutputs)),
      extensions: merged,
      profile: profile.profile,
    },
  };
}
