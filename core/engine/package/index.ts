/** The compose stage: program spec → RuntimePackage, and evaluation of a package. One file per job. */
export * from './types.js';
export { parseProgramSpec } from './program-spec.js';
export { composeProgram } from './compose-program.js';
export { packageDataset, evaluatePackage } from './package-evaluation.js';
