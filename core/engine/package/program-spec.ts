/**
 * Spec parsing: a `programs/<jur>/<prog>/*.yaml` compose spec's text → a ProgramSpec (program, period, outputs,
 * scope, transformations, auto-gated outputs; unknown top-level keys kept as extensions), or a diagnostic.
 */
import { parseYaml } from '../load/module-loader.js';
import type { SpecResult } from './types.js';

type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

const KNOWN_KEYS = new Set(['program', 'period', 'outputs', 'scope', 'acknowledged_incomplete', 'transformations', 'auto_gate_outputs', 'rounding']);

/** The strings and numbers of a YAML list (as text); anything else is an empty list. */
export const strList = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : []);

export function parseProgramSpec(path: string, text: string): SpecResult {
  const diag = (message: string): SpecResult => ({ ok: false, diagnostics: [{ severity: 'error', module: path, file: path, message }] });
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    return diag(`YAML syntax error: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc)) return diag('a compose spec must be a YAML mapping');
  const program = typeof doc.program === 'string' ? doc.program : undefined;
  if (!program || !/^[a-z]{2}(-[a-z0-9]+)*(\/[A-Za-z0-9_.-]+)+$/.test(program)) return diag('"program" must be <jurisdiction>/<program>, e.g. us-co/snap');
  const outputs = strList(doc.outputs);
  if (outputs.length === 0) return diag('"outputs" must be a non-empty list of rule names');
  const scope: Record<string, string[]> = {};
  if (doc.scope !== undefined && doc.scope !== null) {
    if (!isObj(doc.scope)) return diag('"scope" must map anchors to lists of module paths');
    for (const [k, v] of Object.entries(doc.scope)) {
      if (['jurisdictions', 'include', 'exclude'].includes(k)) return diag(`scope key "${k}" is reserved`);
      scope[k] = strList(v);
    }
  }
  const transformations = Array.isArray(doc.transformations) ? doc.transformations.filter(isObj) : [];
  const extensions: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!KNOWN_KEYS.has(k)) extensions[k] = v;
  const jurisdiction = program.slice(0, program.indexOf('/'));
  const name = program.slice(program.indexOf('/') + 1);
  return {
    ok: true,
    spec: {
      path,
      program,
      jurisdiction,
      name,
      period: doc.period === undefined ? '' : String(doc.period),
      outputs,
      scope,
      acknowledgedIncomplete: strList(doc.acknowledged_incomplete),
      transformations,
      autoGateOutputs: strList(doc.auto_gate_outputs),
      extensions,
    },
  };
}
