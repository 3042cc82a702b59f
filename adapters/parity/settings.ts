/**
 * Parity settings: PARITY_PATH (docs/configuration.md), declared in adapters/config/schema.ts and parsed with
 * every other variable by loadConfig. `explicit` is true when PARITY_PATH named the folders (a missing folder is
 * then an error, not an empty set).
 */
import type { ModuleSettings } from '../config/env.js';

export type ParitySettings = ModuleSettings['parity']['folders'];
