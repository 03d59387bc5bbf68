/** The browser build the bundle tests make: esbuild, minified ESM for platform `browser`, from TS source. */
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `contents` (a module in the repository's root) for the browser, with a metafile. */
export const browserBuild = (contents: string) =>
  build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'browser-entry.ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  } satisfies BuildOptions);
