/**
 * Bare identifiers a formula reads: enough for the index's symbols and dependency edges without compiling.
 * Strings and `#` comments are skipped; keywords, boolean literals and called function names are not identifiers.
 * Attribute names after `.` (as in `rel.field`) are kept: they name an input or derived rule on the member.
 */

const KEYWORDS = new Set(['if', 'elif', 'else', 'match', 'and', 'or', 'not', 'true', 'false', 'True', 'False']);

export function formulaIdentifiers(formula: string): string[] {
  const found = new Set<string>();
  const n = formula.length;
  let i = 0;
  while (i < n) {
    const c = formula[i];
    if (c === '#') {
      while (i < n && formula[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && formula[i] !== c) i += formula[i] === '\\' ? 2 : 1;
      i++;
    } else if (isIdentStart(c)) {
      const start = i;
      while (i < n && isIdentPart(formula[i])) i++;
      const word = formula.slice(start, i);
      let j = i;
      while (j < n && (formula[j] === ' ' || formula[j] === '\t')) j++;
      const isCall = formula[j] === '(';
      if (!isCall && !KEYWORDS.has(word) && word !== '_') found.add(word);
    } else if (c >= '0' && c <= '9') {
      // A number, with `_` digit separators and an optional fraction.
      while (i < n && ((formula[i] >= '0' && formula[i] <= '9') || formula[i] === '_' || formula[i] === '.')) i++;
    } else {
      i++;
    }
  }
  return [...found];
}

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdentPart(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}
