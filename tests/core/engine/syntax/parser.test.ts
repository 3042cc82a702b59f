import { describe, expect, it } from 'vitest';
import { FormulaSyntaxError, parseFormula, tokenize } from '../../../../core/engine/syntax/parser.js';
import type { Expr } from '../../../../core/engine/syntax/ast.js';

/** Compact S-expression rendering so structure assertions stay readable. */
function sx(e: Expr): string {
  switch (e.t) {
    case 'num':
      return e.text;
    case 'str':
      return JSON.stringify(e.value);
    case 'bool':
      return String(e.value);
    case 'ident':
      return e.name;
    case 'arith':
    case 'cmp':
      return `(${e.op} ${sx(e.l)} ${sx(e.r)})`;
    case 'and':
    case 'or':
      return `(${e.t} ${e.items.map(sx).join(' ')})`;
    case 'not':
    case 'neg':
      return `(${e.t} ${sx(e.e)})`;
    case 'call':
      return `(call ${sx(e.callee)} ${e.args.map(sx).join(' ')})`;
    case 'field':
      return `(. ${sx(e.e)} ${e.name})`;
    case 'index':
      return `([] ${sx(e.e)} ${sx(e.index)})`;
    case 'if':
      return `(if ${e.conds.map((c, i) => `${sx(c)} ${sx(e.thens[i])}`).join(' ')} else ${sx(e.otherwise)})`;
    case 'match':
      return `(match ${sx(e.subject)} ${e.arms.map((a) => `${a.pattern ? sx(a.pattern) : '_'}=>${sx(a.body)}`).join(' ')})`;
  }
}

function syntaxError(src: string): FormulaSyntaxError {
  try {
    parseFormula(src);
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected a syntax error for ${src}`);
}

describe('formula lexer', () => {
  it('reads numbers with digit separators, strings with escapes, comments and path identifiers', () => {
    const toks = tokenize("1_000_000 + 0.30 # comment\n'a\\'b' a/b");
    expect(toks.map((t) => t.v)).toEqual(['1000000', '+', '0.30', "a'b", 'a/b', '']);
    expect(toks[4].k).toBe('ident');
    expect(toks[3].pos).toEqual({ offset: 27, line: 2, col: 1 });
  });

  it('rejects a lone = and unknown escapes with positions', () => {
    expect(() => tokenize('a = 1')).toThrow(/single "=" is not allowed.*line 1, column 3/);
    expect(() => tokenize('"a\\q"')).toThrow(/unknown escape/);
    expect(() => tokenize('"open')).toThrow(/unterminated string/);
  });
});

describe('formula parser', () => {
  it('follows the precedence of the grammar', () => {
    expect(sx(parseFormula('a + b * c - d / 2'))).toBe('(- (+ a (* b c)) (/ d 2))');
    expect(sx(parseFormula('a > 1 and b or not c'))).toBe('(or (and (> a 1) b) (not c))');
    expect(sx(parseFormula('-x * 2'))).toBe('(* (neg x) 2)');
    // `not` binds tighter than comparison (reference §4.2).
    expect(sx(parseFormula('not x > 5'))).toBe('(> (not x) 5)');
  });

  it('parses calls, field access and table lookups', () => {
    expect(sx(parseFormula('max(0, t[min(n, 8)]) + sum(members.income)'))).toBe('(+ (call max 0 ([] t (call min n 8))) (call sum (. members income)))');
  });

  it('parses if/elif/else with insignificant layout', () => {
    const one = sx(parseFormula('if a: 1 elif b: 2 else: 3'));
    const multi = sx(parseFormula('if a:\n    1\nelif b:\n    2\nelse:\n    3'));
    expect(one).toBe('(if a 1 b 2 else 3)');
    expect(multi).toBe(one);
  });

  it('parses match arms until the next token is not a literal followed by =>', () => {
    expect(sx(parseFormula('match n: 1 => a 2 => b "x" => c'))).toBe('(match n 1=>a 2=>b "x"=>c)');
    expect(sx(parseFormula('match n: 1 => a _ => b'))).toBe('(match n 1=>a _=>b)');
  });

  it('reports syntax errors with plain messages and positions', () => {
    expect(syntaxError('a < b < c').message).toMatch(/cannot be chained.*line 1, column 7/);
    expect(syntaxError('if a: 1').message).toMatch(/expected "else"/);
    expect(syntaxError('1 + if a: 1 else: 2').message).toMatch(/can only start a whole expression/);
    expect(syntaxError('x > 2026-01-01').message).toMatch(/date literal 2026-01-01 is not allowed/);
    expect(syntaxError('(a + b').message).toMatch(/expected "\)"/);
    expect(syntaxError('a b').message).toMatch(/unexpected "b" after the end/);
    expect(syntaxError('match n: _ => 1 2 => 3').message).toMatch(/"_" arm must be the last/);
    const e = syntaxError('a +\n  * b');
    expect(e.pos).toEqual({ offset: 6, line: 2, col: 3 });
  });
});
