/**
 * Turns a generated kernel's source (codegen.ts) into its function: the one place kernel text becomes code. The
 * factory's only free names are `helpers` (the closed helper set, helpers.ts, destructured into its names) and `K`
 * (the constant table the source indexes): generated code has no other way out.
 */
import { HELPERS, HELPER_NAMES } from '../helpers.js';
import type { KernelFn } from '../columns.js';

/** The kernel function of `source` over its constant table. */
export function instantiateKernel(source: string, constants: readonly unknown[]): KernelFn {
  const factory = new Function('helpers', 'K', `"use strict";\nconst { ${HELPER_NAMES.join(', ')} } = helpers;\n${source}`) as (helpers: typeof HELPERS, constants: readonly unknown[]) => KernelFn;
  return factory(HELPERS, constants);
}
