/** Public API of the RuleSpec engine (see docs/engine-api.md). */
export * from './values.js';
export type { Expr, Pos } from './ast.js';
export { parseFormula, FormulaSyntaxError } from './parser.js';
export { LoweringError } from './lower.js';
export type { IR, Deps } from './ir.js';
export * from './model.js';
export * from './ids.js';
export { loadModule, parseYaml, lowerDType } from './module-loader.js';
export { buildRepository, isModulePath, type RuleRepositoryModel, type RepositoryProvenance } from './repository.js';
export { loadRuleRepository } from './load-repository.js';
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
} from './compile.js';
export { Evaluator, liveVersion, makeDataset, type Dataset, type Period, type TraceEntry, type ParameterRead } from './evaluate.js';
export { runCorpus, runTestFile, parseTestPeriod, matchesExpected, type CorpusReport, type CaseResult } from './corpus-runner.js';
export {
  parseProgramSpec,
  composeProgram,
  evaluatePackage,
  type ProgramSpec,
  type RuntimePackage,
  type PackageInput,
  type PackageOutput,
  type ProgramGraph,
  type GraphRule,
  type InputCatalogEntry,
  type PackageRequest,
  type PackageResult,
} from './compose.js';
