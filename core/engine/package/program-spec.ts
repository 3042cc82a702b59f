/**
 * Spec parsing: a `programs/<jur>/<prog>/*.yaml` compose spec's text → a ProgramSpec (program, period, outputs,
 * scope resolved to module ids, transformations, auto-gated outputs; unknown top-level keys kept as extensions and
 * the ones Tenet reads checked into a ProgramProfile, ./program-profile.ts),
 * or a diagnostic. The one parser of program specs: the composer and the read catalog (adapters/read-surface)
 * both read specs through it, so they agree on which specs declare a program and which modules its scope names.
 */
import { parseYaml } from '../load/module-loader.js';
import { parseProgramProfile, profileProblemText } from './program-profile.js';
import type { SpecResult } from './types.js';
import { isObject } from '../../domain/is-object.js';

type Obj = Record<string, unknown>;

const KNOWN_KEYS = new Set(['program', 'period', 'outputs', 'scope', 'acknowledged_incomplete', 'transformations', 'auto_gate_outputs', 'rounding']);

/** Scope keys the reference reserves (§9): not anchors, and refused rather than silently skipped. */
const RESERVED_SCOPE_KEYS = new Set(['jurisdictions', 'include', 'exclude']);

/** The strings and numbers of a YAML list (as text); anything else is an empty list. */
export const strList = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : []);

/**
 * Scope anchors → module ids, first mention first (reference §9): `federal` → `us`, `state` → the program's
 * jurisdiction, any other key is itself the jurisdiction prefix, and a path containing `:` is a module id already.
 * A path may name the module's file (`.../sua.yaml`: the suffix is dropped). A `#` names a rule, not a module, and
 * is refused (the composer's roots are whole modules). Returns the problem in words instead when there is one.
 */
export function scopeModuleIds(scope: Obj, jurisdiction: string): string[] | string {
  const ids: string[] = [];
  for (const [anchor, paths] of Object.entries(scope)) {
    if (RESERVED_SCOPE_KEYS.has(anchor)) return `scope key "${anchor}" is reserved`;
    const prefix = anchor === 'federal' ? 'us' : anchor === 'state' ? jurisdiction : anchor;
    for (const raw of strList(paths)) {
      const path = raw.trim();
      if (path === '') continue;
      if (path.includes('#')) return `scope path "${path}" names a rule; scope lists modules (drop the "#...")`;
      const id = (path.includes(':') ? path : `${prefix}:${path}`).replace(/\.yaml$/, '');
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

export function parseProgramSpec(path: string, text: string): SpecResult {
  const diag = (message: string): SpecResult => ({ ok: false, diagnostics: [{ severity: 'error', module: path, file: path, message }] });
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    return diag(`YAML syntax error: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObject(doc)) return diag('a compose spec must be a YAML mapping');
  const program = typeof doc.program === 'string' ? doc.program : undefined;
  if (!program || !/^[a-z]{2}(-[a-z0-9]+)*(\/[A-Za-z0-9_.-]+)+$/.test(program)) return diag('"program" must be <jurisdiction>/<program>, e.g. us-co/snap');
  const outputs = strList(doc.outputs);
  if (outputs.length === 0) return diag('"outputs" must be a non-empty list of rule names');
  const jurisdiction = program.slice(0, program.indexOf('/'));
  const name = program.slice(program.indexOf('/') + 1);
  let scopeModules: string[] = [];
  if (doc.scope !== undefined && doc.scope !== null) {
    if (!isObject(doc.scope)) return diag('"scope" must map anchors to lists of module paths');
    const resolved = scopeModuleIds(doc.scope, jurisdiction);
    if (typeof resolved === 'string') return diag(resolved);
    scopeModules = resolved;
  }
  const transformations = Array.isArray(doc.transformations) ? doc.transformations.filter(isObject) : [];
  const extensions: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!KNOWN_KEYS.has(k)) extensions[k] = v;
  const profile = parseProgramProfile(program, extensions);
  if (!profile.ok) return { ok: false, diagnostics: profile.problems.map((p) => ({ severity: 'error', module: path, file: path, message: profileProblemText(p) })) };
  return {
    ok: true,
    spec: {
      path,
      program,
      jurisdiction,
      name,
      period: doc.period === undefined ? '' : String(doc.period),
      outputs,
      scopeModules,
      acknowledgedIncomplete: strList(doc.acknowledged_incomplete),
      transformations,
      autoGateOutputs: strList(doc.auto_gate_outputs),
      extensions,
      profile: profile.profile,
    },
  };
}
