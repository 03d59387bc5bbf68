#!/usr/bin/env node
/**
 * Builds dist/ with tsup (tsup.config.ts), whole or only when the sources changed since the last
 * build. Running the package needs only the JavaScript, which esbuild writes in a second or two;
 * the type declarations take half a minute and are needed only to pack the package and by the
 * tests of the packed package.
 *
 *   node scripts/build.mjs                      JavaScript and declarations, always (npm run build, prepack)
 *   node scripts/build.mjs --if-stale           the JavaScript, if stale; silent unless it fails (npm start)
 *   node scripts/build.mjs --if-stale --types   the same with declarations, if they are missing (npm test)
 *
 * Staleness: a fingerprint of every build input's path, size and modification time (directories
 * too, so a deleted or renamed file counts; npm's record of node_modules by its content) is written
 * to dist/.build-stamp.json after a build that succeeded, with whether it made declarations; a build is skipped only while the fingerprint is
 * unchanged. A JavaScript build empties dist/ first, declarations included, so dist/ always holds
 * one build.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads, relative to the package root: production folders and build settings. */
export const BUILD_INPUTS = [
  'src',
  'adapters',
  'cli',
  'mcp',
  'mock-server',
  'testing',
  'widget',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsup.config.ts',
  'scripts/build.mjs',
];

/**
 * Inputs compared by content, as npm rewrites its record of what node_modules holds on every
 * install, whether or not that changed anything.
 */
export const CONTENT_INPUTS = ['node_modules/.package-lock.json'];

/** Where a successful build leaves its fingerprint (`files` in package.json keeps it out of the package). */
export const STAMP = 'dist/.build-stamp.json';

/** What tsup reads of package.json: the packages it leaves out of the bundle. */
const MANIFEST_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * Adds to `hash` the path, size and modification time of each of `inputs` (relative to `root`)
 * and of everything under those that are folders, as far as `keep(name, isFolder)` lets in.
 * With `folders`, the folders' own too, so that a file deleted or renamed beside the kept ones
 * counts; a kept file deleted or added counts either way.
 */
export function hashFiles(hash, root, inputs, { keep = () => true, folders = true } = {}) {
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(join(root, path));
    } catch {
      hash.update(`${path}\tmissing\n`);
      return;
    }
    const folder = stat.isDirectory();
    if (!folder || folders) hash.update(`${path}\t${stat.size}\t${stat.mtimeMs}\n`);
    if (!folder) return;
    for (const entry of readdirSync(join(root, path), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (keep(entry.name, entry.isDirectory())) visit(`${path}/${entry.name}`);
    }
  };
  for (const input of inputs) visit(input);
}

/** Adds to `hash` a digest of the content of each of `files` (relative to `root`), or that it is missing. */
export function hashContents(hash, root, files) {
  for (const file of files) {
    try {
      hash.update(`${file}\t${createHash('sha256').update(readFileSync(join(root, file))).digest('hex')}\n`);
    } catch {
      hash.update(`${file}\tmissing\n`);
    }
  }
}

/**
 * A digest of the path, size and modification time of every file and folder under `inputs`, of
 * the content of {@link CONTENT_INPUTS} and of the fields of package.json the build reads (so
 * editing its scripts rebuilds nothing).
 */
export function fingerprint(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  } catch {
    // No package.json, or a broken one: tsup will say so.
  }
  hash.update(`${JSON.stringify(MANIFEST_FIELDS.map((field) => manifest[field] ?? null))}\n`);
  hashFiles(hash, root, inputs);
  hashContents(hash, root, CONTENT_INPUTS);
  return hash.digest('hex');
}

/** The stamp of the last successful build in `root`, or undefined. */
function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What a build in `root` must make: `'all'` (JavaScript and declarations), `'js'`, `'types'`
 * (declarations beside fresh JavaScript) or `'nothing'`.
 */
export function buildNeeded(root, { ifStale, types }) {
  if (!ifStale) return 'all';
  const stamp = readStamp(root);
  if (stamp?.fingerprint !== fingerprint(root)) return types ? 'all' : 'js';
  return types && stamp.types !== true ? 'types' : 'nothing';
}

