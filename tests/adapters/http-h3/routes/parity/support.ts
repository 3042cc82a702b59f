/** Shared set-up for the parity route tests: apps over the bundled rules with chosen parity case folders. */
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ParityCase } from '../../../../../core/usecases/parity/types.js';
import { createTestApp, testKey, type TestApp } from '../../../../support/http-harness.js';

export const parityAdmin = testKey('parity-admin', ['admin:parity']);
export const reader = testKey('parity-reader', ['rules:read', 'calculate:run']);
export const everything = testKey('ops-root', ['*']);

/** Starts an app whose parity cases come from `paths` (default: the bundled parity/ folder). */
export async function parityApp(paths: string[] = [resolve('parity')], explicit = false): Promise<TestApp> {
  return createTestApp({
    env: { SERVICE_API_KEYS: JSON.stringify([parityAdmin.entry, reader.entry, everything.entry]) },
    overrides: { operations: false, parity: { paths, explicit } },
  });
}

/** Both parity routes, as [method, path] rows for it.each. */
export const PARITY_ROUTES: [string, string][] = [
  ['GET', '/v1/parity/cases'],
  ['POST', '/v1/parity/run'],
];

/** Starts a parityApp() for the enclosing describe block and closes it after; call the result inside tests. */
export function useParityApp(...args: Parameters<typeof parityApp>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await parityApp(...args);
  });
  afterAll(async () => t?.close());
  return () => {
    if (!t) throw new Error('parity app not started (useParityApp must be called inside a describe block)');
    return t;
  };
}

/** Every bundled case, read straight from the files (independently of the loader). */
export function bundledCases(): ParityCase[] {
  const dir = resolve('parity/snap');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ParityCase[]);
}

/** Writes `files` (name -> JSON value) into a fresh temporary folder and returns it. */
export function caseFolder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenet-parity-'));
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return dir;
}
