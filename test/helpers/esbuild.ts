/** The browser build the bundle tests make: esbuild, minified ESM for platform `browser`, from TS source. */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const options = (contents: string) =>
  ({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'browser-entry.ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: 'silent',
  }) satisfies BuildOptions;

/** Bundles `contents` (a module in the repository's root) for the browser into one file, with a metafile. */
export const browserBuild = (contents: string) => build(options(contents));

/** Files of a split build, as an application's bundler serves them. */
export interface ChunkSet {
  /** Their modules with bytes in the output (a module can be read and then shaken away entirely). */
  inputs: string[];
  /** Their code, one file after another. */
  text: string;
  /** Their minified bytes, summed. */
  bytes: number;
  /**
   * Their gzipped bytes (node:zlib, default level) as one file: what a bundler that keeps the
   * entry's modules in one chunk (Rollup, Vite) serves. esbuild cuts the shared code into many
   * small files instead, which gzip less well each.
   */
  gzipped: number;
  /** The bare or external imports they make (none: a bundle imports only its own chunks). */
  external: string[];
}

/**
 * Bundles `contents` for the browser with code splitting, as an application's bundler treats the
 * package's `import()`s: `initial` is what loading the entry loads (the entry chunk and the chunks
 * it imports statically), `lazy` the chunks only an `import()` loads, on the first call that needs one.
 */
export async function browserChunks(contents: string): Promise<{ initial: ChunkSet; lazy: ChunkSet; metafile: Metafile }> {
  const result = await build({ ...options(contents), splitting: true, outdir: 'out' });
  const outputs = result.metafile.outputs;
  const files = new Map(result.outputFiles.map((file) => [file.path.slice(ROOT.length), file]));
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'browser-entry.ts')!;
  const initial = new Set<string>();
  for (const queue = [entry]; queue.length > 0; ) {
    const path = queue.pop()!;
    if (initial.has(path)) continue;
    initial.add(path);
    for (const { path: imported, kind } of outputs[path]!.imports) if (kind === 'import-statement' && outputs[imported]) queue.push(imported);
  }
  const setOf = (paths: string[]): ChunkSet => {
    const set: ChunkSet = { inputs: [], text: '', bytes: 0, gzipped: 0, external: [] };
    const contents: Uint8Array[] = [];
    for (const path of paths) {
      const output = outputs[path]!;
      set.inputs.push(...Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([input]) => input));
      set.external.push(...output.imports.filter((imported) => !outputs[imported.path]).map((imported) => imported.path));
      const file = files.get(path)!;
      set.text += file.text;
      set.bytes += file.contents.byteLength;
      contents.push(file.contents);
    }
    set.gzipped = gzipSync(Buffer.concat(contents)).byteLength;
    return set;
  };
  const all = Object.keys(outputs).filter((path) => path.endsWith('.js'));
  return { initial: setOf([...initial]), lazy: setOf(all.filter((path) => !initial.has(path))), metafile: result.metafile };
}
