/**
 * Run before every test file (vitest.config.ts, `setupFiles`). The files of a worker share one
 * module graph and one set of globals (`isolate: false`), so a file that replaces a global and
 * leaves it replaced changes what every later file of its worker runs against, a failure that
 * then shows only in some orders of the files. This fails the file that left a watched global
 * other than it found it, naming the global.
 */
import { afterAll, beforeAll } from 'vitest';
import { changedGlobals, globalsSnapshot, type GlobalsSnapshot } from './globals.js';

let before: GlobalsSnapshot;
beforeAll(() => {
  before = globalsSnapshot();
});
afterAll(() => {
  const changed = changedGlobals(before, globalsSnapshot());
  if (changed.length > 0) {
    throw new Error(`this file left ${changed.join(', ')} replaced: put back what a test replaces (the files of a worker share their globals)`);
  }
});
