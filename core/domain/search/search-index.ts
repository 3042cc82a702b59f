/**
 * In-memory inverted index over rule ids, citation paths, names, summaries and symbols.
 *
 * Matching: every query token (whitespace-separated, >= 2 characters) must match. A token is split into alphanumeric
 * terms; each term must be the prefix of some indexed term of the rule (with light plural folding, see terms.ts).
 * A token that carries inner punctuation (`us-co`, `7/2017`, a full id) must additionally occur verbatim, case-insensitive,
 * in one of the searched fields, so `us-co` does not match a federal rule that merely contains `us` and `co...`.
 * `jurisdiction` and `program_id` are exact filters.
 *
 * Ranking (best first):
 *   1. the query equals the rule's id, citation path or name (spaces may stand for `_` in a name);
 *   2. more query tokens matching the rule's name;
 *   3. the share of the name's terms the query covers (tighter names first);
 *   4. id, ascending (a stable order for ties).
 */

import { andInto, emptyBits, forEachBit, fullBits, hasBit, setBits, type Bits } from './bitset.js';
import { prefixesFor, queryTokens, termsOf } from './terms.js';

export interface SearchDocument {
  id: string;
  citation_path: string;
  name: string;
  jurisdiction: string;
  program_id: string;
  summary: string;
  symbols: readonly string[];
}

export interface SearchQuery {
  /** Already trimmed and validated. */
  query: string;
  jurisdiction?: string;
  programId?: string;
  limit: number;
}

interface TermTable {
  terms: string[];
  postings: Int32Array[];
}

export class SearchIndex<D extends SearchDocument = SearchDocument> {
  private readonly all: TermTable;
  private readonly names: TermTable;
  private readonly nameTermCounts: Uint16Array;
  private readonly idRank: Int32Array;
  private readonly exact = new Map<string, number[]>();
  private readonly byJurisdiction = new Map<string, Bits>();
  private readonly byProgram = new Map<string, Bits>();

  constructor(private readonly docs: readonly D[]) {
    const allTerms = new Map<string, number[]>();
    const nameTerms = new Map<string, number[]>();
    this.nameTermCounts = new Uint16Array(docs.length);

    docs.forEach((d, doc) => {
      // A citation path has the same words as the id, so the id stands for both.
      addTerms(allTerms, termsOf(`${d.id} ${d.name} ${d.summary} ${d.symbols.join(' ')}`), doc);
      const ofName = termsOf(d.name);
      this.nameTermCounts[doc] = Math.min(ofName.length, 65535);
      addTerms(nameTerms, ofName, doc);
      for (const key of new Set([d.id.toLowerCase(), d.citation_path.toLowerCase(), d.name.toLowerCase()])) {
        const list = this.exact.get(key);
        if (list) list.push(doc);
        else this.exact.set(key, [doc]);
      }
      addBit(this.byJurisdiction, d.jurisdiction, doc, docs.length);
      addBit(this.byProgram, d.program_id, doc, docs.length);
    });
    this.all = table(allTerms);
    this.names = table(nameTerms);

    const order = docs.map((_, i) => i).sort((a, b) => (docs[a].id < docs[b].id ? -1 : docs[a].id > docs[b].id ? 1 : 0));
    this.idRank = new Int32Array(docs.length);
    order.forEach((doc, rank) => (this.idRank[doc] = rank));
  }

  get size(): number {
    return this.docs.length;
  }

  search(q: SearchQuery): D[] {
    const n = this.docs.length;
    const candidates = fullBits(n);
    if (q.jurisdiction !== undefined) andInto(candidates, this.byJurisdiction.get(q.jurisdiction) ?? emptyBits(n));
    if (q.programId !== undefined) andInto(candidates, this.byProgram.get(q.programId) ?? emptyBits(n));

    const tokens = [...new Set(queryTokens(q.query))];
    const tokenTerms = tokens.map(termsOf);
    const nameSets: Bits[] = [];
    tokens.forEach((token, i) => {
      andInto(candidates, this.tokenBits(this.all, tokenTerms[i], n));
      nameSets.push(this.tokenBits(this.names, tokenTerms[i], n));
    });
    // Tokens with inner punctuation, and tokens of punctuation only, must occur verbatim.
    const verbatim = tokens
      .map((t) => t.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '') || t)
      .filter((core, i) => core !== tokenTerms[i].join(''));

