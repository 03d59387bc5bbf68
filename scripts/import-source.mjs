/**
 * Reads an export of a TypeScript source of the package without a build: the source is bundled
 * next to this script with esbuild (so that its packages resolve), imported, and the bundle
 * removed. The derive scripts read the operation table and the tables' declaration this way.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The export `name` of `source` (a path from the repository root). */
export async function importSource(source, name) {
  const { build } = await import('esbuild');
  const bundle = fileURLToPath(new URL(`./.source-${process.pid}-${name}.mjs`, import.meta.url));
  const entry = fileURLToPath(new URL(`../${source}`, import.meta.url));
  await build({ entryPoints: [entry], outfile: bundle, bundle: true, format: 'esm', platform: 'neutral', packages: 'external', logLevel: 'error' });
  try {
    return (await import(pathToFileURL(bundle).href))[name];
  } finally {
    await rm(bundle, { force: true });
  }
}
