/**
 * Repository identity used for provenance when git metadata is missing (documented in docs/read-surface.md):
 *   RULESPEC_REPO     repository name (default: git/directory name of each RULES_PATH entry)
 *   RULESPEC_BRANCH   branch (default: the git branch; `unknown` without git metadata)
 *   RULESPEC_RELEASE  release or commit (default: the git commit or SOURCE_COMMIT; `unknown` without either)
 * Git metadata wins over configuration; configuration only fills what git does not say.
 */
export interface IdentitySettings {
  repo?: string;
  branch?: string;
  release?: string;
}

export function identitySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): IdentitySettings {
  const pick = (name: string): string | undefined => env[name]?.trim() || undefined;
  return { repo: pick('RULESPEC_REPO'), branch: pick('RULESPEC_BRANCH'), release: pick('RULESPEC_RELEASE') };
}
