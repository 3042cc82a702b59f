/** Loads a whole repository through the RuleRepository port into the pure repository model. */
import type { RuleRepository } from '../../ports/rule-repository.js';
import { buildRepository, isModulePath, type RuleRepositoryModel } from './repository.js';

export async function loadRuleRepository(repo: RuleRepository): Promise<RuleRepositoryModel> {
  const [provenance, files] = await Promise.all([repo.provenance(), repo.listFiles()]);
  const modulePaths = files.filter(isModulePath);
  const texts = new Map<string, string>();
  const batch = 64;
  for (let i = 0; i < modulePaths.length; i += batch) {
    const slice = modulePaths.slice(i, i + batch);
    const read = await Promise.all(slice.map((p) => repo.readText(p)));
    slice.forEach((p, j) => texts.set(p, read[j]));
  }
  return buildRepository(provenance, files, texts);
}
