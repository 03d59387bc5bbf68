/**
 * The core and the IndexedDB adapter bundle for the browser: esbuild with platform `browser`
 * refuses any Node built-in, and the bundle must import nothing at all (everything it needs is
 * inside it). Prints the minified and gzipped sizes; `npm run bench` prints them too.
 */
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { browserBuild } from '../helpers/esbuild.js';

it('bundles src/index.ts and adapters/indexeddb for the browser with no Node built-in and no import left', async () => {
  const result = await browserBuild("export * from './src/index.ts';\nexport * from './adapters/indexeddb/index.ts';");
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain('adapters/indexeddb/index.ts');
  expect(inputs.filter((path) => /node_modules\/idb\//.test(path)).length).toBeGreaterThan(0);
  expect(inputs.filter((path) => path.startsWith('node:') || path.startsWith('adapters/sqlite') || path.startsWith('src/node/'))).toEqual([]);
  const output = Object.values(result.metafile.outputs)[0]!;
  expect(output.imports).toEqual([]);
  const code = result.outputFiles[0]!.contents;
  const gzipped = gzipSync(code).byteLength;
  console.log(`browser bundle (core + indexeddb): ${(code.byteLength / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  // The adapter's own share, idb included: about 8.5 KB minified.
  const adapterBytes = Object.entries(output.inputs)
    .filter(([path]) => path.startsWith('adapters/indexeddb/') || /node_modules\/idb\//.test(path))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  expect(adapterBytes).toBeGreaterThan(0);
  expect(adapterBytes).toBeLessThan(16_000);
}, 30_000);

it('fails that check for code that imports a Node built-in', async () => {
  await expect(browserBuild("import { createHash } from 'node:crypto';\nexport const hash = createHash('sha256');")).rejects.toThrow(/node:crypto/);
  await expect(browserBuild("import { readFileSync } from 'fs';\nexport const read = readFileSync;")).rejects.toThrow(/"fs"/);
}, 30_000);
