/**
 * Code in the core stays readable at a glance (issue #14): no file over 400 lines and no function over 120 lines,
 * functions measured from their first to their last line with the TypeScript parser (nested functions count on
 * their own as well as inside their parent). There are no exceptions today; one added here must say why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line name (n lines)` for each function-like node with a body longer than the limit. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const name = node.name === undefined ? '(anonymous)' : node.name.getText(source);
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('size limits in core/', () => {
  const files = sourceFiles('core').map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  it('reads the core sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files.map(({ file, text }) => ({ file, lines: text.split('\n').length })).filter((f) => f.lines > MAX_FILE_LINES);
    expect(long.map((f) => `${f.file} (${f.lines} lines)`)).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap(({ file, text }) => longFunctions(file, text))).toEqual([]);
  });
});
