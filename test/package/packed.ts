/**
 * The package as `npm pack` makes it from dist/. The build must be fresh and hold the type
 * declarations: `npm test` builds them first (scripts/build.mjs --if-stale --types), as does
 * `npm run build`. The tests pack with `--ignore-scripts` and never rebuild dist/ themselves, since
 * other suites of the same run execute it meanwhile (`prepack` would empty it first).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildNeeded } from '../../scripts/build.mjs';

export const ROOT = join(import.meta.dirname, '../..');

/** One packed file, as `npm pack --json` lists it. */
export interface PackedFile {
  path: string;
  size: number;
}

/** What `npm pack --json` reports of the tarball it wrote. */
export interface Packed {
  /** The tarball's path. */
  tarball: string;
  /** The tarball's size in bytes. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: PackedFile[];
}

/** Fails unless dist/ is the build of today's sources with its declarations. */
export function assertFreshBuild(): void {
  const needed = buildNeeded(ROOT, { ifStale: true, types: true });
  if (needed !== 'nothing') {
    throw new Error(`dist/ is not a build of the current sources with type declarations (it needs: ${needed}); run "npm run build" (npm test does) first`);
  }
}

/** Packs the package into `dir` (nothing is rebuilt) and returns npm's report. */
export function packInto(dir: string): Packed {
  assertFreshBuild();
  const packed = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [report] = JSON.parse(packed.stdout) as Array<Omit<Packed, 'tarball'> & { filename: string }>;
  const { filename, size, unpackedSize, entryCount, files } = report!;
  return { tarball: join(dir, filename), size, unpackedSize, entryCount, files: files.map(({ path, size: bytes }) => ({ path, size: bytes })) };
}
