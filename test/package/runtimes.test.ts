/**
 * Where the Bun and Deno suites find their runtime: the versions pinned in test/runtimes/package.json
 * once `npm run install:runtimes` has installed them, a binary on PATH otherwise, and a skip reason
 * that says how to install them when there is neither.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINNED_BIN, probe, ROOT } from './runtime-support.js';

const pinned = JSON.parse(readFileSync(`${ROOT}test/runtimes/package.json`, 'utf8')) as { devDependencies: Record<string, string> };
const installed = existsSync(`${PINNED_BIN}bun`) && existsSync(`${PINNED_BIN}deno`);

describe('the runtimes of the Bun and Deno suites', () => {
  it('without the pinned runtimes or one on PATH, the reason names the command that installs them', () => {
    for (const binary of ['bun', 'deno'] as const) {
      const found = probe(binary, '/nonexistent/', { PATH: '/nonexistent' });
      expect(found).toEqual({ reason: `no ${binary} in test/runtimes/node_modules or on PATH (npm run install:runtimes installs the tested version)` });
    }
  });

  it.skipIf(!installed)(
    `the pinned versions are the ones run${installed ? '' : ' (skipped: npm run install:runtimes has not run here)'}`,
    () => {
      const bun = probe('bun');
      const deno = probe('deno');
      expect(bun).toEqual({ command: `${PINNED_BIN}bun`, version: pinned.devDependencies.bun });
      // `deno --version` goes on with its channel and platform: "deno 2.9.6 (stable, release, …)".
      expect(deno).toMatchObject({ command: `${PINNED_BIN}deno` });
      expect('version' in deno && deno.version.startsWith(`deno ${pinned.devDependencies.deno} (`)).toBe(true);
    },
  );
});
