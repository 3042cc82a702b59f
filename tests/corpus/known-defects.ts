/**
 * Modules of the shared RuleSpec corpus that cannot load or compile, each for a defect of the module itself
 * (see docs/corpus-compatibility.md). The corpus suite fails if any other module stops loading.
 */
export const KNOWN_UNLOADABLE: Readonly<Record<string, string>> = {
  'us-la/statutes/47:294.yaml': 'path makes an invalid module id (a second ":")',
  'us-la/statutes/47:295.yaml': 'path makes an invalid module id (a second ":")',
  'us-la/statutes/47:297/4.yaml': 'path makes an invalid module id (a second ":")',
  'us-la/statutes/47:297/8.yaml': 'path makes an invalid module id (a second ":")',
  'us-la/statutes/47:32.yaml': 'path makes an invalid module id (a second ":")',
  'us-nj/statutes/54a:4-7.yaml': 'path makes an invalid module id (a second ":")',
  'us-la/policies/income_tax/2026_resident_core.yaml': 'imports an invalid module id (us-la:statutes/47:32)',
  'us-la/policies/income_tax/pilot_liability_pipeline.yaml': 'imports an invalid module id (us-la:statutes/47:32)',
  'us-nh/regulations/he-w-700/He-W 704/04.yaml': 'path contains a space',
  'us-nh/regulations/he-w-700/He-W 704/05.yaml': 'path contains a space',
  'us-nh/regulations/he-w-700/He-W 709/0.yaml': 'path contains a space',
  'us-nh/regulations/he-w-700/He-W 722/01.yaml': 'path contains a space',
  'us/statutes/42/1437c–1.yaml': 'path segment contains an en dash, outside [A-Za-z0-9_.~-]',
};

/** Modules that load but whose import closure cannot compile, with the reason. */
export const KNOWN_UNCOMPILABLE: Readonly<Record<string, string>> = {
  'us-sc/policies/dss/snap-policy-manual/page-215.yaml': 'imports a us-ma module that the shared corpus slice does not contain',
  'us-sc/policies/dss/snap-policy-manual/page-345.yaml': 'imports a us-ma module that the shared corpus slice does not contain',
  'us-sc/policies/dss/snap-policy-manual/page-385.yaml': 'imports a us-ma module that the shared corpus slice does not contain',
};

/** Program specs that cannot compose, with the reason. */
export const KNOWN_UNCOMPOSABLE: Readonly<Record<string, string>> = {
  'programs/us-sc/snap/fy-2026.yaml': 'its closure imports a us-ma module that the shared corpus slice does not contain',
};