/**
 * The tsconfig the declarations are made with: `tsconfig.build.json` (the published sources only)
 * where there is one, else `tsconfig.json`.
 */
function declarationConfig(root) {
  const build = join(root, 'tsconfig.build.json');
  return existsSync(build) ? build : join(root, 'tsconfig.json');
}

/** The `entry` of the tsup config in `root` (tsup.config.ts, bundled by esbuild to be imported here). */
async function tsupEntries(root) {
  const { build: esbuild } = await import('esbuild');
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const bundled = join(cache, `tsup-config-${process.pid}.mjs`);
  try {
    await esbuild({ entryPoints: [join(root, 'tsup.config.ts')], outfile: bundled, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'silent' });
    const config = (await import(pathToFileURL(bundled).href)).default;
    return config.entry;
  } finally {
    rmSync(bundled, { force: true });
  }
}

/**
 * The type declarations of every entry, bundled per entry beside the JavaScript (dist/index.d.ts
 * and the chunks they share). The TypeScript compiler writes each source's declarations into a
 * scratch folder in one run, then tsup bundles those: a quarter of the time of tsup bundling from
 * the sources, which made and type-checked a program of its own and then checked each file
 * again as it wrote its declarations (about 140 CPU-seconds for this package, against 35).
 */
async function declarations(root, tsup, silent) {
  const entries = await tsupEntries(root);
  if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) {
    // Only an entry map names each output; otherwise tsup makes the declarations from the sources.
    await tsup({ dts: { only: true }, silent });
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'fb-declarations-'));
  try {
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', declarationConfig(root), '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--outDir', scratch, '--rootDir', root],
      { cwd: root, encoding: 'utf8' },
    );
    if (tsc.status !== 0) {
      process.stderr.write(`${tsc.stdout}${tsc.stderr}`);
      throw new Error('the type declarations failed to build');
    }
    const entry = Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, join(scratch, source.replace(/\.[cm]?tsx?$/, '.d.ts'))]));
    await tsup({ dts: { only: true, entry }, silent });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  renameDeclarationChunks(join(root, 'dist'));
}

/**
 * Chunks bundled from declaration files are named after them (`board.d-<hash>.d.ts`); they are
 * renamed as chunks made from sources are (`board-<hash>.d.ts`), and the imports with them.
 */
function renameDeclarationChunks(dist) {
  const files = readdirSync(dist, { recursive: true }).filter((file) => file.endsWith('.d.ts'));
  const renamed = files.filter((file) => /\.d-[\w-]+\.d\.ts$/.test(file));
  if (renamed.length === 0) return;
  for (const file of files) {
    const path = join(dist, file);
    const text = readFileSync(path, 'utf8');
    const next = text.replace(/\.d-([\w-]+)\.js(['"])/g, '-$1.js$2');
    if (next !== text) writeFileSync(path, next);
  }
  for (const file of renamed) renameSync(join(dist, file), join(dist, file.replace(/\.d-([\w-]+)\.d\.ts$/, '-$1.d.ts')));
}

/** Builds what {@link buildNeeded} says; resolves with it. Rejects when tsup fails (it prints why). */
export async function build(root, { ifStale = false, types = true } = {}) {
  const needed = buildNeeded(root, { ifStale, types });
  if (needed === 'nothing') return needed;
  const print = fingerprint(root);
  rmSync(join(root, STAMP), { force: true });
  const { build: tsup } = await import('tsup');
  // tsup reads tsup.config.ts from the working directory; the options given here override it.
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const silent = ifStale;
    if (needed !== 'types') await tsup({ dts: false, silent });
    if (needed !== 'js') await declarations(root, tsup, silent);
  } finally {
    process.chdir(cwd);
  }
  writeFileSync(join(root, STAMP), `${JSON.stringify({ fingerprint: print, types: needed !== 'js' })}\n`);
  return needed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--if-stale' && arg !== '--types');
  if (unknown.length > 0) {
    console.error(`scripts/build.mjs: unknown option ${unknown[0]} (options: --if-stale, --types)`);
    process.exit(2);
  }
  const ifStale = args.includes('--if-stale');
  await build(process.cwd(), { ifStale, types: !ifStale || args.includes('--types') }).catch(() => {
    process.exitCode = 1;
  });
}
