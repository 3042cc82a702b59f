/** The compile stage: module closure → CompiledProgram. One file per pass; compile-modules.ts runs them in order. */
export * from './types.js';
export { resolveClosure } from './closure.js';
export { topoOrder } from './evaluation-order.js';
export { compileClosure, compileModules } from './compile-modules.js';
export { CompileCache } from './compile-cache.js';
