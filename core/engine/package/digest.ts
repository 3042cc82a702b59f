/**
 * Digest: a composed package's program-level facts and reached rules → `sha256:<hex>` over their canonical form
 * (everything that determines results or attribution; inert documentation is not in it).
 */
import { createHash } from 'node:crypto';
import type { CompileCache, CompiledDerived, CompiledParameter, CompiledProgram } from '../compile/index.js';
import { toJson } from '../values.js';
import type { Reached } from './reachability.js';
import type { InputCatalogEntry, ProgramSpec } from './types.js';

type Obj = Record<string, unknown>;

/** Program-level facts first, then each reached rule's canonical text (kept in the repository's cache), in name order. */
export function packageDigest(spec: ProgramSpec, roots: readonly string[], program: CompiledProgram, catalog: readonly InputCatalogEntry[], reach: Reached, cache: CompileCache): string {
  const hash = createHash('sha256');
  hash.update(
    canonicalJson({
      format: 'tenet-package/v1',
      program: spec.program,
      period: spec.period,
      outputs: spec.outputs,
      roots,
      modules: program.modules,
      inputCatalog: catalog,
      relations: [...reach.relations].sort().map((r) => {
        const rel = program.relations.get(r);
        return { id: rel?.id, kind: rel?.kind, source: rel?.source, predicate: rel?.rule?.shape === 'derived_relation' ? (rel.rule.versions[0]?.formulaText ?? null) : null };
      }),
      extensions: spec.extensions,
    }),
  );
  for (const n of [...reach.rules, ...reach.params].sort()) {
    const rule = program.derived.get(n) ?? program.parameters.get(n);
    if (rule) hash.update(`\n${n}=${cache.canonicalText(rule, () => canonicalRule(rule))}`);
  }
  return `sha256:${hash.digest('hex')}`;
}

/**
 * Canonical text of one compiled rule: everything about it that determines results or attribution
 * (versions with formulas and cells, entity, dtype, unit, rounding, legal source, sets binding). Compiled rules
 * are shared by closures and packages, so the repository's CompileCache keeps the text beside them.
 */
function canonicalRule(rule: CompiledDerived | CompiledParameter): string {
  const r = rule.rule;
  // A fixed-order array through native JSON.stringify: deterministic and much faster than a key-sorting walk.
  return JSON.stringify([
    rule.id,
    rule.kind,
    r.shape === 'derived' ? (r.entity ?? null) : null,
    r.dtype,
    r.unit ?? null,
    r.shape === 'derived' ? (r.rounding ?? null) : null,
    r.shape === 'parameter' ? (r.indexedBy ?? null) : null,
    r.source ?? null,
    r.sourceUrl ?? null,
    rule.boundBy ? [rule.boundBy.hook, rule.boundBy.value] : null,
    rule.versions.map((v) => [v.from, v.to ?? null, v.formulaText ?? null, v.cells ? [...v.cells.entries()].map(([k, c]) => [k, toJson(c)]) : null]),
  ]);
}

/** Canonical JSON (sorted keys, no undefined) written into one parts array; Maps become objects. */
function canonicalJson(x: unknown): string {
  const parts: string[] = [];
  const write = (v: unknown): void => {
    if (v === null || v === undefined || typeof v !== 'object') {
      parts.push(JSON.stringify(v ?? null));
      return;
    }
    if (v instanceof Map) {
      write(Object.fromEntries([...v.entries()].map(([k, val]) => [String(k), val])));
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => {
        if (i) parts.push(',');
        write(item);
      });
      parts.push(']');
      return;
    }
    const o = v as Obj;
    parts.push('{');
    let first = true;
    for (const k of Object.keys(o).sort()) {
      if (o[k] === undefined) continue;
      if (!first) parts.push(',');
      first = false;
      parts.push(JSON.stringify(k), ':');
      write(o[k]);
    }
    parts.push('}');
  };
  write(x);
  return parts.join('');
}
