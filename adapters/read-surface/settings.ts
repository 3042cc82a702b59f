/**
 * Repository identity used for provenance when git metadata is missing (docs/read-surface.md): RULESPEC_REPO,
 * RULESPEC_BRANCH and RULESPEC_RELEASE, declared in adapters/config/schema.ts and parsed with every other variable
 * by loadConfig. Git metadata wins over configuration; configuration only fills what git does not say.
 */
import type { ModuleSettings } from '../config/env.js';

export type IdentitySettings = ModuleSettings['identity'];
