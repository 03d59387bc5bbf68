// The servers of `bench:compare`: a `serve` of each tree (or the Hono peer) as a child process on
// its own copy of the seeded SQLite file, and the CPU time the process has used, read from
// /proc so that a figure per request survives a machine shared with other work.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, truncateSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { basename, join } from 'node:path';
import { ROOT } from './trees.mjs';

const CLOCK_TICKS = 100;

/** The servers running, stopped if the comparison is interrupted (Ctrl-C), so none outlives it. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

/** Keeps `child` in the servers stopped on an interrupt until it exits; returns it. */
export function tracked(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * CPU seconds (user + system, all threads) process `pid` has used, or NaN where /proc is absent.
 * Fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second on Linux).
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts `node args...` with its stderr (the request log) appended to `logFile`, as a log
 * collector's file would take it; resolves once it prints `listening on URL`. Its stdout keeps
 * being read, so a line printed later never blocks it.
 */
function start(name, args, logFile) {
  const log = openSync(logFile, 'a');
  const child = tracked(spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', log] }));
  closeSync(log);
  return new Promise((resolve, reject) => {
    const failed = (code) => reject(new Error(`${name} exited with ${code} before listening; its stderr is in ${logFile}`));
    child.once('exit', failed);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (!match) return;
      child.off('exit', failed);
      resolve({
        name,
        url: match[1],
        pid: child.pid,
        /** Empties the log file between runs, so a long comparison does not fill the disk. */
        clearLog: () => truncateSync(logFile, 0),
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))),
      });
    });
  });
}

/** Node's arguments for `serve` of `tree` on `dbFile` at the defaults but for the rate limit, plus `extraArgs`. */
export function serveArgs(tree, dbFile, extraArgs = []) {
  return [tree.cli, 'serve', '--db', dbFile, '--port', '0', '--rate-limit', 'off', ...extraArgs];
}

/** `serve` of `tree` on `dbFile` (see {@link serveArgs}). */
export function startServe(tree, dbFile, dir, extraArgs = []) {
  return start(tree.label, serveArgs(tree, dbFile, extraArgs), join(dir, `${basename(dbFile)}.log`));
}

/** Node's arguments for the hand-written Hono + better-sqlite3 peer (bench/peers/hono-server.mjs) on `dbFile`. */
export function honoArgs(dbFile) {
  return [join(ROOT, 'bench/peers/hono-server.mjs'), dbFile];
}

/** The Hono peer on `dbFile`. */
export function startHono(dbFile, dir) {
  return start('Hono + better-sqlite3', honoArgs(dbFile), join(dir, 'hono.log'));
}
