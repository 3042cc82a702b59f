import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lockfile that lacks an entry for any optional dependency, even one for another
 * platform. This registry mirror serves only Linux builds of some native packages, so `npm install` here can
 * silently drop the other platforms' entries (msgpackr-extract, under bullmq); this test catches that before
 * a fresh clone's `npm ci` does.
 */
describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [path, meta] of Object.entries(lock.packages)) {
      for (const name of Object.keys(meta.optionalDependencies ?? {})) {
        // Node resolution: nested node_modules first, then each ancestor up to the root.
        const segments = path === '' ? [] : path.split('/node_modules/');
        let found = false;
        for (let depth = segments.length; depth >= 0 && !found; depth -= 1) {
          const prefix = segments.slice(0, depth).join('/node_modules/');
          found = `${prefix === '' ? '' : `${prefix}/`}node_modules/${name}` in lock.packages;
        }
        if (!found) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
