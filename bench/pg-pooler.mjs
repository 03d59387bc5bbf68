// `serve` through PgBouncer in transaction mode against a direct connection (`npm run
// bench:pooler`): one throwaway cluster, PgBouncer in front of it (pool_mode = transaction, the
// default ignore_startup_parameters), a board of 10k posts. Each configuration runs PROCESSES
// fresh `serve` processes, warmed up, then CONCURRENCY clients (round robin over the processes)
// send one kind of request for SECONDS: GET one post, then create a post. The configurations take
// turns ROUNDS times, so that each sees the same moments of a shared machine; the table gives
// each run's requests per second, their median, the median latency, and the CPU the serve
// processes, PostgreSQL and PgBouncer used per 1000 requests (steadier than the rates when other
// work shares the machine).
//
// Configurations: `direct` (--db on the server), `direct, pooler rules` (--db on the server with
// --db-pooler transaction: what unnamed statements and per-transaction timeouts cost without the
// extra hop) and `pooler` (--db through PgBouncer, --db-pooler transaction) of this build; with BENCH_POOLER_BASE_CLI (another build's dist/cli/main.js, built
// in a folder of its own), also `direct, base` with that build, to compare a change against it.
//
// BENCH_POOLER_SECONDS, _CONCURRENCY, _PROCESSES and _ROUNDS change the load. Run it under `nice`
// on a shared machine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { startPgbouncer } from '../scripts/pgbouncer.mjs';
import { cpuBetween, clusterCpu, cpuOf } from './process-cpu.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';

const env = (name, fallback) => Number(process.env[`BENCH_POOLER_${name}`] ?? fallback);
const SECONDS = env('SECONDS', 8);
const CONCURRENCY = env('CONCURRENCY', 16);
const PROCESSES = env('PROCESSES', 2);
const ROUNDS = env('ROUNDS', 3);
const POSTS = 10_000;
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const BASE_CLI = process.env.BENCH_POOLER_BASE_CLI;
const LOADS = ['get one post', 'create a post'];

function startServe(cli, args) {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--rate-limit', 'off', '--log', 'off', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    const reader = createInterface({ input: child.stdout });
    reader.once('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) done({ child, api: `${match[1]}/api/v1` });
      else fail(new Error(line));
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
  });
}

async function stopAll(servers) {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((done) => (s.child.exitCode !== null ? done() : s.child.once('exit', done)))));
}

/** Sends `load` for `seconds`; resolves with the successful answers' count and latencies (ms), and the failures. */
async function send(servers, key, load, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const ms = [];
  let failed = 0;
  const headers = { authorization: `Bearer ${key}` };
  const client = async (c) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const api = servers[(c + i) % servers.length].api;
      const started = performance.now();
      const res =
        load === 'get one post'
          ? await fetch(`${api}/boards/bench/posts/${1 + ((c * 7919 + i * 104729) % POSTS)}`, { headers })
          : await fetch(`${api}/boards/bench/posts`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `load ${c}-${i}` }),
            });
      await res.arrayBuffer();
      if (res.ok) ms.push(performance.now() - started);
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => client(c)));
  return { ms, failed };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

