/**
 * Counts the failing companion test cases (`*.test.yaml`, run as the corpus runner runs them: each file against
 * its own module's closure) of the modules in each package's closure, so a package that fails some of its tests
 * makes its program `partial` (docs/read-surface.md, "Programs"). A test file shared by several packages runs
 * once. The check yields to the event loop between files, so it can run in the background after start-up.
 */
import { runTestFile, type RuleRepositoryModel } from '../index.js';
import type { CompiledPackage } from './compiled-package.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function checkCompanionTests(
  packages: readonly CompiledPackage[],
  repo: RuleRepositoryModel,
  readText: (path: string) => Promise<string>,
): Promise<void> {
  const failedByFile = new Map<string, number>();
  for (const pkg of packages) {
    const modules = new Set([...pkg.pkg.graph.rules.map((r) => r.fileLegalId), ...pkg.pkg.graph.inputs.map((i) => i.fileLegalId)]);
    let failing = 0;
    for (const module of modules) {
      const file = repo.testFiles.get(module);
      if (!file || !repo.modules.has(module)) continue;
      let failed = failedByFile.get(file);
      if (failed === undefined) {
        await nextTurn();
        try {
          failed = runTestFile(repo, module, file, await readText(file)).filter((r) => !r.passed).length;
        } catch (error) {
          // An unreadable test file counts as one failing test rather than stopping the check.
          void error;
          failed = 1;
        }
        failedByFile.set(file, failed);
      }
      failing += failed;
    }
    pkg.setFailingTests(failing);
  }
}
