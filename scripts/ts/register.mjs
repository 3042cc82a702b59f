// Lets a child process started by a test run the project's TypeScript directly:
//   node --import ./scripts/ts/register.mjs some-script.ts
// Each .ts module is transpiled (no type check) with the project's TypeScript; `./x.js` imports resolve
// to `./x.ts` when only the TypeScript source exists.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
