/**
 * Parity settings from the environment (documented in docs/configuration.md):
 *   PARITY_PATH  colon-separated folders of parity case files (*.json, searched recursively); default: the
 *                bundled parity/ folder. Relative entries are taken relative to the working directory.
 */
import { isAbsolute, resolve } from 'node:path';
import { packageRoot } from '../config/env.js';

export interface ParitySettings {
  paths: string[];
  /** True when PARITY_PATH named the folders (a missing folder is then an error, not an empty set). */
  explicit: boolean;
}

export function paritySettingsFromEnv(env: NodeJS.ProcessEnv = process.env, root: string = packageRoot()): ParitySettings {
  const raw = env.PARITY_PATH?.trim();
  if (!raw) return { paths: [resolve(root, 'parity')], explicit: false };
  const paths = raw
    .split(':')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => (isAbsolute(p) ? p : resolve(process.cwd(), p)));
  return { paths, explicit: true };
}
