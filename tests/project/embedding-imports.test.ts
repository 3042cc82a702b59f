/**
 * What an embedder's `import` pulls in, read from the sources' import graph (static and dynamic imports, type-only
 * ones left out since they load nothing): the package entry (`tenet`) and the engine entry (`tenet/engine`) reach
 * neither h3, srvx, Redis nor BullMQ, and no file of the HTTP platform. One exception, named: the HTTP status table
 * (adapters/http-h3/error-http.ts, which imports types only), because a refusal thrown to an embedder carries the
 * `status` the API would answer with (docs/embedding.md, Errors). tests/project/embedding-package.test.ts checks the
 * same on the files node loads from the packed tarball.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every project file and bare package the entry loads. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('.')) {
        const target = normalize(join(dirname(file), spec.replace(/\.js$/, '.ts')));
        if (existsSync(join(root, target))) visit(target);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe.each([
  ['tenet', 'adapters/embedding/index.ts'],
  ['tenet/engine', 'adapters/embedding/engine.ts'],
])('import from %s', (_name, entry) => {
  const { files, packages } = reach(entry);

  it('loads neither h3, srvx, Redis nor BullMQ', () => {
    expect(files.size).toBeGreaterThan(20);
    expect([...packages].filter((p) => ['h3', 'srvx', 'rou3', 'ioredis', 'bullmq', '@modelcontextprotocol/sdk', 'commander'].includes(p))).toEqual([]);
  });

  it('loads no file of the HTTP platform but its status table, and no wiring of the HTTP app', () => {
    const http = [...files].filter((f) => f.startsWith(normalize('adapters/http-h3/')) && f !== normalize('adapters/http-h3/error-http.ts'));
    expect(http).toEqual([]);
    expect([...files].filter((f) => f.startsWith(normalize('composition/')) && f !== normalize('composition/core.ts'))).toEqual([]);
  });
});
