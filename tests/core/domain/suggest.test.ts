import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, editDistance } from '../../../core/domain/suggest.js';

describe('closest match for a mistyped id', () => {
  it('counts single-character edits, a swap of neighbours as one', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('us-tx', 'us-tx')).toBe(0);
    expect(editDistance('snpa', 'snap')).toBe(1);
    expect(editDistance('rules:raed', 'rules:read')).toBe(1);
  });

  it('suggests the nearest candidate within a third of its length, ignoring case', () => {
    expect(closestMatch('US-TX', ['us-co', 'us-tx'])).toBe('us-tx');
    expect(closestMatch('rules:raed', ['rules:read', 'sources:read'])).toBe('rules:read');
    expect(closestMatch('snp', ['snap'])).toBe('snap');
    expect(closestMatch('medicaid', ['snap'])).toBeNull();
    expect(closestMatch('  ', ['snap'])).toBeNull();
    // Equally near two candidates: no guess.
    expect(closestMatch('us-tz', ['us-tn', 'us-tx'])).toBeNull();
    expect(closestMatch('us-tz', ['us-tx', 'us-tx'])).toBe('us-tx');
  });

  it('takes an alias to its candidate before comparing spellings', () => {
    const aliases = new Map([['tx', 'us-tx'], ['new-york', 'us-ny']]);
    expect(closestMatch('TX', ['us-co', 'us-tx'], aliases)).toBe('us-tx');
    expect(closestMatch('New York', ['us-ny', 'us-tx'], aliases)).toBe('us-ny');
  });

  it('phrases the suggestion for a message', () => {
    expect(didYouMean('us-tx')).toBe(' (did you mean "us-tx"?)');
    expect(didYouMean(null)).toBe('');
  });
});