const cluster = await startCluster();
let bouncer;
try {
  const setup = new pg.Client({ connectionString: cluster.url });
  await setup.connect();
  await setup.query('CREATE DATABASE fb_bench_pooler');
  await setup.end();
  const direct = new URL(cluster.url);
  direct.pathname = '/fb_bench_pooler';
  const storage = await createPostgresStorage({ connectionString: direct.toString() });
  const board = createFeedbackBoard({ storage });
  // Seeding runs statements longer than the adapter's timeouts allow a request: a pool of its own.
  const seedPool = new pg.Pool({ connectionString: direct.toString(), max: 1 });
  const { key } = await seedPostgresBoard(board, seedPool, POSTS);
  await seedPool.query('VACUUM ANALYZE');
  await seedPool.end();
  await board.close();
  bouncer = await startPgbouncer({ host: '127.0.0.1', port: cluster.port });

  const configs = [
    { name: 'direct', cli: CLI, args: ['--db', direct.toString()] },
    // The pooler's rules (unnamed statements, timeouts per transaction) without the pooler: what the
    // rules cost, apart from the extra hop.
    { name: 'direct, pooler rules', cli: CLI, args: ['--db', direct.toString(), '--db-pooler', 'transaction'] },
    { name: 'pooler', cli: CLI, args: ['--db', bouncer.url('fb_bench_pooler'), '--db-pooler', 'transaction'] },
    ...(BASE_CLI === undefined ? [] : [{ name: 'direct, base', cli: resolve(BASE_CLI), args: ['--db', direct.toString()] }]),
  ];
  const runs = Object.fromEntries(
    configs.flatMap((c) => LOADS.map((load) => [`${c.name}/${load}`, { rates: [], ms: [], failed: 0, done: 0, serve: 0, postgres: 0, pooler: 0 }])),
  );
  const bouncerPid = readFileSync(`${bouncer.dir}/pgbouncer.pid`, 'utf8').trim();
  const loads = [loadavg()[0]];
  for (let round = 0; round < ROUNDS; round++) {
    for (const config of configs) {
      const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServe(config.cli, config.args)));
      try {
        for (const load of LOADS) {
          await send(servers, key, load, 2); // connections, prepared statements, JIT
          const serveBefore = servers.map((s) => cpuOf(s.child.pid));
          const postgresBefore = clusterCpu(cluster);
          const poolerBefore = cpuOf(bouncerPid);
          const started = performance.now();
          const { ms, failed } = await send(servers, key, load, SECONDS);
          const run = runs[`${config.name}/${load}`];
          run.rates.push(ms.length / ((performance.now() - started) / 1000));
          run.ms.push(...ms);
          run.failed += failed;
          run.done += ms.length;
          run.serve += servers.reduce((sum, s, i) => sum + cpuOf(s.child.pid) - serveBefore[i], 0);
          run.postgres += cpuBetween(postgresBefore, clusterCpu(cluster));
          run.pooler += cpuOf(bouncerPid) - poolerBefore;
        }
      } finally {
        await stopAll(servers);
      }
      loads.push(loadavg()[0]);
    }
  }

  console.log(
    `\n## serve through PgBouncer (transaction mode) and directly (${PROCESSES} processes, ${CONCURRENCY} clients, ${ROUNDS} × ${SECONDS} s per ` +
      `configuration and request, taking turns; ${availableParallelism()} cores shared with PostgreSQL, PgBouncer and the load generator; ` +
      `load average ${loads.map((l) => l.toFixed(1)).join(' → ')})\n`,
  );
  console.log('| configuration | request | requests/s (median) | each run | ms p50 | failed | CPU ms per request: serve | PostgreSQL | PgBouncer |');
  console.log('|---|---|---:|---|---:|---:|---:|---:|---:|');
  const perRequest = (run, cpu) => ((cpu / run.done) * 1000).toFixed(2);
  for (const config of configs) {
    for (const load of LOADS) {
      const run = runs[`${config.name}/${load}`];
      console.log(
        `| ${config.name} | ${load} | ${median(run.rates).toFixed(0)} | ${run.rates.map((r) => r.toFixed(0)).join(', ')} | ${median(run.ms).toFixed(1)} | ` +
          `${run.failed} | ${perRequest(run, run.serve)} | ${perRequest(run, run.postgres)} | ${perRequest(run, run.pooler)} |`,
      );
    }
  }
  console.log('');
  for (const load of LOADS) {
    const rate = (name) => median(runs[`${name}/${load}`].rates);
    const cpu = (name) => {
      const run = runs[`${name}/${load}`];
      return (run.serve + run.postgres + run.pooler) / run.done;
    };
    const ratio = (a, b) => `${(rate(a) / rate(b)).toFixed(2)}× the requests/s, ${(cpu(a) / cpu(b)).toFixed(2)}× the CPU per request`;
    console.log(`${load}: pooler / direct ${ratio('pooler', 'direct')}`);
    console.log(`${load}:   of which the rules (direct, pooler rules / direct) ${ratio('direct, pooler rules', 'direct')}`);
    console.log(`${load}:   and the hop (pooler / direct, pooler rules) ${ratio('pooler', 'direct, pooler rules')}`);
    if (BASE_CLI !== undefined) {
      console.log(`${load}: direct, this build / base ${(rate('direct') / rate('direct, base')).toFixed(2)}× the requests/s, ${(cpu('direct') / cpu('direct, base')).toFixed(2)}× the CPU per request`);
    }
  }
} finally {
  bouncer?.stop();
  cluster.stop();
}
