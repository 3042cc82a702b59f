/** Apps with only the keys and operations subsystems (no rules to load), and keys for the admin routes. */
import { PLATFORM_ONLY } from '../../../../../composition/app.js';
import type { OperationsOptions } from '../../../../../composition/subsystems/operations.js';
import { createTestApp, testKey, type TestApp } from '../../../../support/http-harness.js';

export const analyst = testKey('analyst', ['admin:analytics']);
export const reader = testKey('reader', ['rules:read']);
export const limited = testKey('limited', ['admin:analytics']);

export function auth(key: { key: string }): Record<string, string> {
  return { 'x-api-key': key.key };
}

export async function operationsApp(options: OperationsOptions = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const entries = [analyst.entry, reader.entry, { ...limited.entry, rate_limit: { requests: 1, window_seconds: 60 } }];
  return createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify(entries), ...env },
    overrides: { ...PLATFORM_ONLY, keys: {}, operations: options },
  });
}
