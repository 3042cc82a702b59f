/** Syntax tree of one RuleSpec formula, as the parser produces it (before name resolution). */

/** Position inside the formula text: 0-based offset, 1-based line and column. */
export interface Pos {
  readonly offset: number;
  readonly line: number;
  readonly col: number;
}

export type CmpOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
export type ArithOp = '+' | '-' | '*' | '/';

export type Expr =
  | { readonly t: 'num'; readonly text: string; readonly isInt: boolean; readonly pos: Pos }
  | { readonly t: 'str'; readonly value: string; readonly pos: Pos }
  | { readonly t: 'bool'; readonly value: boolean; readonly pos: Pos }
  | { readonly t: 'ident'; readonly name: string; readonly pos: Pos }
  | { readonly t: 'arith'; readonly op: ArithOp; readonly l: Expr; readonly r: Expr; readonly pos: Pos }
  | { readonly t: 'cmp'; readonly op: CmpOp; readonly l: Expr; readonly r: Expr; readonly pos: Pos }
  | { readonly t: 'and' | 'or'; readonly items: readonly Expr[]; readonly pos: Pos }
  | { readonly t: 'not' | 'neg'; readonly e: Expr; readonly pos: Pos }
  | { readonly t: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly pos: Pos }
  | { readonly t: 'field'; readonly e: Expr; readonly name: string; readonly pos: Pos }
  | { readonly t: 'index'; readonly e: Expr; readonly index: Expr; readonly pos: Pos }
  | { readonly t: 'if'; readonly conds: readonly Expr[]; readonly thens: readonly Expr[]; readonly otherwise: Expr; readonly pos: Pos }
  | { readonly t: 'match'; readonly subject: Expr; readonly arms: readonly MatchArm[]; readonly pos: Pos };

/** `pattern` is null for the `_` wildcard. */
export interface MatchArm {
  readonly pattern: Expr | null;
  readonly body: Expr;
}

/** A bare literal formula (`744`, `0.30`, `true`, `"abc"`), which makes a no-entity rule a scalar parameter. */
export function isLiteral(e: Expr): boolean {
  return e.t === 'num' || e.t === 'str' || e.t === 'bool';
}

/** Every identifier the expression mentions (used for dependency listings and input ownership). */
export function collectIdents(e: Expr, out: Set<string> = new Set()): Set<string> {
  switch (e.t) {
    case 'ident':
      out.add(e.name);
      break;
    case 'arith':
    case 'cmp':
      collectIdents(e.l, out);
      collectIdents(e.r, out);
      break;
    case 'and':
    case 'or':
      for (const i of e.items) collectIdents(i, out);
      break;
    case 'not':
    case 'neg':
      collectIdents(e.e, out);
      break;
    case 'call':
      if (e.callee.t !== 'ident') collectIdents(e.callee, out);
      for (const a of e.args) collectIdents(a, out);
      break;
    case 'field':
      collectIdents(e.e, out);
      out.add(e.name);
      break;
    case 'index':
      collectIdents(e.e, out);
      collectIdents(e.index, out);
      break;
    case 'if':
      for (const c of e.conds) collectIdents(c, out);
      for (const t of e.thens) collectIdents(t, out);
      collectIdents(e.otherwise, out);
      break;
    case 'match':
      collectIdents(e.subject, out);
      for (const a of e.arms) {
        if (a.pattern) collectIdents(a.pattern, out);
        collectIdents(a.body, out);
      }
      break;
    default:
      break;
  }
  return out;
}
