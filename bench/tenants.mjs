// Many organizations at once on one PostgreSQL database (`npm run bench:tenants`): TENANTS
// organizations (a board, POSTS posts and a write key each) and PROCESSES `feedback-board serve`
// processes on one throwaway cluster, reached over HTTP by CLIENTS concurrent clients sending API
// writes. A share STORM of all requests goes to one organization, nearly all to one post of it (a
// write storm); the rest is spread over the other organizations (see tenants-load.mjs).
//
// The same load runs under each write lock of `serve --db-write-lock`: 'store' (every write waits
// for every other) and 'organization' (writes of different organizations run at once). The locks
// take turns, ROUNDS times, SECONDS each time, so that both see the same moments of a shared
// machine; each turn starts its own serve processes and warms them up for WARMUP seconds first.
// Prints, per lock, write latency p50/p95/p99 and count for the storm organization and for the
// others, total writes per second, every answer that was not a success, and the CPU the serve
// processes, PostgreSQL and this load generator used per 1000 writes.
//
// The serve processes run with `--rate-limit off`: the bench measures the writes, and 120 requests
// per key per minute would refuse most of the storm's (429). Every non-2xx answer is listed.
//
// BENCH_TENANTS_ORGS, _POSTS, _PROCESSES, _CLIENTS, _STORM (a share, 0..1), _SECONDS, _WARMUP and
// _ROUNDS change the load. Run it under `nice` on a shared machine.
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedTenants } from './tenants-seed.mjs';
import { newTally, sendLoad } from './tenants-load.mjs';

const env = (name, fallback) => Number(process.env[`BENCH_TENANTS_${name}`] ?? fallback);
const TENANTS = env('ORGS', 1000);
const POSTS = env('POSTS', 4);
const PROCESSES = env('PROCESSES', 4);
const CLIENTS = env('CLIENTS', 32);
const STORM = env('STORM', 0.5);
const SECONDS = env('SECONDS', 15);
const WARMUP = env('WARMUP', 4);
const ROUNDS = env('ROUNDS', 2);
const LOCKS = ['store', 'organization'];
const STORM_INDEX = 0;
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}

/** CPU seconds by pid of this cluster's processes: its postmaster and the postmaster's children (not other clusters on the machine). */
function clusterCpu(cluster) {
  const postmaster = readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const children = execFileSync('ps', ['--ppid', postmaster, '-o', 'pid='], { encoding: 'utf8' }).trim().split(/\s+/);
  return new Map([postmaster, ...children].map((pid) => [pid, cpuOf(pid)]));
}

/** CPU used between two samples of clusterCpu (a backend that ended in between is not counted). */
const cpuBetween = (before, after) => [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);

function startServe(url, writeLock) {
  const args = [CLI, 'serve', '--port', '0', '--db', url, '--db-write-lock', writeLock, '--rate-limit', 'off', '--log', 'off'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    const reader = createInterface({ input: child.stdout });
    reader.on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) done({ child, api: `${match[1]}/api/v1` });
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
  });
}

async function stopAll(servers) {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((done) => (s.child.exitCode !== null ? done() : s.child.once('exit', done)))));
}

const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

const cluster = await startCluster();
try {
  const setup = new pg.Client({ connectionString: cluster.url });
  await setup.connect();
  await setup.query('CREATE DATABASE fb_bench_tenants');
  await setup.end();
  const url = new URL(cluster.url);
  url.pathname = '/fb_bench_tenants';
  const seedStarted = performance.now();
  const storage = await createPostgresStorage({ connectionString: url.toString() }, { maxConnections: 8 });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const tenants = await seedTenants(pool, storage, TENANTS, POSTS);
  await pool.query('VACUUM ANALYZE');
  await pool.end();
  await storage.close();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const totals = Object.fromEntries(LOCKS.map((lock) => [lock, { tally: newTally(), seconds: 0, serve: 0, postgres: 0, self: 0 }]));
  const loads = [loadavg()[0]];
  for (let round = 0; round < ROUNDS; round++) {
    for (const lock of LOCKS) {
      const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServe(url.toString(), lock)));
      const load = { servers, tenants, stormIndex: STORM_INDEX, storm: STORM, clients: CLIENTS };
      await sendLoad({ ...load, seconds: WARMUP, seed: 1 + round }); // connections, prepared statements, JIT
      const total = totals[lock];
      const serveBefore = servers.map((s) => cpuOf(s.child.pid));
      const pgBefore = clusterCpu(cluster);
      const selfBefore = process.cpuUsage();
      const started = performance.now();
      await sendLoad({ ...load, seconds: SECONDS, seed: 100 + round }, total.tally);
      total.seconds += (performance.now() - started) / 1000;
      total.serve += servers.reduce((sum, s, i) => sum + cpuOf(s.child.pid) - serveBefore[i], 0);
      total.postgres += cpuBetween(pgBefore, clusterCpu(cluster));
      const self = process.cpuUsage(selfBefore);
      total.self += (self.user + self.system) / 1e6;
      await stopAll(servers);
      loads.push(loadavg()[0]);
    }
  }

  const stormShare = `${Math.round(STORM * 100)}%`;
  console.log(
    `\n## ${TENANTS} organizations, ${PROCESSES} serve processes, one PostgreSQL (${CLIENTS} clients, ${stormShare} of requests to one organization's post; ` +
      `${ROUNDS} × ${SECONDS} s per lock; seeded in ${seedSeconds.toFixed(1)} s; load average ${loads.map((l) => l.toFixed(1)).join(' → ')})\n`,
  );
  console.log('| write lock | writes | ms p50 | p95 | p99 | not 2xx |');
  console.log('|---|---:|---:|---:|---:|---|');
  const rates = {};
  for (const lock of LOCKS) {
    for (const part of ['storm', 'other']) {
      const { ms, codes } = totals[lock].tally[part];
      const sorted = ms.sort((a, b) => a - b);
      const refused = Object.entries(codes).filter(([code]) => !code.startsWith('2')).map(([code, n]) => `${n} × ${code}`).join(', ') || 'none';
      const who = part === 'storm' ? 'the storm organization' : `the other ${TENANTS - 1}`;
      const cells = [quantile(sorted, 0.5), quantile(sorted, 0.95), quantile(sorted, 0.99)].map((v) => v.toFixed(1)).join(' | ');
      console.log(`| ${lock}: ${who} | ${sorted.length} | ${cells} | ${refused} |`);
    }
  }
  console.log('\n| write lock | writes/s | CPU s per 1000 writes: serve | PostgreSQL | load generator |');
  console.log('|---|---:|---:|---:|---:|');
  for (const lock of LOCKS) {
    const { tally, seconds, serve, postgres, self } = totals[lock];
    const done = tally.storm.ms.length + tally.other.ms.length;
    rates[lock] = done / seconds;
    const perK = (cpu) => ((cpu / done) * 1000).toFixed(2);
    console.log(`| ${lock} | ${rates[lock].toFixed(0)} | ${perK(serve)} | ${perK(postgres)} | ${perK(self)} |`);
  }
  console.log(`\norganization / store lock: ${(rates.organization / rates.store).toFixed(2)}× the writes per second (${availableParallelism()} cores, shared by PostgreSQL, the serve processes and the load generator)`);
} finally {
  cluster.stop();
}
