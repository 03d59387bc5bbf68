/**
 * Which modules a `serve` process loads, and when: a loader hook (`node --import`) that writes
 * down the URL of every module whose URL holds `marker` as it is loaded. For the tests that a
 * dependency loads with its first use, not at start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { workDir } from './cli.js';

export interface LoadLog {
  /** The `node` arguments that install the hook. */
  nodeArgs: string[];
  /** The URLs written down so far, one a line. */
  read(): string;
}

/** A hook writing into a file of `work` every module loaded whose URL holds `marker`. */
export function loadLog(work: ReturnType<typeof workDir>, marker: string): LoadLog {
  const log = join(work.dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = work.write(
    'hooks.mjs',
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.includes(${JSON.stringify(marker)})) appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`,
  );
  const register = work.write('register.mjs', `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return { nodeArgs: ['--import', pathToFileURL(register).href], read: () => readFileSync(log, 'utf8') };
}
