import { describe, expect, it } from 'vitest';
import { suggestJurisdiction } from '../../../../core/domain/catalog/jurisdictions.js';
import { noPackageMessage } from '../../../../core/domain/catalog/package-ids.js';

const states = ['us-co', 'us-or', 'us-pa', 'us-tn', 'us-tx'];

describe('jurisdiction suggestions', () => {
  it('reads postal codes, names and other spellings of an id', () => {
    for (const typed of ['TX', 'tx', 'US-TX', 'us_tx', ' Texas ', 'us-ttx']) expect(suggestJurisdiction(typed, states), typed).toBe('us-tx');
    expect(suggestJurisdiction('New York', ['us-ny'])).toBe('us-ny');
  });

  it('suggests no other place for a real jurisdiction that has no entry', () => {
    // Puerto Rico is one edit from Oregon and Pennsylvania; suggesting either would send the caller elsewhere.
    for (const typed of ['us-pr', 'PR', 'Puerto Rico']) expect(suggestJurisdiction(typed, states), typed).toBeNull();
    expect(suggestJurisdiction('nowhere-at-all', states)).toBeNull();
    // A typo as near one State as another is not guessed at.
    expect(suggestJurisdiction('us-tz', states)).toBeNull();
  });

  it('builds the 404/422 message from the packages there are', () => {
    const packages = states.map((jurisdiction) => ({ program_id: 'snap', jurisdiction }));
    expect(noPackageMessage({ program_id: 'snap', jurisdiction: 'us-pr' }, packages)).toBe(
      'No runtime package matches program_id "snap" and jurisdiction "us-pr". GET /v1/runtime/packages lists every executable program_id and jurisdiction pair (GET /v1/programs lists the programs with rules).',
    );
    expect(noPackageMessage({ program_id: 'snpa', jurisdiction: 'Texas' }, packages)).toContain('(did you mean program_id "snap" and jurisdiction "us-tx"?)');
  });
});
