/**
 * The package entry point (`import { createRuleService } from 'tenet'`): the embedding API, its option and result
 * types, and the error type every refusal throws (its `code` is one of the API's error codes).
 */
import { createRuleService as createService, type RuleService, type RuleServiceOptions } from './rule-service.js';
import { withStatuses } from './refusals.js';

export type { RuleService, RuleServiceOptions, CalculationData, BatchData, SweepData, ScreenData, ScreenSweepData, ScreenSweepTotalData } from './rule-service.js';
/** Every refusal: the API's error `code`, `message`, `data`, and `status` (the HTTP status the API would answer with). */
export { ServiceError } from './refusals.js';
/** The error codes with their default messages (a refusal's `status` is the HTTP status the API gives its code). */
export { ERROR_CODES, type ErrorCode } from '../../core/domain/errors.js';
export type { Logger, LogFields } from '../../core/ports/logger.js';
export { API_VERSION } from '../../core/domain/config.js';
/** What createRuleService rejects with when an option or `env` setting is unusable: `problems` names each. */
export { ConfigError } from '../config/env.js';

/**
 * Loads the rules and compiles their packages; resolves when the service can answer. Each call builds an
 * independent service. A refused request throws ServiceError (above).
 */
export async function createRuleService(options: RuleServiceOptions = {}): Promise<RuleService> {
  return withStatuses(await createService(options));
}
