// Browser bundle size: `npm run bench` runs it after the timings. Bundles the core with the
// IndexedDB adapter from source as a browser application would (esbuild, platform browser,
// minified, ESM) and prints the minified size and the gzipped size (node:zlib, default level).
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  stdin: {
    contents: "export * from './src/index.ts';\nexport * from './adapters/indexeddb/index.ts';",
    resolveDir: root,
    loader: 'ts',
    sourcefile: 'browser-entry.ts',
  },
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  platform: 'browser',
  logLevel: 'silent',
});
const code = result.outputFiles[0].contents;
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`\nbrowser bundle (core + indexeddb): ${kb(code.byteLength)} KB minified, ${kb(gzipSync(code).byteLength)} KB gzipped (target ≤ 45 KB)`);

// The typed client as an application bundles it: minified, gzipped; it must carry no zod.
const client = await build({
  entryPoints: ['src/client/index.ts'],
  absWorkingDir: root,
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  logLevel: 'silent',
});
const clientCode = client.outputFiles[0].contents;
console.log(`client bundle (feedback-board/client): ${kb(clientCode.byteLength)} KB minified, ${kb(gzipSync(clientCode).byteLength)} KB gzipped (target ≤ 3.5 KB)`);

// The embeddable widget as a host page loads it: minified, gzipped; it must stay at most 10 KB.
const widget = await build({
  entryPoints: ['widget/index.ts'],
  absWorkingDir: root,
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  platform: 'browser',
  logLevel: 'silent',
});
const widgetCode = widget.outputFiles[0].contents;
console.log(`widget bundle (feedback-board/widget): ${kb(widgetCode.byteLength)} KB minified, ${kb(gzipSync(widgetCode).byteLength)} KB gzipped (target ≤ 10 KB)`);
