/** Composer entry points; the steps live in ./compose/ (see docs/engine-api.md, "Compose steps"). */
export * from './compose/index.js';
