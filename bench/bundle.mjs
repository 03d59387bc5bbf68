// Browser bundle size: `npm run bench` runs it after the timings. Bundles the core with the
// IndexedDB adapter from source as a browser application would (esbuild, platform browser,
// minified, ESM, split where the core calls import()) and prints what loading it loads: the entry
// and the chunks it imports, minified and gzipped as one file (node:zlib, default level), as a
// bundler that keeps the entry's modules in one chunk serves them; and the chunks loaded later, on
// the first call of a function that needs one.
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
  absWorkingDir: root,
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  platform: 'browser',
  splitting: true,
  outdir: 'out',
  metafile: true,
  logLevel: 'silent',
});
const outputs = result.metafile.outputs;
const files = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), file.contents]));
const initial = new Set();
for (const queue = [Object.keys(outputs).find((path) => outputs[path].entryPoint === 'browser-entry.ts')]; queue.length > 0; ) {
  const path = queue.pop();
  if (initial.has(path)) continue;
  initial.add(path);
  for (const { path: imported, kind } of outputs[path].imports) if (kind === 'import-statement') queue.push(imported);
}
const code = Buffer.concat([...initial].map((path) => files.get(path)));
const later = [...files].filter(([path]) => !initial.has(path)).reduce((sum, [, contents]) => sum + contents.byteLength, 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `\nbrowser bundle (core + indexeddb): ${kb(code.byteLength)} KB minified, ${kb(gzipSync(code).byteLength)} KB gzipped (target ≤ 42 KB); ` +
    `${kb(later)} KB minified loaded on first calls`,
);

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
