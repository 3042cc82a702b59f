/**
 * Line index: a module's text → the line of each rule's `- name:` entry and where each of its `formula:` values
 * starts, so diagnostics and read surfaces point into the file.
 */
import type { Pos } from './ast.js';

/** Where a formula's text starts in the file: 1-based line, 0-based column offset, block scalar or inline. */
export interface FormulaAt {
  readonly line: number;
  readonly column: number;
  readonly block: boolean;
}

/** File line and column of a formula-relative position (block content is de-indented by YAML). */
export function filePosition(at: FormulaAt, pos: Pos): { line: number; column: number } {
  const line = at.line + pos.line - 1;
  return { line, column: at.block || pos.line === 1 ? at.column + pos.col : pos.col };
}

export interface LineIndex {
  /** Rule name → line of its `- name:` entry. */
  readonly rules: Map<string, number>;
  /** Rule name → its `formula:` keys in file order. */
  readonly formulas: Map<string, FormulaAt[]>;
}

/**
 * Lines of `- name: X` entries and of their `formula:` keys, so diagnostics and read surfaces can point into
 * the file. A scan with indexOf (native) rather than a multiline regex: this runs over every module's full text.
 */
export function scanLines(text: string): LineIndex {
  const rules = new Map<string, number>();
  const formulas = new Map<string, FormulaAt[]>();
  let line = 1;
  let lastNl = -1;
  let current: string | undefined;
  let nextName = text.indexOf('name:');
  let nextFormula = text.indexOf('formula:');
  const advanceTo = (k: number): void => {
    for (let nl = text.indexOf('\n', lastNl + 1); nl >= 0 && nl < k; nl = text.indexOf('\n', lastNl + 1)) {
      line++;
      lastNl = nl;
    }
  };
  /** Whether only spaces and (required or optional) `- ` precede position k on its line. */
  const keyStart = (k: number, needDash: boolean): boolean => {
    let j = k - 1;
    while (j > lastNl && text.charCodeAt(j) === 32) j--;
    if (j > lastNl && text.charCodeAt(j) === 45) {
      j--;
      while (j > lastNl && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
      return j === lastNl;
    }
    return !needDash && j === lastNl;
  };
  while (nextName >= 0 || nextFormula >= 0) {
    if (nextFormula < 0 || (nextName >= 0 && nextName < nextFormula)) {
      const k = nextName;
      nextName = text.indexOf('name:', k + 5);
      advanceTo(k);
      if (!keyStart(k, true)) continue;
      const m = /^[ \t]*['"]?([A-Za-z0-9_]+)/.exec(text.slice(k + 5, k + 205));
      if (!m) continue;
      current = m[1];
      if (!rules.has(current)) rules.set(current, line);
    } else {
      const k = nextFormula;
      nextFormula = text.indexOf('formula:', k + 8);
      advanceTo(k);
      if (current === undefined || !keyStart(k, false)) continue;
      const eol = text.indexOf('\n', k);
      const rest = text.slice(k + 8, eol < 0 ? text.length : eol);
      let at: FormulaAt;
      if (/^\s*[|>][-+0-9]*\s*(#.*)?$/.test(rest)) {
        const eol2 = eol < 0 ? -1 : text.indexOf('\n', eol + 1);
        const next = eol < 0 ? '' : text.slice(eol + 1, eol2 < 0 ? text.length : eol2);
        at = { line: line + 1, column: next.length - next.trimStart().length, block: true };
      } else {
        const lead = rest.length - rest.trimStart().length;
        const quoted = /^['"]/.test(rest.trimStart()) ? 1 : 0;
        at = { line, column: k + 8 - (lastNl + 1) + lead + quoted, block: false };
      }
      const list = formulas.get(current);
      if (list) list.push(at);
      else formulas.set(current, [at]);
    }
  }
  return { rules, formulas };
}
