/**
 * A ParseCache on disk: one JSON file per repository root under the OS temp directory (or a given directory),
 * mapping each module path to the SHA-1 of its text and its parsed YAML document. An entry is used only when
 * the text still hashes the same, so edits are never served stale. Documents that JSON cannot represent
 * exactly (non-finite numbers) are not cached.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ParseCache } from '../../core/ports/rule-repository.js';

const FORMAT = 'tenet-rulespec-parse-cache/1';

interface Entry {
  readonly sha1: string;
  readonly doc: unknown;
}

function jsonExact(x: unknown): boolean {
  if (typeof x === 'number') return Number.isFinite(x) && !Object.is(x, -0);
  if (Array.isArray(x)) return x.every(jsonExact);
  if (x !== null && typeof x === 'object') return Object.values(x).every(jsonExact);
  return true;
}

export class FsParseCache implements ParseCache {
  readonly file: string;
  private entries: Record<string, Entry> = {};
  /** Paths looked up in this run: saving keeps only these, so deleted files drop out. */
  private readonly seen = new Set<string>();
  private dirty = false;

  constructor(root: string, directory: string = join(tmpdir(), 'tenet-rulespec-cache')) {
    const key = createHash('sha1').update(resolve(root)).digest('hex').slice(0, 16);
    this.file = join(directory, `${key}.json`);
    try {
      if (existsSync(this.file)) {
        const data = JSON.parse(readFileSync(this.file, 'utf8')) as { format?: string; entries?: Record<string, Entry> };
        if (data.format === FORMAT && data.entries) this.entries = data.entries;
      }
    } catch {
      this.entries = {}; // a corrupt cache is ignored and rewritten
    }
  }

  private static hash(text: string): string {
    return createHash('sha1').update(text).digest('hex');
  }

  get(path: string, text: string): unknown | undefined {
    this.seen.add(path);
    const e = this.entries[path];
    return e && e.sha1 === FsParseCache.hash(text) ? e.doc : undefined;
  }

  put(path: string, text: string, document: unknown): void {
    if (!jsonExact(document)) return;
    this.seen.add(path);
    this.entries[path] = { sha1: FsParseCache.hash(text), doc: document };
    this.dirty = true;
  }

  async save(): Promise<void> {
    const stale = Object.keys(this.entries).filter((p) => !this.seen.has(p));
    for (const p of stale) delete this.entries[p];
    if (!this.dirty && stale.length === 0) return;
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ format: FORMAT, entries: this.entries }));
      renameSync(tmp, this.file); // atomic replace: concurrent readers see the old or the new file
      this.dirty = false;
    } catch {
      // Best effort: loading works without a cache.
    }
  }
}
