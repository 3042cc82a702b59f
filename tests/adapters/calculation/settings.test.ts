/** Calculation settings: every bad value is named at once, as a ConfigError (the CLI's exit status 2). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../adapters/config/env.js';
import { ConfigError as PackageConfigError, createRuleService } from '../../../adapters/embedding/index.js';

describe('calculation settings', () => {
  it('reads the documented defaults from an empty environment', () => {
    expect(loadConfig({}).settings.calculation).toMatchObject({ timeLimitMs: 2000, jobConcurrency: 2, fixturePath: null });
  });

  it('names every bad value in one ConfigError', () => {
    let caught: unknown;
    try {
      loadConfig({ TENET_CALC_TIME_LIMIT_MS: 'soon', TENET_JOB_CONCURRENCY: '0', TENET_JOB_LOCK_MS: '1.5' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'TENET_CALC_TIME_LIMIT_MS: must be an integer from 1 to 600000 (got "soon")',
      'TENET_JOB_CONCURRENCY: must be an integer from 1 to 64 (got "0")',
      'TENET_JOB_LOCK_MS: must be an integer from 1 to 3600000 (got "1.5")',
    ]);
  });

  it('refuses a bad setting when a service is built', async () => {
    const refused = createRuleService({ env: { TENET_CALC_TIME_LIMIT_MS: '-5', TENET_JOB_CONCURRENCY: '65' } });
    await expect(refused).rejects.toBeInstanceOf(PackageConfigError);
    await expect(refused).rejects.toMatchObject({
      problems: ['TENET_CALC_TIME_LIMIT_MS: must be an integer from 1 to 600000 (got "-5")', 'TENET_JOB_CONCURRENCY: must be an integer from 1 to 64 (got "65")'],
    });
  });
});
