/**
 * Lexer and recursive-descent parser for RuleSpec formulas (reference §4.1-4.2).
 * Layout is insignificant; errors carry the formula-relative position and a plain message.
 */
import type { ArithOp, CmpOp, Expr, MatchArm, Pos } from './ast.js';

export class FormulaSyntaxError extends Error {
  readonly pos: Pos;
  constructor(message: string, pos: Pos) {
    super(`${message} (line ${pos.line}, column ${pos.col})`);
    this.name = 'FormulaSyntaxError';
    this.pos = pos;
  }
}

type TokKind = 'num' | 'str' | 'ident' | 'kw' | 'op' | 'date' | 'eof';
interface Token {
  readonly k: TokKind;
  readonly v: string;
  readonly pos: Pos;
  /** For numbers: whether it has no fractional part. */
  readonly isInt?: boolean;
}

const KEYWORDS = new Set(['if', 'elif', 'else', 'match', 'and', 'or', 'not', 'true', 'false', 'True', 'False']);
const TWO_CHAR_OPS = new Set(['<=', '>=', '==', '!=', '=>']);
const ONE_CHAR_OPS = new Set(['+', '-', '*', '/', '<', '>', '(', ')', ',', '.', '[', ']', ':']);

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}
function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}
function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** `YYYY-MM-DD` starting at i (checked by char codes: this runs for every number token). */
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];
function looksLikeDate(src: string, i: number): boolean {
  if (src.charCodeAt(i + 4) !== 45 || src.charCodeAt(i + 7) !== 45) return false;
  for (const k of DATE_DIGITS) {
    const c = src.charCodeAt(i + k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const pos = (at: number): Pos => ({ offset: at, line, col: at - lineStart + 1 });
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      // A date token (YYYY-MM-DD) is lexed so the parser can reject it with a clear message.
      if (looksLikeDate(src, i)) {
        out.push({ k: 'date', v: src.slice(i, i + 10), pos: pos(start) });
        i += 10;
        continue;
      }
      while (i < n && (isDigit(src[i]) || (src[i] === '_' && isDigit(src[i + 1] ?? '')))) i++;
      let isInt = true;
      if (src[i] === '.' && isDigit(src[i + 1] ?? '')) {
        isInt = false;
        i++;
        while (i < n && (isDigit(src[i]) || (src[i] === '_' && isDigit(src[i + 1] ?? '')))) i++;
      }
      if (i < n && isIdentStart(src[i])) throw new FormulaSyntaxError(`unexpected character "${src[i]}" after number`, pos(i));
      out.push({ k: 'num', v: src.slice(start, i).replace(/_/g, ''), pos: pos(start), isInt });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < n && isIdentChar(src[i])) i++;
      // `a/b` with no spaces is one path identifier (reference §4.1 trap).
      while (src[i] === '/' && i + 1 < n && isIdentStart(src[i + 1])) {
        i++;
        while (i < n && isIdentChar(src[i])) i++;
      }
      const word = src.slice(start, i);
      out.push({ k: KEYWORDS.has(word) ? 'kw' : 'ident', v: word, pos: pos(start) });
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      let s = '';
      for (;;) {
        if (i >= n || src[i] === '\n') throw new FormulaSyntaxError('unterminated string', pos(start));
        const ch = src[i];
        if (ch === c) {
          i++;
          break;
        }
        if (ch === '\\') {
          const e = src[i + 1];
          const map: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', r: '\r', t: '\t' };
          if (e === undefined || !(e in map)) throw new FormulaSyntaxError(`unknown escape "\\${e ?? ''}" in string`, pos(i));
          s += map[e];
          i += 2;
          continue;
        }
        s += ch;
        i++;
      }
      out.push({ k: 'str', v: s, pos: pos(start) });
      continue;
    }
    const two = src.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      out.push({ k: 'op', v: two, pos: pos(start) });
      i += 2;
      continue;
    }
    if (c === '=') throw new FormulaSyntaxError('a single "=" is not allowed (use "==" to compare; let-bindings are not supported)', pos(start));
    if (ONE_CHAR_OPS.has(c)) {
      out.push({ k: 'op', v: c, pos: pos(start) });
      i++;
      continue;
    }
    throw new FormulaSyntaxError(`unexpected character "${c}"`, pos(start));
  }
  out.push({ k: 'eof', v: '', pos: pos(n) });
  return out;
}

