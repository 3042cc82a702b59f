/** Error diagnostics of the compile passes, located at a rule and the file of its module. */
import type { Diagnostic, LoadedModule, Rule } from '../load/model.js';

export interface ModuleRef {
  readonly id: string;
  readonly path: string;
}

export interface CompileErrors {
  readonly diagnostics: Diagnostic[];
  /** Records an error at a rule (its line unless one is given) in the given module's file. */
  report(r: Rule | undefined, m: ModuleRef | undefined, message: string, line?: number, column?: number): void;
  /** The module (id and file path) a rule comes from; synthesized rules name their program id as the file. */
  moduleOf(r: Rule): ModuleRef;
}

export function compileErrors(loaded: readonly LoadedModule[]): CompileErrors {
  const diagnostics: Diagnostic[] = [];
  const pathOf = new Map<string, string>(loaded.map((m) => [m.id, m.path]));
  return {
    diagnostics,
    report(r, m, message, line, column) {
      diagnostics.push({ severity: 'error', module: m?.id ?? r?.module ?? '', file: m?.path ?? r?.module ?? '', rule: r?.name, line: line ?? r?.line, column, message });
    },
    moduleOf: (r) => ({ id: r.module, path: pathOf.get(r.module) ?? r.module }),
  };
}
