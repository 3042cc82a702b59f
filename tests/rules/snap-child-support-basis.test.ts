/**
 * Where each bundled State's child support choice (7 CFR 273.9(c)(17) exclusion or (d)(5) deduction) comes from
 * (issue #12, finding 2): a State is "verified" only with a citation and a URL of its own rule; otherwise the data
 * says what was searched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Basis = { verified: boolean; citation?: string; url?: string; corpus_path?: string; note?: string };
type State = { child_support: string; child_support_basis: Basis };
const root = join(import.meta.dirname, '..', '..');
const states: Record<string, State> = JSON.parse(readFileSync(join(root, 'scripts', 'data', 'snap-state-figures.json'), 'utf8')).states;

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
});
