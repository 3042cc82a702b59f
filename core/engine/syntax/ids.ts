/** Durable ids: module ids from file paths, rule/input/relation ids, and target validation (reference §1.1). */

export const ATOMIC_ROOTS: ReadonlySet<string> = new Set(['statutes', 'regulations', 'policies', 'legislation']);
const JURISDICTION = /^[a-z]{2}(-[a-z0-9]+)*$/;
const SEGMENT = /^[A-Za-z0-9_.~-]+$/;
const FRAGMENT = /^[A-Za-z0-9_.-]+$/;

/** Why a module target is invalid, or undefined when valid. `allowAnyRoot` admits non-atomic first segments. */
export function targetProblem(target: string, allowAnyRoot = false): string | undefined {
  const colon = target.indexOf(':');
  if (colon < 0 || target.indexOf(':', colon + 1) >= 0) return 'a module id has exactly one ":"';
  if (/[\s"'\\#]/.test(target)) return 'a module id may not contain whitespace, quotes, "\\" or "#"';
  const jur = target.slice(0, colon);
  if (!JURISDICTION.test(jur)) return `"${jur}" is not a valid jurisdiction prefix`;
  const segs = target.slice(colon + 1).split('/');
  if (segs.length < 2) return 'a module id needs at least two path segments';
  if (!allowAnyRoot && !ATOMIC_ROOTS.has(segs[0])) return `"${segs[0]}" is not an atomic root (statutes, regulations, policies, legislation)`;
  for (const s of segs) {
    if (s === '' || s === '.' || s === '..' || !SEGMENT.test(s)) return `bad path segment "${s}"`;
  }
  const last = segs[segs.length - 1];
  if (/\.(yaml|yml|test)$/.test(last)) return 'a module id must not end in .yaml, .yml or .test';
  return undefined;
}

/** Splits an import entry `<module id>[#fragment]`; the fragment is validated and then discarded (§1.3). */
export function parseImport(entry: string): { id: string; problem?: string } {
  const hash = entry.indexOf('#');
  const id = hash >= 0 ? entry.slice(0, hash) : entry;
  if (hash >= 0) {
    const frag = entry.slice(hash + 1);
    if (!FRAGMENT.test(frag)) return { id, problem: `import fragment "${frag}" has characters outside [A-Za-z0-9_.-]` };
  }
  const problem = targetProblem(id);
  return problem ? { id, problem } : { id };
}

/** `us/statutes/7/2017/a.yaml` → `us:statutes/7/2017/a`; undefined for paths that cannot be module files. */
export function moduleIdFromPath(path: string): string | undefined {
  if (!path.endsWith('.yaml') || path.endsWith('.test.yaml')) return undefined;
  const slash = path.indexOf('/');
  if (slash <= 0) return undefined;
  return `${path.slice(0, slash)}:${path.slice(slash + 1, -'.yaml'.length)}`;
}

export function modulePath(moduleId: string): string {
  const colon = moduleId.indexOf(':');
  return `${moduleId.slice(0, colon)}/${moduleId.slice(colon + 1)}.yaml`;
}

export function jurisdictionOf(moduleId: string): string {
  const colon = moduleId.indexOf(':');
  return colon < 0 ? moduleId.split('/')[0] : moduleId.slice(0, colon);
}

export const ruleId = (moduleId: string, name: string): string => `${moduleId}#${name}`;
export const inputId = (moduleId: string, slot: string): string => `${moduleId}#input.${slot}`;
export const relationId = (moduleId: string, name: string): string => `${moduleId}#relation.${name}`;

/** A relation's bare name (`member_of_snap_household`) from its durable id (`<module>#relation.<name>`) or its name. */
export function relationName(idOrName: string): string {
  const hash = idOrName.indexOf('#relation.');
  return hash >= 0 ? idOrName.slice(hash + '#relation.'.length) : idOrName;
}

/** Parses a durable id into module and fragment; fragment kinds are `input.`, `relation.` or a rule name. */
export function splitId(id: string): { module: string; kind: 'rule' | 'input' | 'relation'; name: string } | undefined {
  const hash = id.indexOf('#');
  if (hash < 0) return undefined;
  const module = id.slice(0, hash);
  const frag = id.slice(hash + 1);
  if (frag.startsWith('input.')) return { module, kind: 'input', name: frag.slice(6) };
  if (frag.startsWith('relation.')) return { module, kind: 'relation', name: frag.slice(9) };
  return { module, kind: 'rule', name: frag };
}

/** A canonical `corpus_citation_path` (§11). */
export function isCanonicalCitationPath(p: string): boolean {
  if (p !== p.trim() || /[#\\"']/.test(p)) return false;
  const segs = p.split('/');
  if (segs.length < 3) return false;
  if (!/^[a-z]{2,3}(-[a-z0-9]+)*$/.test(segs[0])) return false;
  if (!/^[a-z][a-z0-9-]*$/.test(segs[1])) return false;
  return segs.slice(2).every((s) => /^[A-Za-z0-9][A-Za-z0-9 .:\u2013-]*$/.test(s));
}
