/** Shared valibot schemas for the envelopes and operational payloads; the OpenAPI document is built from them. */
import * as v from 'valibot';
import { ENVIRONMENTS } from '../../domain/config.js';

export const MetaSchema = v.strictObject({
  request_id: v.string(),
  api_version: v.string(),
  environment: v.picklist(ENVIRONMENTS),
});

export const DependencyStatusSchema = v.picklist(['ready', 'degraded', 'unavailable']);

export const DependencyHealthSchema = v.strictObject({
  name: v.string(),
  status: DependencyStatusSchema,
  detail: v.optional(v.string()),
});

export const HealthResponseSchema = v.strictObject({ service: v.string(), live: v.boolean() });

export const VersionResponseSchema = v.strictObject({ api_version: v.string(), environment: v.picklist(ENVIRONMENTS) });

export const ReadyResponseSchema = v.strictObject({
  ready: v.boolean(),
  status: DependencyStatusSchema,
  source: v.string(),
  dependencies: v.array(DependencyHealthSchema),
});
