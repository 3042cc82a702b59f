/**
 * Program composition (reference §9): a parsed compose spec and the repository → a RuntimePackage, as the
 * sequence of its steps (roots, closure, synthesis, auto-gating, compile, reachability, inputs, graph, digest).
 */
import { compileModules, resolveClosure } from '../compile/index.js';
import type { Diagnostic, LoadedModule } from '../load/model.js';
import type { RuleRepositoryModel } from '../load/repository.js';
import { OwnedCaches } from '../owned-caches.js';
import { autoGate } from './auto-gate.js';
import { packageDigest } from './digest.js';
import { documentedSlots, packageInputs } from './package-inputs.js';
import { packageOutputs, programGraph } from './program-graph.js';
import { programRoots } from './program-roots.js';
import { reachable } from './reachability.js';
import { synthesize } from './transformations.js';
import type { ComposeResult, ProgramSpec } from './types.js';

export function composeProgram(repo: RuleRepositoryModel, spec: ProgramSpec): ComposeResult {
  const programId = `programs/${spec.program}`;
  const err = (message: string): ComposeResult => ({ ok: false, diagnostics: [{ severity: 'error', module: programId, file: spec.path, message }] });

  const found = programRoots(repo, spec);
  if (!found.ok) return err(found.message);
  const { roots } = found;
  const closure = resolveClosure(roots, repo.modules);
  if (closure.diagnostics.length) return { ok: false, diagnostics: closure.diagnostics };
  const loaded = closure.order.map((id) => repo.modules.get(id) as LoadedModule);

  const synthesisProblems: Diagnostic[] = [];
  const synthetic = synthesize(spec, programId, synthesisProblems);
  if (synthesisProblems.length) return { ok: false, diagnostics: synthesisProblems };

  const gated = autoGate(spec, programId, roots, loaded, synthetic, repo.compileCache);
  if (!gated.ok) return 'message' in gated ? err(gated.message) : { ok: false, diagnostics: gated.diagnostics };

  const compiled = compileModules(roots, gated.modules, { module: programId, rules: synthetic }, repo.compileCache);
  if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics };
  const program = compiled.program;
  for (const o of spec.outputs) if (!program.derived.has(o) && !program.parameters.has(o)) return err(`output "${o}" is not defined in the composed closure`);

  const reach = reachable(program, spec.outputs);
  const screening = screeningProblem(spec, reach.rules);
  if (screening) return err(screening);
  for (const o of spec.profile.person.outputs) {
    // An answer reads a person output from the evaluation of the package's outputs, so one must reach it.
    if (!program.derived.has(o)) return err(`person output "${o}" is not a derived rule of the composed closure`);
    if (!reach.rules.has(o)) return err(`person output "${o}" is not read by any output of the package: list an output that aggregates it`);
  }
  const { catalog, inputs } = packageInputs(program, reach.inputs, spec);
  const graph = programGraph(program, reach, spec, programId, inputs, catalog);
  const outputs = packageOutputs(program, spec);
  const digest = packageDigest(spec, roots, program, catalog, reach, repo.compileCache);
  const inputDocs = documentedSlots(loaded, new Set(inputs.map((i) => i.slot)));
  return { ok: true, package: { spec, programId, program, inputs, outputs, graph, inputCatalog: catalog, inputDocs, digest, diagnostics: program.diagnostics, caches: new OwnedCaches() } };
}

/**
 * A `screening` extension naming what the package cannot give (docs/screening.md): `eligible` and `amount` must be
 * outputs; `tests` and links' `used` must be rules the outputs read (a screen reads their values from the trace).
 */
function screeningProblem(spec: ProgramSpec, reached: ReadonlySet<string>): string | undefined {
  const screening = spec.profile.screening;
  if (!screening) return undefined;
  const outputs = new Set(spec.outputs);
  const notOutput = [...screening.eligible, ...(screening.amount ? [screening.amount] : [])].find((name) => !outputs.has(name));
  if (notOutput) return `screening names "${notOutput}", which is not an output of the package`;
  const unread = [...screening.tests, ...screening.links.map((l) => l.used)].find((name) => !reached.has(name));
  if (unread) return `screening names "${unread}", which no output of the package reads`;
  const notPersonOutput = screening.personEligible.find((name) => !spec.profile.person.outputs.includes(name));
  if (notPersonOutput) return `screening.person_eligible "${notPersonOutput}" is not one of the package's person_outputs`;
  return undefined;
}
