/**
 * The package's engine entry (`import { ... } from 'tenet/engine'`): the RuleSpec engine without the service —
 * load a repository, compile, compose program packages, run them (explain path and fast path) and sweep them.
 * Names and forms: docs/engine-api.md. Pure except FsRuleRepository, which reads a repository from a folder.
 */
export * from '../../core/engine/index.js';
export { evaluatePackageFast, type FastPackageResult } from '../../core/engine/fast/evaluate/package.js';
export {
  sweepPackage,
  sweepProgram,
  gridSteps,
  SweepError,
  type SweepErrorKind,
  type SweepAxis,
  type SweepLimits,
  type SweepResult,
  type SweepOutput,
  type SweepSegment,
  type SweepBreakpoint,
  type SweepRule,
} from '../../core/engine/sweep/index.js';
export type { RuleRepository, ParseCache } from '../../core/ports/rule-repository.js';
export { FsRuleRepository } from '../rulespec-fs/fs-rule-repository.js';