    const lowered = q.query.toLowerCase();
    const exactDocs = new Set([...(this.exact.get(lowered) ?? []), ...(this.exact.get(lowered.replace(/\s+/g, '_')) ?? [])]);

    const best: { doc: number; score: number }[] = [];
    forEachBit(candidates, (doc) => {
      let nameHits = 0;
      let nameTermHits = 0;
      for (let i = 0; i < nameSets.length; i++) {
        if (hasBit(nameSets[i], doc)) {
          nameHits++;
          nameTermHits += tokenTerms[i].length;
        }
      }
      const coverage = this.nameTermCounts[doc] === 0 ? 0 : Math.min(1, nameTermHits / this.nameTermCounts[doc]);
      const score = (exactDocs.has(doc) ? 1_000_000 : 0) + nameHits * 1_000 + Math.round(coverage * 999);
      const item = { doc, score };
      if (!wouldEnter(best, item, q.limit, this.idRank)) return;
      // Verbatim tokens are checked only for rules that would make the result list: the check reads text.
      if (verbatim.length > 0) {
        const hay = haystackOf(this.docs[doc]).toLowerCase();
        for (const t of verbatim) if (!hay.includes(t)) return;
      }
      insertTop(best, item, q.limit, this.idRank);
    });
    return best.map((b) => this.docs[b.doc]);
  }

  /** Docs where every term of one token prefix-matches an indexed term. Empty terms (pure punctuation) match all. */
  private tokenBits(t: TermTable, terms: readonly string[], n: number): Bits {
    const result = fullBits(n);
    for (const term of terms) {
      const bits = emptyBits(n);
      for (const prefix of prefixesFor(term)) {
        for (let i = lowerBound(t.terms, prefix); i < t.terms.length && t.terms[i].startsWith(prefix); i++) setBits(bits, t.postings[i]);
      }
      andInto(result, bits);
    }
    return result;
  }
}

function addTerms(map: Map<string, number[]>, terms: readonly string[], doc: number): void {
  for (const term of terms) {
    const list = map.get(term);
    if (!list) map.set(term, [doc]);
    else if (list[list.length - 1] !== doc) list.push(doc);
  }
}

function addBit(map: Map<string, Bits>, key: string, doc: number, size: number): void {
  let bits = map.get(key);
  if (!bits) map.set(key, (bits = emptyBits(size)));
  bits[doc >>> 5] |= 1 << (doc & 31);
}

function table(map: Map<string, number[]>): TermTable {
  const terms = [...map.keys()].sort();
  return { terms, postings: terms.map((t) => Int32Array.from(map.get(t) ?? [])) };
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The searched fields of a document, as one text. */
function haystackOf(d: SearchDocument): string {
  return `${d.id}\n${d.citation_path}\n${d.name}\n${d.summary}\n${d.symbols.join(' ')}`;
}

interface Ranked {
  doc: number;
  score: number;
}

function better(a: Ranked, b: Ranked, idRank: Int32Array): boolean {
  return a.score > b.score || (a.score === b.score && idRank[a.doc] < idRank[b.doc]);
}

function wouldEnter(top: readonly Ranked[], item: Ranked, limit: number, idRank: Int32Array): boolean {
  return top.length < limit || better(item, top[top.length - 1], idRank);
}

/** Keeps `top` sorted best-first and at most `limit` long. */
function insertTop(top: Ranked[], item: Ranked, limit: number, idRank: Int32Array): void {
  if (!wouldEnter(top, item, limit, idRank)) return;
  let i = top.length;
  while (i > 0 && better(item, top[i - 1], idRank)) i--;
  top.splice(i, 0, item);
  if (top.length > limit) top.pop();
}
