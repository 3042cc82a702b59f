/**
 * Where each bundled State's child support choice (7 CFR 273.9(c)(17) exclusion or (d)(5) deduction) comes from
 * (issue #12, finding 2): a State is "verified" only with a citation and a URL of its own rule; otherwise the data
 * says what was searched, and docs/coverage.md counts and names the States left unverified.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module of the rule generator, no type declarations
import { childSupportCheckCount } from '../../scripts/lib/snap-state-law.mjs';

type Basis = { verified: boolean; citation?: string; url?: string; corpus_path?: string; note?: string };
type State = { child_support: string; child_support_basis: Basis };
const root = join(import.meta.dirname, '..', '..');
const states: Record<string, State> = JSON.parse(readFileSync(join(root, 'scripts', 'data', 'snap-state-figures.json'), 'utf8')).states;
const count = childSupportCheckCount as (s: Array<State & { code: string }>) => string;

describe('child support basis of the bundled State packages', () => {
  it('is a cited State rule when verified, and a search record when not', () => {
    for (const [code, st] of Object.entries(states)) {
      const b = st.child_support_basis;
      if (b.verified) {
        expect(b.citation, code).toBeTruthy();
        expect(b.url ?? b.corpus_path, code).toBeTruthy();
      } else {
        expect(b.note, code).toMatch(/kept as compiled/);
      }
    }
  });

  it('keeps Kansas a deduction State on the DCF source that calls the payments an expense deduction', () => {
    expect(states.ks.child_support).toBe('deduction');
    expect(states.ks.child_support_basis).toMatchObject({ verified: true, url: expect.stringContaining('content.dcf.ks.gov') });
  });

  it('counts and names the unverified States, and docs/coverage.md says the same', () => {
    const sentence = count([{ code: 'aa', child_support: 'deduction', child_support_basis: { verified: true } }, { code: 'bb', child_support: 'exclusion', child_support_basis: { verified: false } }]);
    expect(sentence).toBe("1 of 2 packages cite the State's own rule for this choice; not verified (State text not found, search record in the column): BB.");
    const all = count(Object.entries(states).map(([code, st]) => ({ ...st, code })));
    const unverified = Object.values(states).filter((st) => !st.child_support_basis.verified).length;
    expect(all.startsWith(`${53 - unverified} of 53 packages`)).toBe(true);
    expect(readFileSync(join(root, 'docs', 'coverage.md'), 'utf8')).toContain(all);
  });
});
