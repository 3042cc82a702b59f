/**
 * Citation paths: the human-oriented, slash-separated spelling of a rule id.
 *
 * Scheme: replace the single `:` after the jurisdiction and the single `#` before the rule name with `/`.
 *   `us:statutes/7/2017/a#snap_regular_month_allotment` -> `us/statutes/7/2017/a/snap_regular_month_allotment`
 *   `us:statutes/7/2012/j#relation.member_of_household` -> `us/statutes/7/2012/j/relation.member_of_household`
 *   a planned module entry `us-co:regulations/x/4.9` -> `us-co/regulations/x/4.9`
 * Module ids hold exactly one `:` and rule names never contain `/`, so the mapping is one-to-one and a citation path
 * converts back to exactly one id candidate (see `ruleIdCandidates`).
 */

export function citationPathOf(id: string): string {
  const colon = id.indexOf(':');
  const withJur = colon < 0 ? id : `${id.slice(0, colon)}/${id.slice(colon + 1)}`;
  const hash = withJur.indexOf('#');
  return hash < 0 ? withJur : `${withJur.slice(0, hash)}/${withJur.slice(hash + 1)}`;
}

/**
 * Ids a reference may denote: the reference itself (an id, or an id-less planned entry), then its reading as a
 * citation path (rule form `<jur>:<module>#<name>` and module form `<jur>:<module>`).
 */
export function ruleIdCandidates(ref: string): string[] {
  const candidates = [ref];
  if (ref.includes(':') || ref.includes('#')) return candidates;
  const first = ref.indexOf('/');
  const last = ref.lastIndexOf('/');
  if (first <= 0 || last === ref.length - 1) return candidates;
  const jur = ref.slice(0, first);
  const rest = ref.slice(first + 1);
  if (last > first) candidates.push(`${jur}:${ref.slice(first + 1, last)}#${ref.slice(last + 1)}`);
  candidates.push(`${jur}:${rest}`);
  return candidates;
}
