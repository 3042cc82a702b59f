/** Term rules shared by indexing and querying. Documented in docs/read-surface.md ("Search"). */

/** Lower-cased alphanumeric runs: `us-co:regulations/4.407#snap_sua` -> [us, co, regulations, 4, 407, snap, sua]. */
export function termsOf(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 0);
}

/**
 * Prefixes a query term may match: itself, plus light plural folding so `allowances` finds `allowance` and
 * `utility` finds `utilities` (and the reverse).
 */
export function prefixesFor(term: string): string[] {
  const out = [term];
  if (term.length >= 4) {
    if (term.endsWith('ies')) out.push(`${term.slice(0, -3)}y`);
    else if (term.endsWith('s') && !term.endsWith('ss')) out.push(term.slice(0, -1));
    else if (term.endsWith('y')) out.push(`${term.slice(0, -1)}ies`);
  }
  return out;
}

/** Whitespace-separated query tokens of two or more characters, lower-cased. */
export function queryTokens(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((t) => t.length >= 2);
}
