/**
 * Which program a module's rules belong to (RuleSummary.program_id). Documented in docs/read-surface.md.
 *
 * 1. Package membership: the module is in the composed closure (scope modules plus their transitive imports) of one
 *    or more program specs. Among those, prefer specs of the module's own jurisdiction, then the program name that
 *    the most specs share (federal SNAP law sits in every state's SNAP package, so it is `snap`), then the
 *    alphabetically first name.
 * 2. Nearest declared program: otherwise, walk up the module's path (never above `<root>/<first segment>`) and take
 *    the program with the most member modules of the same jurisdiction under the deepest prefix that has any.
 * 3. Topic: otherwise `<root>/<first segment>` of the module path, e.g. `statutes/39`.
 * program_id is the part of the spec's `program:` after the jurisdiction (`us-co/snap` -> `snap`).
 */

export interface ProgramRef {
  jurisdiction: string;
  programId: string;
}

/** `us-co/snap` -> {us-co, snap}; `us/payroll/oasdi-wage-tax` -> {us, payroll/oasdi-wage-tax}. */
export function parseProgramKey(program: string): ProgramRef | undefined {
  const slash = program.indexOf('/');
  if (slash <= 0 || slash === program.length - 1) return undefined;
  return { jurisdiction: program.slice(0, slash), programId: program.slice(slash + 1) };
}

export function jurisdictionOfModule(moduleId: string): string {
  const colon = moduleId.indexOf(':');
  return colon < 0 ? moduleId : moduleId.slice(0, colon);
}

/** Path segments after the `:`: `[root, ...rest]`. */
export function moduleSegments(moduleId: string): string[] {
  return moduleId.slice(moduleId.indexOf(':') + 1).split('/');
}

export function topicProgramId(moduleId: string): string {
  const segments = moduleSegments(moduleId);
  return segments.length > 1 ? `${segments[0]}/${segments[1]}` : segments[0];
}

/**
 * @param members program specs' member modules: for each spec, its ref and the module ids of its closure.
 * @param moduleIds every module to assign.
 */
export function assignPrograms(
  members: readonly { ref: ProgramRef; modules: Iterable<string> }[],
  moduleIds: Iterable<string>,
): Map<string, string> {
  const specsByName = new Map<string, number>();
  for (const m of members) specsByName.set(m.ref.programId, (specsByName.get(m.ref.programId) ?? 0) + 1);

  const candidates = new Map<string, ProgramRef[]>();
  for (const m of members) {
    for (const moduleId of m.modules) {
      const list = candidates.get(moduleId);
      if (list) list.push(m.ref);
      else candidates.set(moduleId, [m.ref]);
    }
  }

  const assigned = new Map<string, string>();
  const unassigned: string[] = [];
  for (const moduleId of moduleIds) {
    const refs = candidates.get(moduleId);
    if (!refs) {
      unassigned.push(moduleId);
      continue;
    }
    const jur = jurisdictionOfModule(moduleId);
    const own = refs.filter((r) => r.jurisdiction === jur);
    const pool = own.length > 0 ? own : refs;
    const best = [...new Set(pool.map((r) => r.programId))].sort(
      (a, b) => (specsByName.get(b) ?? 0) - (specsByName.get(a) ?? 0) || a.localeCompare(b),
    )[0];
    assigned.set(moduleId, best);
  }

  // Prefix -> program -> member count, for the "nearest declared program" rule (same jurisdiction only).
  const prefixCounts = new Map<string, Map<string, number>>();
  for (const [moduleId, programId] of assigned) {
    const jur = jurisdictionOfModule(moduleId);
    const segments = moduleSegments(moduleId);
    for (let depth = 2; depth < segments.length; depth++) {
      const key = `${jur}:${segments.slice(0, depth).join('/')}`;
      let counts = prefixCounts.get(key);
      if (!counts) prefixCounts.set(key, (counts = new Map()));
      counts.set(programId, (counts.get(programId) ?? 0) + 1);
    }
  }

  for (const moduleId of unassigned) {
    const jur = jurisdictionOfModule(moduleId);
    const segments = moduleSegments(moduleId);
    let chosen: string | undefined;
    for (let depth = segments.length - 1; depth >= 2 && chosen === undefined; depth--) {
      const counts = prefixCounts.get(`${jur}:${segments.slice(0, depth).join('/')}`);
      if (counts) chosen = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    }
    assigned.set(moduleId, chosen ?? topicProgramId(moduleId));
  }
  return assigned;
}
