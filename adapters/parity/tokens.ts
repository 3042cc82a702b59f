/** Tokens of the parity subsystem (bound in ./module.ts). */
import type { FsParityCases } from './fs-parity-cases.js';
import { token } from '../tokens.js';

export const PARITY = {
  /** The parity cases (a ParityCaseSource), loaded by the module's start hook. */
  Cases: token<FsParityCases>('ParityCases'),
};
