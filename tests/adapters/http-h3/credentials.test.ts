import { describe, expect, it } from 'vitest';
import { presentedKey } from '../../../adapters/http-h3/credentials.js';

const read = (headers: Record<string, string>) => presentedKey(new Headers(headers));

describe('presentedKey (the HTTP edge reads the credential; the core gets a string or null)', () => {
  it('reads x-api-key, trimmed, or an Authorization Bearer token', () => {
    expect(read({ 'x-api-key': '  tnt_a  ' })).toBe('tnt_a');
    expect(read({ authorization: 'Bearer tnt_b' })).toBe('tnt_b');
    expect(read({ authorization: 'bearer   tnt_c ' })).toBe('tnt_c');
  });

  it('prefers x-api-key when both are sent; a blank x-api-key falls through to Bearer', () => {
    expect(read({ 'x-api-key': 'tnt_a', authorization: 'Bearer tnt_b' })).toBe('tnt_a');
    expect(read({ 'x-api-key': '   ', authorization: 'Bearer tnt_b' })).toBe('tnt_b');
  });

  it('is null without a key: no headers, another scheme, or a Bearer value with a space in it', () => {
    expect(read({})).toBeNull();
    expect(read({ authorization: 'Basic dXNlcjpwYXNz' })).toBeNull();
    expect(read({ authorization: 'Bearer two words' })).toBeNull();
  });
});
