/** Apps with the keys and calculation subsystems over the bundled SNAP packages (no read surface), and their keys. */
import { PLATFORM_ONLY } from '../../../../../composition/app.js';
import { fileURLToPath } from 'node:url';
import { CompiledRuntime } from '../../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { Calculator } from '../../../../../core/ports/calculator.js';
import { createTestApp, testKey, type TestApp } from '../../../../support/http-harness.js';

export const partner = testKey('partner', ['compat:external']);
export const ordinary = testKey('ordinary', ['calculate:run', 'rules:read']);

/** COMPAT_RULES_DIR measures against a snapshot of the rules (e.g. `git archive HEAD rules`) while rules/ is being edited. */
export const RULES = process.env.COMPAT_RULES_DIR ?? fileURLToPath(new URL('../../../../../rules', import.meta.url));

let loaded: Promise<CompiledRuntime> | null = null;
/** The compiled runtime over the bundled rules, loaded once per test file. */
export function bundledRuntime(): Promise<CompiledRuntime> {
  loaded ??= CompiledRuntime.load([RULES]);
  return loaded;
}

export function auth(key: { key: string }): Record<string, string> {
  return { 'x-api-key': key.key };
}

export async function compatApp(calculators: Calculator[], env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([partner.entry, ordinary.entry]), ...env },
    overrides: { ...PLATFORM_ONLY, keys: {}, calculation: { calculators: () => calculators } },
  });
}
