/** Compiler entry points; the passes live in ./compile/ (see docs/engine-api.md, "Compile passes"). */
export * from './compile/index.js';
