/** The compose stage: program spec → RuntimePackage, and evaluation of a package. One file per job. */
export * from './types.js';
export { parseProgramSpec } from './program-spec.js';
export { type ProfileProblem, type ProgramProfile } from './program-profile.js';
export { composeProgram } from './compose-program.js';
export { packageDataset, evaluatePackage } from './package-evaluation.js';
export { applyParameterOverrides, MAX_PARAMETER_OVERRIDES, type AppliedOverride, type OverrideProblem, type OverrideResult } from './parameter-overrides.js';
export { MAX_OVERRIDE_VERSIONS } from './override-values.js';
