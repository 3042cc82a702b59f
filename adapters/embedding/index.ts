/**
 * The package entry point (`import { createRuleService } from 'tenet'`): the embedding API, its option and result
 * types, and the error type every refusal throws (its `code` is one of the API's error codes).
 */
export { createRuleService, type RuleService, type RuleServiceOptions, type CalculationData, type BatchData } from './rule-service.js';
export { ServiceError, ERROR_CODES, type ErrorCode } from '../../core/domain/errors.js';
export type { Logger, LogFields } from '../../core/ports/logger.js';
export { API_VERSION } from '../../core/domain/config.js';
/** What createRuleService rejects with when an option or `env` setting is unusable: `problems` names each. */
export { ConfigError } from '../config/env.js';
