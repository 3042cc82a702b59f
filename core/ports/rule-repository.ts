/**
 * Port: read a rule repository root (a RuleSpec country repository such as rulespec-us).
 * Adapters: adapters/rulespec-fs (filesystem + git provenance).
 */
export interface RepositoryProvenance {
  /** Repository name (directory name, or the git remote's name when known). */
  readonly name: string;
  /** Where it was read from (a filesystem path, or a label for in-memory repositories). */
  readonly root: string;
  readonly branch?: string;
  readonly commit?: string;
}

export interface RuleRepository {
  /** Name, root, and when the root is a git checkout, branch and commit. */
  provenance(): Promise<RepositoryProvenance>;
  /** Every `.yaml` file under the root, as posix paths relative to it (dot-directories excluded), sorted. */
  listFiles(): Promise<string[]>;
  /** UTF-8 text of one file by relative path. */
  readText(path: string): Promise<string>;
}

/**
 * Optional cache of parsed YAML documents, keyed by path and validated against the file text
 * (adapters/rulespec-fs/parse-cache.ts). A miss returns undefined; the loader then parses and `put`s.
 */
export interface ParseCache {
  get(path: string, text: string): unknown | undefined;
  put(path: string, text: string, document: unknown): void;
  /** Persists new entries (best effort: a failure to write must not fail loading). */
  save(): Promise<void>;
}
