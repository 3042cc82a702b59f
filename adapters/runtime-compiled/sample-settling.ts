/**
 * Chooses the sample household a compiled package publishes (docs/read-surface.md, "Sample requests"): the
 * spec's own `sample_household` extension, then households translated from the companion test cases of the
 * package's closure (./sample-evidence.ts), then, as a last resort, neutral values for every input without a
 * default. The first that computes as POST /v1/calculate would run it is published. When the neutral household
 * shows the spec's default period uncovered by the package's rules, a computing test case's month becomes the
 * package's default period.
 */
import type { JsonValue } from '../../core/domain/household/shape.js';
import { sampleHousehold } from '../../core/usecases/read/runtime-catalog.js';
import type { CompiledPackage } from './compiled-package.js';
import { evidenceCandidates, type SampleCandidate } from './sample-evidence.js';

function record(value: unknown): Record<string, JsonValue> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0 ? (value as Record<string, JsonValue>) : undefined;
}

export async function settleSample(pkg: CompiledPackage, testFiles: ReadonlyMap<string, string>, readText: (path: string) => Promise<string>): Promise<boolean> {
  const declared = record(pkg.pkg.spec.extensions.sample_household);
  if (declared && pkg.settleSample([{ origin: "the program spec's sample_household", household: structuredClone(declared) }])) return true;
  const neutral: SampleCandidate = { origin: 'neutral values for inputs without a default', household: sampleHousehold(pkg.shape.default_period, pkg.shape.entities) as Record<string, JsonValue> };
  // Evidence before the neutral guess; the guess is tried first only to learn whether the default period is covered at all.
  const evidence = await evidenceCandidates(pkg.pkg, pkg.shape, testFiles, readText);
  const uncovered = /is not covered by this package's rules/.test(pkg.sampleFails(neutral.household) ?? '');
  return pkg.settleSample(uncovered ? [neutral, ...evidence] : [...evidence, neutral], { defaultPeriodUncovered: uncovered });
}
