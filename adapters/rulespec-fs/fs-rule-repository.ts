/**
 * Filesystem RuleRepository: lists `.yaml` files under a root and reads them; provenance comes from the
 * directory name and, when the root (or a parent) is a git checkout, from `.git/HEAD` and refs read directly.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { RepositoryProvenance, RuleRepository } from '../../core/ports/rule-repository.js';

function findGitDir(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, '.git');
    if (existsSync(candidate)) {
      const st = statSync(candidate);
      if (st.isDirectory()) return candidate;
      // A worktree/submodule `.git` file: "gitdir: <path>".
      const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, 'utf8'));
      if (m) return resolve(dir, m[1].trim());
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function readRef(gitDir: string, ref: string): string | undefined {
  const loose = join(gitDir, ref);
  if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
  const packed = join(gitDir, 'packed-refs');
  if (existsSync(packed)) {
    for (const line of readFileSync(packed, 'utf8').split('\n')) {
      const [sha, name] = line.split(' ');
      if (name === ref && /^[0-9a-f]{40}$/.test(sha)) return sha;
    }
  }
  // Worktrees keep shared refs in the common dir.
  const common = join(gitDir, 'commondir');
  if (existsSync(common)) return readRef(resolve(gitDir, readFileSync(common, 'utf8').trim()), ref);
  return undefined;
}

/** Git branch/commit of a directory, read from `.git` files (no subprocess, no network). */
export function gitProvenance(root: string): { branch?: string; commit?: string } {
  const gitDir = findGitDir(root);
  if (!gitDir) return {};
  try {
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (head.startsWith('ref: ')) {
      const ref = head.slice(5);
      return { branch: ref.replace(/^refs\/heads\//, ''), commit: readRef(gitDir, ref) };
    }
    return /^[0-9a-f]{40}$/.test(head) ? { commit: head } : {};
  } catch {
    return {};
  }
}

export class FsRuleRepository implements RuleRepository {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  async provenance(): Promise<RepositoryProvenance> {
    const git = gitProvenance(this.root);
    let commit = git.commit;
    // Exported snapshots (no .git) may record their commit in SOURCE_COMMIT.
    const marker = join(this.root, 'SOURCE_COMMIT');
    if (!commit && existsSync(marker)) {
      const sha = readFileSync(marker, 'utf8').trim();
      if (/^[0-9a-f]{7,40}$/.test(sha)) commit = sha;
    }
    return { name: basename(this.root), root: this.root, branch: git.branch, commit };
  }

  async listFiles(): Promise<string[]> {
    const out: string[] = [];
    const walk = (dir: string, rel: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        const r = rel ? `${rel}/${e.name}` : e.name;
        // Only real files and directories: symlinks are not modules (§1.1).
        if (e.isDirectory()) walk(join(dir, e.name), r);
        else if (e.isFile() && e.name.endsWith('.yaml')) out.push(r);
      }
    };
    walk(this.root, '');
    return out.sort();
  }

  async readText(path: string): Promise<string> {
    if (path.includes('..')) throw new Error(`refusing to read outside the repository: ${path}`);
    return readFileSync(join(this.root, path), 'utf8');
  }
}
