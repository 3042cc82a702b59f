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

  it('refuses a bad subsystem setting the same way (ConfigError: exit status 2), before any module is built', async () => {
    const error = await serve({ TENET_CALC_TIME_LIMIT_MS: 'soon', ANALYTICS_FLUSH_MS: '1' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'TENET_CALC_TIME_LIMIT_MS: must be an integer from 1 to 600000 (got "soon")',
      'ANALYTICS_FLUSH_MS: must be an integer from 1000 to 300000 (got "1")',
    ]);
  });
});