const CMP_OPS = new Set(['<', '<=', '>', '>=', '==', '!=']);

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(o = 0): Token {
    return this.toks[Math.min(this.i + o, this.toks.length - 1)];
  }
  private next(): Token {
    return this.toks[this.i++];
  }
  private isOp(v: string, o = 0): boolean {
    const t = this.peek(o);
    return t.k === 'op' && t.v === v;
  }
  private isKw(v: string, o = 0): boolean {
    const t = this.peek(o);
    return t.k === 'kw' && t.v === v;
  }
  private expectOp(v: string, what: string): Token {
    const t = this.peek();
    if (t.k !== 'op' || t.v !== v) throw new FormulaSyntaxError(`expected "${v}" ${what}, found ${describe(t)}`, t.pos);
    return this.next();
  }

  parseFormula(): Expr {
    const e = this.expr();
    const t = this.peek();
    if (t.k !== 'eof') throw new FormulaSyntaxError(`unexpected ${describe(t)} after the end of the expression`, t.pos);
    return e;
  }

  private expr(): Expr {
    if (this.isKw('match')) return this.match();
    if (this.isKw('if')) return this.ifExpr();
    return this.or();
  }

  private ifExpr(): Expr {
    const pos = this.next().pos;
    const conds: Expr[] = [];
    const thens: Expr[] = [];
    conds.push(this.or());
    this.expectOp(':', 'after the if condition');
    thens.push(this.expr());
    while (this.isKw('elif')) {
      this.next();
      conds.push(this.or());
      this.expectOp(':', 'after the elif condition');
      thens.push(this.expr());
    }
    const t = this.peek();
    if (!(t.k === 'kw' && t.v === 'else')) throw new FormulaSyntaxError(`expected "else" (an if needs an else branch), found ${describe(t)}`, t.pos);
    this.next();
    this.expectOp(':', 'after else');
    const otherwise = this.expr();
    return { t: 'if', conds, thens, otherwise, pos };
  }

  private armStarts(): boolean {
    const t = this.peek();
    const lit = t.k === 'num' || t.k === 'str' || t.k === 'ident' || (t.k === 'kw' && ['true', 'false', 'True', 'False'].includes(t.v));
    return lit && this.isOp('=>', 1);
  }

  private match(): Expr {
    const pos = this.next().pos;
    const subject = this.or();
    this.expectOp(':', 'after the match subject');
    const arms: MatchArm[] = [];
    if (!this.armStarts()) {
      const t = this.peek();
      throw new FormulaSyntaxError(`expected a match arm "<value> => <expression>", found ${describe(t)}`, t.pos);
    }
    let sawWildcard = false;
    while (this.armStarts()) {
      const pt = this.next();
      if (sawWildcard) throw new FormulaSyntaxError('the "_" arm must be the last arm of a match', pt.pos);
      this.next(); // =>
      let pattern: Expr | null;
      if (pt.k === 'ident' && pt.v === '_') {
        pattern = null;
        sawWildcard = true;
      } else pattern = this.tokenLiteral(pt);
      arms.push({ pattern, body: this.expr() });
    }
    return { t: 'match', subject, arms, pos };
  }

  private tokenLiteral(t: Token): Expr {
    switch (t.k) {
      case 'num':
        return { t: 'num', text: t.v, isInt: t.isInt ?? false, pos: t.pos };
      case 'str':
        return { t: 'str', value: t.v, pos: t.pos };
      case 'ident':
        return { t: 'ident', name: t.v, pos: t.pos };
      default:
        return { t: 'bool', value: t.v === 'true' || t.v === 'True', pos: t.pos };
    }
  }

  private or(): Expr {
    const first = this.and();
    if (!this.isKw('or')) return first;
    const items = [first];
    while (this.isKw('or')) {
      this.next();
      items.push(this.and());
    }
    return { t: 'or', items, pos: first.pos };
  }

  private and(): Expr {
    const first = this.cmp();
    if (!this.isKw('and')) return first;
    const items = [first];
    while (this.isKw('and')) {
      this.next();
      items.push(this.cmp());
    }
    return { t: 'and', items, pos: first.pos };
  }

  private cmp(): Expr {
    const l = this.add();
    const t = this.peek();
    if (t.k === 'op' && CMP_OPS.has(t.v)) {
      this.next();
      const r = this.add();
      const t2 = this.peek();
      if (t2.k === 'op' && CMP_OPS.has(t2.v)) throw new FormulaSyntaxError('comparisons cannot be chained (a < b < c); combine them with "and"', t2.pos);
      return { t: 'cmp', op: t.v as CmpOp, l, r, pos: t.pos };
    }
    return l;
  }

  private add(): Expr {
    let l = this.mul();
    while (this.isOp('+') || this.isOp('-')) {
      const t = this.next();
      const r = this.mul();
      l = { t: 'arith', op: t.v as ArithOp, l, r, pos: t.pos };
    }
    return l;
  }

  private mul(): Expr {
    let l = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      const t = this.next();
      const r = this.unary();
      l = { t: 'arith', op: t.v as ArithOp, l, r, pos: t.pos };
    }
    return l;
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      const pos = this.next().pos;
      return { t: 'neg', e: this.unary(), pos };
    }
    if (this.isKw('not')) {
      const pos = this.next().pos;
      return { t: 'not', e: this.unary(), pos };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.isOp('(')) {
        const pos = this.next().pos;
        const args: Expr[] = [];
        if (!this.isOp(')')) {
          args.push(this.expr());
          while (this.isOp(',')) {
            this.next();
            args.push(this.expr());
          }
        }
        this.expectOp(')', 'to close the argument list');
        e = { t: 'call', callee: e, args, pos: e.t === 'ident' ? e.pos : pos };
      } else if (this.isOp('.')) {
        this.next();
        const t = this.peek();
        if (t.k !== 'ident') throw new FormulaSyntaxError(`expected a field name after ".", found ${describe(t)}`, t.pos);
        this.next();
        e = { t: 'field', e, name: t.v, pos: t.pos };
      } else if (this.isOp('[')) {
        const pos = this.next().pos;
        const index = this.expr();
        this.expectOp(']', 'to close the table index');
        e = { t: 'index', e, index, pos };
      } else return e;
    }
  }

  private primary(): Expr {
    const t = this.peek();
    switch (t.k) {
      case 'num':
      case 'str':
      case 'ident':
        this.next();
        return this.tokenLiteral(t);
      case 'kw':
        if (['true', 'false', 'True', 'False'].includes(t.v)) {
          this.next();
          return this.tokenLiteral(t);
        }
        if (t.v === 'if' || t.v === 'match')
          throw new FormulaSyntaxError(`"${t.v}" can only start a whole expression (a formula, a branch, an argument or a parenthesised group)`, t.pos);
        throw new FormulaSyntaxError(`unexpected keyword "${t.v}"`, t.pos);
      case 'date':
        throw new FormulaSyntaxError(`date literal ${t.v} is not allowed in formulas`, t.pos);
      case 'op':
        if (t.v === '(') {
          this.next();
          const e = this.expr();
          this.expectOp(')', 'to close the parenthesis');
          return e;
        }
        throw new FormulaSyntaxError(`unexpected "${t.v}"`, t.pos);
      case 'eof':
        throw new FormulaSyntaxError('unexpected end of formula', t.pos);
    }
  }
}

function describe(t: Token): string {
  switch (t.k) {
    case 'eof':
      return 'the end of the formula';
    case 'str':
      return `string ${JSON.stringify(t.v)}`;
    case 'num':
      return `number ${t.v}`;
    default:
      return `"${t.v}"`;
  }
}

/** Parses one formula. Throws FormulaSyntaxError with a position on any lexical or syntax error. */
export function parseFormula(src: string): Expr {
  return new Parser(tokenize(src)).parseFormula();
}
