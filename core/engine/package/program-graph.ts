/**
 * Program graph and outputs: the compiled program, what the outputs reach and the package inputs → the
 * ProgramGraph (API spec "Runtime packages": rules with their dependencies by legal id, inputs, relations, own
 * and terminal outputs) and the package's output descriptions.
 */
import type { CompiledProgram } from '../compile/index.js';
import type { Reached } from './reachability.js';
import type { GraphRule, InputCatalogEntry, PackageInput, PackageOutput, ProgramGraph, ProgramSpec } from './types.js';

/** The durable id of a derived rule or parameter by bare name (the name itself when neither). */
const legalIdOf = (program: CompiledProgram, name: string): string => program.derived.get(name)?.id ?? program.parameters.get(name)?.id ?? name;

export function programGraph(
  program: CompiledProgram,
  reach: Reached,
  spec: ProgramSpec,
  programId: string,
  inputs: readonly PackageInput[],
  catalog: readonly InputCatalogEntry[],
): ProgramGraph {
  const inputLegal = new Map(catalog.map((c) => [c.slot, c.canonical]));
  const rules = graphRules(program, reach, inputLegal);
  const consumed = new Set<string>();
  for (const n of reach.rules) {
    const d = program.derived.get(n)!;
    for (const r of d.deps.rules) consumed.add(r);
    for (const p of d.deps.params) consumed.add(p);
  }
  for (const rel of reach.relations) {
    const r = program.relations.get(rel);
    if (r?.predicateDeps) for (const x of r.predicateDeps.rules) consumed.add(x);
  }
  return {
    rules,
    inputs: inputs.map((i) => {
      const s = program.inputs.get(i.slot);
      const rel = i.relation ? program.relations.get(i.relation) : undefined;
      return {
        legalId: i.name,
        name: i.slot,
        fileLegalId: s?.bareAccepted || !s?.owners.length ? programId : s.owners[0],
        entity: i.entity,
        ...(rel ? { relationLegalId: rel.id } : {}),
      };
    }),
    relations: [...reach.relations].sort().map((rel) => {
      const r = program.relations.get(rel)!;
      return { legalId: r.id, name: r.name, fileLegalId: r.module, memberInputIds: [...r.memberInputs].sort().map((i) => inputLegal.get(i) ?? i) };
    }),
    ownOutputs: spec.outputs.map((o) => legalIdOf(program, o)),
    terminalOutputs: rules.filter((r) => !consumed.has(r.name)).map((r) => r.legalId),
  };
}

/** Reached derived rules then reached parameters, each in name order. */
function graphRules(program: CompiledProgram, reach: Reached, inputLegal: ReadonlyMap<string, string>): GraphRule[] {
  const rules: GraphRule[] = [];
  for (const n of [...reach.rules].sort()) {
    const d = program.derived.get(n)!;
    rules.push({
      legalId: d.id,
      name: n,
      fileLegalId: d.rule.module,
      kind: 'derived',
      entity: d.rule.entity ?? null,
      dtype: d.rule.dtypeLabel ?? null,
      period: d.rule.period ?? null,
      unit: d.rule.unit ?? null,
      source: d.rule.source ?? null,
      sourceUrl: d.rule.sourceUrl ?? null,
      ruleDeps: [...d.deps.rules, ...d.deps.params].map((x) => legalIdOf(program, x)).sort(),
      inputDeps: [...d.deps.inputs].map((i) => inputLegal.get(i) ?? i).sort(),
      relationDeps: [...d.deps.relations].map((r) => program.relations.get(r)?.id ?? r).sort(),
      formula: d.versions[d.versions.length - 1]?.formulaText ?? null,
    });
  }
  for (const n of [...reach.params].sort()) {
    const p = program.parameters.get(n)!;
    rules.push({
      legalId: p.id,
      name: n,
      fileLegalId: p.rule.module,
      kind: 'parameter',
      entity: null,
      dtype: p.rule.dtypeLabel ?? null,
      period: p.rule.period ?? null,
      unit: p.rule.unit ?? null,
      source: p.rule.source ?? null,
      sourceUrl: p.rule.sourceUrl ?? null,
      ruleDeps: [],
      inputDeps: p.rule.table && p.rule.indexedBy ? [inputLegal.get(p.rule.indexedBy) ?? p.rule.indexedBy] : [],
      relationDeps: [],
      formula: p.versions[p.versions.length - 1]?.formulaText ?? null,
    });
  }
  return rules;
}

/** One description per spec output: legal id when it differs from the name, entity, dtype label, unit. */
export function packageOutputs(program: CompiledProgram, spec: ProgramSpec): PackageOutput[] {
  return spec.outputs.map((o) => {
    const d = program.derived.get(o);
    const p = program.parameters.get(o);
    const rule = d?.rule ?? p!.rule;
    const legal = legalIdOf(program, o);
    return { name: o, ...(legal !== o ? { legalId: legal } : {}), entity: d?.rule.entity, dtype: rule.dtypeLabel ?? (d?.position === 'judgment' ? 'Judgment' : 'Decimal'), unit: rule.unit };
  });
}
