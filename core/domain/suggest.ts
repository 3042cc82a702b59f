/**
 * "Did you mean ...?" for identifiers a caller typed: the closest valid id by edit distance, so an error can
 * point at the fix (`TX` -> `us-tx`, `rules:raed` -> `rules:read`) instead of only saying "not found".
 */

/**
 * Edit distance counting an insertion, deletion, substitution or swap of two adjacent characters as one edit
 * (optimal string alignment), so the common typo `snpa` is one edit from `snap`.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Edits allowed before a candidate is too far to suggest: a third of the longer string, at least one. */
function tolerance(a: string, b: string): number {
  return Math.max(1, Math.floor(Math.max(a.length, b.length) / 3));
}

/** How ids are compared: trimmed, lower case, spaces and underscores read as `-`. */
export function normaliseId(input: string): string {
  return input.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

/**
 * The candidate closest to `input` (compared as `normaliseId` spells it), or null when none is within tolerance or
 * two are equally close (`us-tz` is as near `us-tn` as `us-tx`: no guess). `aliases` maps further spellings (e.g.
 * `texas`, `tx`) to a candidate.
 */
export function closestMatch(input: string, candidates: Iterable<string>, aliases: ReadonlyMap<string, string> = new Map()): string | null {
  const typed = normaliseId(input);
  if (typed === '') return null;
  const alias = aliases.get(typed);
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tied = false;
  for (const candidate of candidates) {
    if (alias === candidate) return candidate;
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance > tolerance(typed, candidate) || distance > bestDistance) continue;
    tied = distance === bestDistance && candidate !== best;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return tied ? null : best;
}

/** ` (did you mean "x"?)` or an empty string, to append to a message. */
export function didYouMean(suggestion: string | null): string {
  return suggestion === null ? '' : ` (did you mean "${suggestion}"?)`;
}
