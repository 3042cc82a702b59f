/**
 * Runs the built `tenet` binary (dist/adapters/cli/main.js) as a child process, as an operator would after
 * `npm run build`. `ensureBuilt()` compiles dist/ when a source file is newer than it (scripts/build-if-needed.mjs
 * logic); type errors are the typecheck step's business, so only a build that leaves dist/ stale fails here.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve('.');
export const CLI = join(ROOT, 'dist/adapters/cli/main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const builtAt = (): number => {
  try {
    return statSync(CLI).mtimeMs;
  } catch {
    return 0;
  }
};

export function ensureBuilt(): void {
  const sources = Math.max(newestSource(join(ROOT, 'core')), newestSource(join(ROOT, 'adapters')));
  if (builtAt() >= sources) return;
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
  if (builtAt() < sources) throw new Error(`npm run build did not refresh ${CLI}:\n${build.stdout}${build.stderr}`);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/adapters/cli/main.js ...args` asynchronously (an in-process server can answer meanwhile); `input` goes to stdin. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, input = ''): Promise<CliRun> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ code, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}
