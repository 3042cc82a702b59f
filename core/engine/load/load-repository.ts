/** Loads a whole repository through the RuleRepository port into the pure repository model. */
import type { ParseCache, RuleRepository } from '../../ports/rule-repository.js';
import { parseYaml } from './module-loader.js';
import { buildRepository, isModulePath, type RuleRepositoryModel } from './repository.js';

export interface LoadOptions {
  /** Reuse parsed YAML documents across runs (content-validated); parsing is most of the load time. */
  readonly cache?: ParseCache;
}

export async function loadRuleRepository(repo: RuleRepository, options: LoadOptions = {}): Promise<RuleRepositoryModel> {
  const [provenance, files] = await Promise.all([repo.provenance(), repo.listFiles()]);
  const modulePaths = files.filter(isModulePath);
  const texts = new Map<string, string>();
  const batch = 64;
  for (let i = 0; i < modulePaths.length; i += batch) {
    const slice = modulePaths.slice(i, i + batch);
    const read = await Promise.all(slice.map((p) => repo.readText(p)));
    slice.forEach((p, j) => texts.set(p, read[j]));
  }
  const cache = options.cache;
  if (!cache) return buildRepository(provenance, files, texts);
  const documents = new Map<string, unknown>();
  for (const [path, text] of texts) {
    let doc = cache.get(path, text);
    if (doc === undefined) {
      try {
        doc = parseYaml(text);
      } catch {
        continue; // the module loader parses again and reports the syntax error with its position
      }
      cache.put(path, text, doc);
    }
    documents.set(path, doc);
  }
  await cache.save();
  return buildRepository(provenance, files, texts, documents);
}
