/**
 * Parity: the parity case files of PARITY_PATH (default: the bundled parity/ folder), loaded before the app serves.
 * A malformed case file stops start-up with a message naming it.
 */
import { FsParityCases } from '../../adapters/parity/fs-parity-cases.js';
import type { ParitySettings } from '../../adapters/parity/settings.js';
import type { ParityCaseSource } from '../../core/ports/parity-cases.js';
import type { Platform } from '../platform.js';
import type { Lifecycle } from './lifecycle.js';

export interface Parity extends Lifecycle {
  readonly cases: ParityCaseSource;
}

/** `settings`: the case folders to read instead of the configured ones (tests). */
export function buildParity({ config, logger }: Platform, settings?: ParitySettings): Parity {
  const { paths, explicit } = settings ?? config.settings.parity.folders;
  const cases = new FsParityCases(paths, { requireFolders: explicit });
  return {
    name: 'parity',
    cases,
    async start() {
      const loaded = await cases.load();
      logger.info('parity cases loaded', { cases: loaded.length });
    },
  };
}
