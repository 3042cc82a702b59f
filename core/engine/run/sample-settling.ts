/**
 * Chooses the sample household a compiled package publishes (docs/read-surface.md, "Sample requests"): the
 * spec's own `sample_household` extension, then households translated from the companion test cases of the
 * package's closure (./sample-evidence.ts), then, as a last resort, neutral values for every input without a
 * default. The first that computes as POST /v1/calculate would run it is published. When the neutral household
 * shows the spec's default period uncovered by the package's rules, a computing test case's month becomes the
 * package's default period.
 */
import type { JsonValue } from '../../domain/household/shape.js';
import { sampleHousehold } from '../../domain/household/sample.js';
import type { CompiledPackage } from './compiled-package.js';
import { evidenceCandidates, type SampleCandidate } from './sample-evidence.js';

/** `readDocument`: a parsed test file by path (./sample-evidence.ts `testDocuments`, shared by one load's packages). */
export async function settleSample(pkg: CompiledPackage, testFiles: ReadonlyMap<string, string>, readDocument: (path: string) => Promise<unknown>): Promise<boolean> {
  let first: { candidate: SampleCandidate; problem: string } | undefined;
  const attempt = (candidate: SampleCandidate, options: { defaultPeriodUncovered?: boolean } = {}): boolean => {
    const problem = pkg.trySample(candidate, options);
    if (problem === undefined) return true;
    first ??= { candidate, problem };
    return false;
  };
  const declared = pkg.pkg.spec.profile.sampleHousehold;
  if (declared && attempt({ origin: "the program spec's sample_household", household: structuredClone(declared) })) return true;
  const neutral: SampleCandidate = { origin: 'neutral values for inputs without a default', household: sampleHousehold(pkg.shape.default_period, pkg.shape.entities) as Record<string, JsonValue> };
  // The neutral guess is evaluated first only to learn whether the default period is covered at all; it is published last.
  const neutralCheck = pkg.sampleCheck(neutral.household);
  const neutralProblem = neutralCheck?.problem;
  const uncovered = neutralCheck?.periodUncovered ?? false;
  if (uncovered && neutralProblem !== undefined) first = { candidate: neutral, problem: neutralProblem };
  for await (const batch of evidenceCandidates(pkg.pkg, pkg.shape, testFiles, readDocument)) {
    for (const candidate of batch) if (attempt(candidate, { defaultPeriodUncovered: uncovered })) return true;
  }
  if (neutralProblem === undefined && attempt(neutral)) return true;
  first ??= { candidate: neutral, problem: neutralProblem ?? 'no candidate' };
  pkg.noSample(first.candidate, first.problem);
  return false;
}
