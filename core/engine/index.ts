/** Public API of the RuleSpec engine (see docs/engine-api.md). */
export * from './values.js';
export type { Expr, Pos } from './syntax/ast.js';
export { parseFormula, FormulaSyntaxError } from './syntax/parser.js';
export { LoweringError } from './check/lower.js';
export type { IR, Deps } from './check/ir.js';
export * from './load/model.js';
export * from './syntax/ids.js';
export { loadModule, parseYaml, lowerDType } from './load/module-loader.js';
export { buildRepository, isModulePath, type RuleRepositoryModel, type RepositoryProvenance } from './load/repository.js';
export { loadRuleRepository } from './load/load-repository.js';
export {
  compileClosure,
  compileModules,
  resolveClosure,
  topoOrder,
  type CompileResult,
  type CompiledProgram,
  type CompiledDerived,
  type CompiledParameter,
  type CompiledRelation,
  type CompiledVersion,
  type InputSlot,
} from './compile/index.js';
export { Evaluator, liveVersion, makeDataset, type Dataset, type Period, type TraceEntry, type ParameterRead } from './explain/evaluate.js';
export { runCorpus, runTestFile, parseTestPeriod, matchesExpected, type CorpusReport, type CaseResult } from './testing/corpus-runner.js';
export {
  parseProgramSpec,
  composeProgram,
  evaluatePackage,
  applyParameterOverrides,
  MAX_PARAMETER_OVERRIDES,
  MAX_OVERRIDE_VERSIONS,
  type AppliedOverride,
  type OverrideProblem,
  type OverrideResult,
  type ProgramSpec,
  type ProgramProfile,
  type ProfileProblem,
  type RuntimePackage,
  type PackageInput,
  type PackageOutput,
  type ProgramGraph,
  type GraphRule,
  type InputCatalogEntry,
  type PackageRequest,
  type PackageResult,
} from './package/index.js';
