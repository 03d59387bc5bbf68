/**
 * The suites that read dist/'s type declarations (the packed package, the docs' examples checked
 * as a user's import) need a build of today's sources that has them. `npm test` and
 * `npm run build` make one; `npm start` builds the JavaScript alone. A test never builds dist/
 * itself, since other suites of the same run execute it meanwhile.
 */
import { join } from 'node:path';
import { buildNeeded } from '../../scripts/build.mjs';

const ROOT = join(import.meta.dirname, '../..');

/** Fails, saying what to run, unless dist/ is the build of the current sources with its declarations. */
export function assertFreshBuild(): void {
  const needed = buildNeeded(ROOT, { ifStale: true, types: true });
  if (needed !== 'nothing') {
    throw new Error(`dist/ is not a build of the current sources with type declarations (it needs: ${needed}); run "npm run build" (npm test does) first`);
  }
}
