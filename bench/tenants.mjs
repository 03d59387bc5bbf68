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
// Each lock also runs with one slow transaction: a session of its own holds a post of another
// organization, the slow one, `FOR UPDATE` for HOLD_MS at a time, over and over (a slow job, an
// administrator's open psql session), while SLOW_CLIENTS more clients keep writing to that post
// (so the slow organization's writes queue behind it, in every process). The other organizations'
// latency with and without it is the point: one slow organization must not slow them. The slow
// organization's requests are counted apart; without the slow transaction they are as quick as
// the others'.
//
// BENCH_TENANTS_ORGS, _POSTS, _PROCESSES, _CLIENTS, _STORM (a share, 0..1), _SECONDS, _WARMUP,
// _ROUNDS, _HOLD_MS and _SLOW_CLIENTS change the load; BENCH_TENANTS_CLI runs another build's CLI (an older
// version built in a folder of its own, to compare). Run it under `nice` on a shared machine.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import pg from 'pg';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { cpuBetween, clusterCpu, cpuOf } from './process-cpu.mjs';
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
const HOLD_MS = env('HOLD_MS', 5000);
const SLOW_CLIENTS = env('SLOW_CLIENTS', 4);
const LOCKS = ['store', 'organization'];
/** Each run: a write lock, and whether one slow transaction holds the storm's post. */
const RUNS = LOCKS.flatMap((lock) => [{ lock, held: false }, { lock, held: true }]);
const runName = ({ lock, held }) => `${lock}${held ? ', slow transaction' : ''}`;
const STORM_INDEX = 0;
const SLOW_INDEX = 1;
const CLI = resolve(process.env.BENCH_TENANTS_CLI ?? resolve(import.meta.dirname, '../dist/cli/main.js'));

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

/**
 * Holds post `postId` `FOR UPDATE` in a session of its own for HOLD_MS at a time, releasing it for
 * 50 ms in between, until `stop()` (which resolves once the row is free).
 */
function holdRow(url, postId) {
  let running = true;
  const done = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        await client.query('BEGIN');
        await client.query('SELECT id FROM fb_posts WHERE id = $1 FOR UPDATE', [postId]);
        const until = performance.now() + HOLD_MS;
        while (running && performance.now() < until) await new Promise((wake) => setTimeout(wake, 50));
        await client.query('COMMIT');
        await new Promise((wake) => setTimeout(wake, 50));
      }
    } finally {
      await client.end();
    }
  })();
  return { stop: () => ((running = false), done) };
}

/** One run's load on fresh serve processes (stopped however it ends), added to `total`. */
async function measure(run, round, url, tenants, total) {
  const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServe(url, run.lock)));
  try {
    const load = { servers, tenants, stormIndex: STORM_INDEX, slowIndex: SLOW_INDEX, storm: STORM, clients: CLIENTS, slowClients: SLOW_CLIENTS };
    await sendLoad({ ...load, seconds: WARMUP, seed: 1 + round }); // connections, prepared statements, JIT
    const slow = run.held ? holdRow(url, tenants[SLOW_INDEX].posts[0]) : undefined;
    const serveBefore = servers.map((s) => cpuOf(s.child.pid));
    const pgBefore = clusterCpu(cluster);
    const selfBefore = process.cpuUsage();
    const started = performance.now();
    await sendLoad({ ...load, seconds: SECONDS, seed: 100 + round }, total.tally);
    total.seconds += (performance.now() - started) / 1000;
    await slow?.stop();
    total.serve += servers.reduce((sum, s, i) => sum + cpuOf(s.child.pid) - serveBefore[i], 0);
    total.postgres += cpuBetween(pgBefore, clusterCpu(cluster));
    const self = process.cpuUsage(selfBefore);
    total.self += (self.user + self.system) / 1e6;
  } finally {
    await stopAll(servers);
  }
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

  const totals = Object.fromEntries(RUNS.map((run) => [runName(run), { tally: newTally(), seconds: 0, serve: 0, postgres: 0, self: 0 }]));
  const loads = [loadavg()[0]];
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of RUNS) {
      await measure(run, round, url.toString(), tenants, totals[runName(run)]);
      loads.push(loadavg()[0]);
    }
  }

  const stormShare = `${Math.round(STORM * 100)}%`;
  console.log(
    `\n## ${TENANTS} organizations, ${PROCESSES} serve processes, one PostgreSQL (${CLIENTS} clients, ${stormShare} of requests to one organization's post; ` +
      `${ROUNDS} × ${SECONDS} s per run; a slow transaction holds another organization's post ${HOLD_MS} ms at a time while ${SLOW_CLIENTS} more clients write to it; ` +
      `seeded in ${seedSeconds.toFixed(1)} s; ` +
      `load average ${loads.map((l) => l.toFixed(1)).join(' → ')})\n`,
  );
  console.log('| run | writes | ms p50 | p95 | p99 | not 2xx |');
  console.log('|---|---:|---:|---:|---:|---|');
  const rates = {};
  for (const name of RUNS.map(runName)) {
    for (const part of ['storm', 'other', 'slow']) {
      const { ms, codes } = totals[name].tally[part];
      const sorted = ms.sort((a, b) => a - b);
      const refused = Object.entries(codes).filter(([code]) => !code.startsWith('2')).map(([code, n]) => `${n} × ${code}`).join(', ') || 'none';
      const who = { storm: 'the storm organization', other: `the other ${TENANTS - 2}`, slow: 'the slow organization' }[part];
      const cells = [quantile(sorted, 0.5), quantile(sorted, 0.95), quantile(sorted, 0.99)].map((v) => v.toFixed(1)).join(' | ');
      console.log(`| ${name}: ${who} | ${sorted.length} | ${cells} | ${refused} |`);
    }
  }
  console.log('\n| run | writes/s | CPU s per 1000 writes: serve | PostgreSQL | load generator |');
  console.log('|---|---:|---:|---:|---:|');
  for (const name of RUNS.map(runName)) {
    const { tally, seconds, serve, postgres, self } = totals[name];
    const done = tally.storm.ms.length + tally.other.ms.length + tally.slow.ms.length;
    rates[name] = done / seconds;
    const perK = (cpu) => ((cpu / done) * 1000).toFixed(2);
    console.log(`| ${name} | ${rates[name].toFixed(0)} | ${perK(serve)} | ${perK(postgres)} | ${perK(self)} |`);
  }
  console.log(`\norganization / store lock: ${(rates.organization / rates.store).toFixed(2)}× the writes per second (${availableParallelism()} cores, shared by PostgreSQL, the serve processes and the load generator)`);
  for (const lock of LOCKS) {
    const median = (name) => quantile(totals[name].tally.other.ms, 0.5);
    const ratio = median(runName({ lock, held: true })) / median(lock);
    console.log(`${lock}: the other organizations' median write with the slow transaction / without it: ${ratio.toFixed(2)}×`);
  }
} finally {
  cluster.stop();
}
