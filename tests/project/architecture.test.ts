/**
 * The layout shows the architecture: the core imports no adapter, and no two source files import each other,
 * directly or through others (type-only imports count: they bind the files' designs together just the same).
 * The engine (core/engine) sits below the use cases and is mapped file by file in docs/engine.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** file -> the project files it imports (relative specifiers, `.js` written for `.ts`). */
function importGraph(): Map<string, string[]> {
  const files = [...sourceFiles('core'), ...sourceFiles('adapters'), ...sourceFiles('composition')];
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(file), m[1])).replace(/\.js$/, '.ts'));
    graph.set(file, [...new Set(targets.filter((t) => known.has(t)))]);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('source layout', () => {
  const graph = importGraph();

  it('reads the import graph of core/ and adapters/', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get(normalize('composition/app.ts'))).toContain(normalize('composition/platform.ts'));
  });

  it('has no import cycles between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the core free of adapter imports', () => {
    const leaks = [...graph].flatMap(([file, targets]) => (file.startsWith('core') ? targets.filter((t) => t.startsWith('adapters')).map((t) => `${file} -> ${relative(root, join(root, t))}`) : []));
    expect(leaks).toEqual([]);
  });

  it('keeps the engine below the use cases: core/engine imports only the engine, the domain and the ports', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith(normalize('core/engine/')) ? targets.filter((t) => !/^core\/(engine|domain|ports|api)\//.test(t.split('\\').join('/'))).map((t) => `${file} -> ${t}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('looks services up by token only in the composition: core/ and adapters/ are handed what they use', () => {
    const lookups = [...sourceFiles('core'), ...sourceFiles('adapters')].flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return [...text.matchAll(/\bresolve\(\s*([A-Z][A-Z_]*)\b/g)].map((m) => `${file}: resolve(${m[1]}`);
    });
    expect(lookups).toEqual([]);
  });

  it('wires calculation without HTTP code: nothing composition/subsystems/calculation.ts reaches is in adapters/http-h3', () => {
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) visit(next);
    };
    visit(normalize('composition/subsystems/calculation.ts'));
    expect([...reached].filter((f) => f.startsWith(normalize('adapters/http-h3/')))).toEqual([]);
  });

  it('keeps every use of srvx and of its internals in adapters/http-h3/srvx.ts', () => {
    const users = [...sourceFiles('core'), ...sourceFiles('adapters'), ...sourceFiles('composition')].filter((file) => {
      if (file === normalize('adapters/http-h3/srvx.ts')) return false;
      const text = readFileSync(join(root, file), 'utf8');
      return /from\s+['"]srvx(\/[^'"]*)?['"]|\b_url\b|_toNodeResponse/.test(text);
    });
    expect(users).toEqual([]);
  });

  // The ports are the core's contracts: they are written in the domain's terms and their own, so neither a use case
  // nor the engine can change a port by changing itself (no exceptions today).
  it('keeps the ports below the use cases and the engine: core/ports imports only the ports and the domain', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith(normalize('core/ports/')) ? targets.filter((t) => !/^core\/(ports|domain)\//.test(t.split('\\').join('/'))).map((t) => `${file} -> ${t}`) : [],
    );
    expect(upward).toEqual([]);
  });

  // The domain is the bottom layer: pure values and rules, no contract with the outside (no exceptions today).
  it('keeps the domain at the bottom: core/domain imports only the domain', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith(normalize('core/domain/')) ? targets.filter((t) => !/^core\/domain\//.test(t.split('\\').join('/'))).map((t) => `${file} -> ${t}`) : [],
    );
    expect(upward).toEqual([]);
  });

  // Generated code is made in one kind of place: an emitter folder of the fast runtime (kernel/emit/, input/emit/,
  // evaluate/emit/), where the text it compiles is built from named parts and request text only enters as literals.
  it('compiles source text only in the fast runtime\'s emitters: no `new Function` elsewhere in core/, adapters/ or composition/', () => {
    const sites = [...sourceFiles('core'), ...sourceFiles('adapters'), ...sourceFiles('composition')].filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return /\bnew Function\s*\(/.test(text) && !/^core\/engine\/fast\/[a-z-]+\/emit\//.test(file.split('\\').join('/'));
    });
    expect(sites).toEqual([]);
  });

  // bench/ and tests/ are not shipped: production code that reached into them would break (or pull test data into)
  // the package. Relative specifiers are resolved against the file, so any depth of `../` counts.
  it('imports nothing benchmark-only or test-only into production code: core/, adapters/ and composition/ never reach bench/ or tests/', () => {
    const leaks = [...sourceFiles('core'), ...sourceFiles('adapters'), ...sourceFiles('composition')].flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return [...text.matchAll(IMPORT)]
        .map((m) => normalize(join(dirname(file), m[1])).split('\\').join('/'))
        .filter((target) => /^(bench|tests)\//.test(target))
        .map((target) => `${file} -> ${target}`);
    });
    expect(leaks).toEqual([]);
  });

  // core/engine/testing/ runs companion tests (`tenet corpus test`): it sits on top of the engine, so the stages that
  // answer requests never import it. Named exceptions: the engine's index (it exports the runner to embedders), the
  // fast path's bridge into the runner (evaluate/corpus.ts hands it the fast path as its second path) and the CLI
  // command that runs it.
  it('keeps the test runner above the engine: only its named users import core/engine/testing/', () => {
    const users = new Set(['core/engine/index.ts', 'core/engine/fast/evaluate/corpus.ts', 'adapters/cli/commands/corpus.ts']);
    const leaks = [...graph].flatMap(([file, targets]) => {
      const from = file.split('\\').join('/');
      if (from.startsWith('core/engine/testing/') || users.has(from)) return [];
      return targets.filter((t) => t.split('\\').join('/').startsWith('core/engine/testing/')).map((t) => `${from} -> ${t}`);
    });
    expect(leaks).toEqual([]);
  });

  it('names every engine source file in docs/engine.md, and no file that does not exist', () => {
    const map = readFileSync(join(root, 'docs/engine.md'), 'utf8');
    const files = sourceFiles('core/engine').map((f) => f.split('\\').join('/'));
    const basenames = new Set(files.map((f) => f.slice(f.lastIndexOf('/') + 1)));
    const unnamed = files.filter((f) => !f.endsWith('/index.ts') && !map.includes(`\`${f.slice(f.lastIndexOf('/') + 1)}\``));
    expect(unnamed).toEqual([]);
    const named = [...map.matchAll(/`([a-z0-9-]+\.ts)`/g)].map((m) => m[1]);
    expect(named.filter((n) => !basenames.has(n))).toEqual([]);
  });
});
