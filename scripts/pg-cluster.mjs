// A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder, a
// server on a free port of 127.0.0.1, stopped (and the folder removed) by `stop()`.
//
// `initdb` refuses to run as root, so when this process is root the cluster is made and run as the
// unprivileged `postgres` user (`runuser -u postgres`), in a folder that user owns. The binaries
// are found on PATH, else in the newest /usr/lib/postgresql/<version>/bin.
//
// Also a command: `node scripts/pg-cluster.mjs start DIR` starts a cluster in DIR (which it
// creates) and prints its URL; `node scripts/pg-cluster.mjs stop DIR` stops it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The folder holding `initdb`, `pg_ctl` and `postgres`, or null when PostgreSQL is not installed. */
export function findPostgresBin() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  // Through symbolic links to the real folder, which also holds the tools not linked (pg_basebackup).
  if (onPath.status === 0 && onPath.stdout.trim() !== '') return resolve(realpathSync(onPath.stdout.trim()), '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : join(root, versions[0], 'bin');
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a program, as the `postgres` user when this process is root (PostgreSQL and PgBouncer refuse root). */
export function runAsServerUser(file, args) {
  if (isRoot) return execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  return execFileSync(file, args, { stdio: 'pipe' });
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
function runPg(bin, program, args) {
  return runAsServerUser(join(bin, program), args);
}

/**
 * Starts a cluster in `dir` (created if missing; default a new temporary folder). Durability is
 * switched off (`fsync=off`): the cluster lives for one run, and its clean stop still writes
 * everything. Resolves with `{ url, dir, port, bin, stop(), restart(), kill() }`; `url` connects as
 * the superuser `postgres` to the database `postgres`.
 */
export async function startCluster(options = {}) {
  const bin = postgresBin();
  const dir = ownedDir(options.dir);
  const data = join(dir, 'data');
  runPg(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  return serveData(bin, dir, options.port ?? (await freePort()), options);
}

/**
 * Starts a streaming replica of `primary` (a cluster from {@link startCluster}): a base backup
 * (`pg_basebackup -R`, which writes the standby's connection settings) in a new temporary folder,
 * served read-only on a port of its own as a hot standby. Resolves with the same shape as
 * `startCluster`.
 */
export async function startReplica(primary, options = {}) {
  const bin = postgresBin();
  const dir = ownedDir(options.dir);
  const data = join(dir, 'data');
  runPg(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  return serveData(bin, dir, options.port ?? (await freePort()), options);
}

function postgresBin() {
  const bin = findPostgresBin();
  if (bin === null) {
    throw new Error(
      'PostgreSQL is not installed: install it (Debian: apt-get install postgresql) or set FEEDBACK_BOARD_TEST_PG_URL to a server to use',
    );
  }
  return bin;
}

/** `dir` (default a new temporary folder), created, and entered and owned by the server's user. */
export function ownedDir(wanted) {
  const dir = wanted ?? mkdtempSync(join(tmpdir(), 'fb-pg-'));
  mkdirSync(dir, { recursive: true });
  // mkdtemp makes the folder 0700 and owned by root: the postgres user must be able to enter it.
  chmodSync(dir, 0o755);
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** Serves the data folder `dir/data` on `port` and answers the cluster's controls. */
function serveData(bin, dir, port, options) {
  const data = join(dir, 'data');
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${options.maxConnections ?? 300}`,
  ].join(' ');
  const ctl = (args) => runPg(bin, 'pg_ctl', ['-D', data, ...args]);
  const start = () => ctl(['-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    port,
    bin,
    /** Stops the server at once (open connections are cut) and removes the folder. */
    stop() {
      if (running) ctl(['-m', 'immediate', '-w', 'stop']);
      running = false;
      if (!options.keep) rmSync(dir, { recursive: true, force: true });
    },
    /** Stops the server (fast shutdown: sessions are ended, then a clean stop); the folder stays. */
    halt() {
      if (running) ctl(['-m', 'fast', '-w', 'stop']);
      running = false;
    },
    /** Starts a halted server again on the same port. */
    resume() {
      if (!running) start();
      running = true;
    },
  };
}

/** Stops (at once) the cluster made by `startCluster({ dir })` and removes the folder. */
export function stopClusterIn(dir) {
  const bin = findPostgresBin();
  if (bin !== null && existsSync(join(dir, 'data', 'postmaster.pid'))) {
    runPg(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }
  rmSync(dir, { recursive: true, force: true });
}

// Command-line use, for CI scripts and benchmarks run by hand.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start' && dir !== undefined) {
    const cluster = await startCluster({ dir: resolve(dir), keep: true });
    process.stdout.write(`${cluster.url}\n`);
  } else if (command === 'stop' && dir !== undefined) {
    stopClusterIn(resolve(dir));
  } else {
    process.stderr.write('usage: node scripts/pg-cluster.mjs start|stop DIR\n');
    process.exit(2);
  }
}
