// `npm start` runs this first: build dist/ only when a source file is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'adapters', 'cli', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sourceTime = Math.max(newestMtime(join(root, 'core')), newestMtime(join(root, 'adapters')), newestMtime(join(root, 'composition')));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sourceTime) {
  process.stderr.write('tenet: building dist/ ...\n');
  execSync('npx tsc -p tsconfig.build.json', { cwd: root, stdio: 'inherit' });
}
