// The two trees `npm run bench:compare -- <rev>` compares: this working tree (with its uncommitted
// changes) and `<rev>`, each built to JavaScript only (no type declarations: a server needs none,
// and they take most of a full build's time) in a cache folder of its own.
//
// `<rev>` is extracted with `git archive` into `$TMPDIR/feedback-board-compare/rev-<sha>`, so no
// worktree is left registered in the repository, and the build is kept there, keyed by the
// commit, for the next comparison against the same commit. Its `node_modules` is this tree's (a
// symlink) when every package `<rev>`'s lockfile pins is pinned at the same version here, so both
// trees run the very same dependencies; otherwise `npm ci` installs `<rev>`'s own.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(tmpdir(), 'feedback-board-compare');

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** True when every package of lockfile `theirs` is pinned at the same version in lockfile `ours`. */
export function lockfileCovers(ours, theirs) {
  const have = ours.packages ?? {};
  return Object.entries(theirs.packages ?? {}).every(([path, entry]) => path === '' || have[path]?.version === entry.version);
}

/** Builds the JavaScript of the tree at `dir` into `outDir` with the tree's own tsup and config. */
function buildJs(dir, outDir) {
  const script = `const { build } = await import('tsup');
await build({ outDir: ${JSON.stringify(outDir)}, dts: false, sourcemap: false, onSuccess: undefined, silent: true });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** A built tree: a label for the tables, its folder, and the folder of its built JavaScript. */
function tree(label, dir, dist) {
  return { label, dir, dist, cli: join(dist, 'cli', 'main.js') };
}

/**
 * This working tree, built into a cache folder beside a copy of its package.json (for ESM) and a
 * link to its node_modules, so the tree's own `dist/` (with its declarations) is left alone.
 */
export function buildThisTree() {
  const home = join(CACHE, `this-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);
  mkdirSync(home, { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(home, 'package.json'));
  if (!existsSync(join(home, 'node_modules'))) symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(home, 'node_modules'), 'dir');
  const dist = join(home, 'dist');
  buildJs(ROOT, dist);
  return tree('this tree', ROOT, dist);
}

/** Resolves `rev` to a commit, or throws with git's own message. */
export function resolveRev(rev) {
  try {
    return git('rev-parse', '--verify', '--quiet', `${rev}^{commit}`);
  } catch {
    throw new Error(`bench:compare: "${rev}" names no commit of this repository`);
  }
}

/** `<rev>` extracted and built (or found built) in its cache folder. */
export function buildRev(rev, { fresh = false, log = console.log } = {}) {
  const sha = resolveRev(rev);
  const dir = join(CACHE, `rev-${sha}`);
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const theirs = JSON.parse(git('show', `${sha}:package-lock.json`));
  const shared = lockfileCovers(ours, theirs);
  const marker = join(dir, '.bench-compare-built');
  const want = shared ? 'shared node_modules' : 'own node_modules';
  const label = `${rev === sha ? sha.slice(0, 10) : rev} (${sha.slice(0, 7)})`;
  if (!fresh && existsSync(marker) && readFileSync(marker, 'utf8') === want) {
    log(`${label}: built before, in ${dir}`);
    return { ...tree(label, dir, join(dir, 'dist')), sha };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (shared) {
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'), 'dir');
  } else {
    log(`${label}: its lockfile pins packages this tree does not have; npm ci (takes a few minutes)`);
    try {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    } catch {
      // Some released lockfiles lack the optional packages of other platforms (an npm defect), and
      // npm ci refuses them as out of sync; npm install keeps every version they do pin.
      log(`${label}: npm ci refused its lockfile; npm install with that lockfile instead`);
      execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    }
  }
  log(`${label}: building its JavaScript in ${dir} (${want})`);
  buildJs(dir, join(dir, 'dist'));
  writeFileSync(marker, want);
  return { ...tree(label, dir, join(dir, 'dist')), sha };
}

/** True when commit `sha` is an ancestor of this tree's HEAD (so its schema is the older one). */
export function isAncestorOfHead(sha) {
  try {
    git('merge-base', '--is-ancestor', sha, 'HEAD');
    return true;
  } catch {
    return false;
  }
}
