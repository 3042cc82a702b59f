import { describe, expect, it } from 'vitest';
import { serve } from '../../../adapters/cli/commands/serve.js';
import { ConfigError } from '../../../adapters/config/env.js';

describe('tenet serve', () => {
  it('refuses to start on invalid configuration, naming each bad variable', async () => {
    const error = await serve({ PORT: 'http', SERVICE_API_KEYS: '[{"id":"x"}]' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SERVICE_API_KEYS[0]'))).toBe(true);
  });
});
