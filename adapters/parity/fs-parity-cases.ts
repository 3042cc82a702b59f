/**
 * Loads parity cases from folders of JSON files, each file holding a ParityCase[] (or `{cases: [...]}`).
 * Files are read in path order so listings are stable; a malformed file or a duplicate id fails the load with
 * a message naming the file and the field.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as v from 'valibot';
import type { ParityCaseSource } from '../../core/ports/parity-cases.js';
import type { ParityCase } from '../../core/usecases/parity/types.js';
import { ParityCaseSchema } from '../../core/api/schemas/parity.js';

export class ParityCaseError extends Error {
  override name = 'ParityCaseError';
}

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await jsonFiles(path)));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(path);
  }
  return out.sort();
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('');
}

function parseFile(text: string, shown: string): ParityCase[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ParityCaseError(`${shown}: not valid JSON (${(error as Error).message})`);
  }
  const list = Array.isArray(json) ? json : (json as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(list)) throw new ParityCaseError(`${shown}: must hold an array of parity cases (or {"cases": [...]})`);
  return list.map((item, i) => {
    const result = v.safeParse(ParityCaseSchema, item);
    if (!result.success) {
      const issue = result.issues[0];
      throw new ParityCaseError(`${shown}: case [${i}]${issuePath(issue)}: ${issue.message}`);
    }
    // Listed exactly as written (validation output would drop unknown keys inside nested objects).
    return item as ParityCase;
  });
}

export class FsParityCases implements ParityCaseSource {
  #cases: readonly ParityCase[] = [];

  constructor(
    private readonly paths: readonly string[],
    private readonly options: { requireFolders: boolean } = { requireFolders: false },
  ) {}

  cases(): readonly ParityCase[] {
    return this.#cases;
  }

  async load(): Promise<readonly ParityCase[]> {
    const cases: ParityCase[] = [];
    const seen = new Map<string, string>();
    for (const root of this.paths) {
      if (!existsSync(root) || !statSync(root).isDirectory()) {
        if (this.options.requireFolders) throw new ParityCaseError(`PARITY_PATH: ${root} is not a folder`);
        continue;
      }
      for (const file of await jsonFiles(root)) {
        const shown = relative(process.cwd(), file) || file;
        for (const c of parseFile(await readFile(file, 'utf8'), shown)) {
          const first = seen.get(c.id);
          if (first !== undefined) throw new ParityCaseError(`${shown}: duplicate parity case id ${JSON.stringify(c.id)} (first in ${first})`);
          seen.set(c.id, shown);
          cases.push(c);
        }
      }
    }
    this.#cases = cases;
    return cases;
  }
}
