/**
 * Closure pass: root module ids + the loaded modules → the closure's module ids in load order (imports before
 * importers), or diagnostics for a missing or bad module and for an import cycle.
 */
import type { Diagnostic, LoadedModule } from '../load/model.js';
import type { ModuleSource } from './types.js';

/** Walks imports depth-first (imports before importer); reports missing modules, bad modules and cycles. */
export function resolveClosure(roots: readonly string[], modules: ModuleSource): { order: string[]; diagnostics: Diagnostic[] } {
  const order: string[] = [];
  const done = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (id: string, from?: LoadedModule): void => {
    if (done.has(id)) return;
    if (onStack.has(id)) {
      const cycle = [...stack.slice(stack.indexOf(id)), id].join(' → ');
      diagnostics.push({ severity: 'error', module: from?.id ?? id, file: from?.path ?? id, message: `import cycle: ${cycle}` });
      return;
    }
    const m = modules.get(id);
    if (!m) {
      diagnostics.push({ severity: 'error', module: from?.id ?? id, file: from?.path ?? id, message: `imported module "${id}" does not exist` });
      return;
    }
    if (!m.ok) {
      const first = m.diagnostics.find((d) => d.severity === 'error');
      diagnostics.push({
        severity: 'error',
        module: m.id,
        file: m.path,
        rule: first?.rule,
        line: first?.line,
        message: `module ${m.id} failed to load${from ? ` (imported by ${from.id})` : ''}: ${first?.message ?? 'unknown error'}`,
      });
      done.add(id);
      return;
    }
    stack.push(id);
    onStack.add(id);
    for (const imp of m.imports) visit(imp, m);
    stack.pop();
    onStack.delete(id);
    done.add(id);
    order.push(id);
  };
  for (const r of roots) visit(r);
  return { order, diagnostics };
}
