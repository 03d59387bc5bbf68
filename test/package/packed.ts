/**
 * The package as `npm pack` makes it from dist/, which must be a fresh build with the type
 * declarations (see assertFreshBuild). The tests pack with `--ignore-scripts`: `prepack` would
 * rebuild dist/, emptying it first, while other suites run from it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { assertFreshBuild } from '../helpers/fresh-build.js';

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

/** Packs the package into `dir` (nothing is rebuilt) and returns npm's report. */
export function packInto(dir: string): Packed {
  assertFreshBuild();
  const packed = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [report] = JSON.parse(packed.stdout) as Array<Omit<Packed, 'tarball'> & { filename: string }>;
  const { filename, size, unpackedSize, entryCount, files } = report!;
  return { tarball: join(dir, filename), size, unpackedSize, entryCount, files: files.map(({ path, size: bytes }) => ({ path, size: bytes })) };
}
