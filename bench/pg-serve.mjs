// Throughput of 1 and 2 `feedback-board serve` processes on one PostgreSQL database under the same
// HTTP load (`npm run bench`, after run.mjs). A board of 10k posts is seeded in bulk; then, for
// each process count, CONCURRENCY clients (spread round robin over the processes, as a load
// balancer would) send a mix of 90% reads (list new, get post, queue) and 10% writes (create post)
// for SECONDS seconds. Prints requests per second and where the CPU went: the serve processes,
// PostgreSQL's processes, and this load generator.
//
// BENCH_PG_SECONDS and BENCH_PG_CONCURRENCY change the load.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';

const SECONDS = Number(process.env.BENCH_PG_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_PG_CONCURRENCY ?? 16);
const POSTS = 10_000;
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const TICKS = 100; // USER_HZ

/** CPU seconds (user + system) a process has used so far. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of every process of the cluster (the postmaster's children included). */
function postgresCpu(port) {
  const out = execFileSync('ps', ['-u', 'postgres', '-o', 'pid=,args='], { encoding: 'utf8' });
  let total = 0;
  for (const line of out.trim().split('\n')) {
    const pid = Number(line.trim().split(/\s+/)[0]);
    try {
      total += cpuOf(pid);
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

function startServe(url) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--db', url, '--rate-limit', 'off'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    const reader = createInterface({ input: child.stdout });
    reader.once('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (!match) fail(new Error(line));
      done({ child, api: `${match[1]}/api/v1` });
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
  });
}

async function load(servers, key) {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let errors = 0;
  const headers = { authorization: `Bearer ${key}` };
  const client = async (c) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const api = servers[(c + i) % servers.length].api;
      const r = (c * 7919 + i * 104729) % 100;
      let res;
      if (r < 50) res = await fetch(`${api}/boards/bench/posts?limit=20`, { headers });
      else if (r < 80) res = await fetch(`${api}/boards/bench/posts/${1 + ((c * 31 + i * 7) % POSTS)}`, { headers });
      else if (r < 90) res = await fetch(`${api}/boards/bench/queue`, { headers });
      else {
        res = await fetch(`${api}/boards/bench/posts`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `load ${c}-${i}` }),
        });
      }
      await res.arrayBuffer();
      if (res.ok) done += 1;
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => client(c)));
  return { done, errors };
}

const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
try {
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const dbName = `fb_bench_serve_${process.pid}`;
  await setup.query(`CREATE DATABASE ${dbName}`);
  await setup.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  const storage = await createPostgresStorage({ connectionString: url.toString() });
  const board = createFeedbackBoard({ storage });
  // Seeding runs statements longer than the adapter's timeouts allow a request: a pool of its own.
  const seedPool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const { key } = await seedPostgresBoard(board, seedPool, POSTS);
  await seedPool.end();
  await board.close();

  console.log(`\n## serve processes on one PostgreSQL database (${POSTS / 1000}k posts, ${CONCURRENCY} clients, ${SECONDS} s, 90% reads)\n`);
  console.log('| processes | requests/s | errors | CPU s per 1000 requests: serve | PostgreSQL | load generator |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  const rows = [];
  for (const count of [1, 2]) {
    const servers = await Promise.all(Array.from({ length: count }, () => startServe(url.toString())));
    await load(servers, key).catch(() => undefined); // warm-up: connections, prepared statements, JIT
    const serveBefore = servers.map((s) => cpuOf(s.child.pid));
    const pgBefore = postgresCpu();
    const selfBefore = process.cpuUsage();
    const started = performance.now();
    const { done, errors } = await load(servers, key);
    const seconds = (performance.now() - started) / 1000;
    const serveCpu = servers.reduce((sum, s, i) => sum + cpuOf(s.child.pid) - serveBefore[i], 0);
    const pgCpu = postgresCpu() - pgBefore;
    const self = process.cpuUsage(selfBefore);
    const selfCpu = (self.user + self.system) / 1e6;
    const perK = (cpu) => ((cpu / done) * 1000).toFixed(2);
    rows.push({ count, rate: done / seconds });
    console.log(`| ${count} | ${(done / seconds).toFixed(0)} | ${errors} | ${perK(serveCpu)} | ${perK(pgCpu)} | ${perK(selfCpu)} |`);
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((done) => (s.child.exitCode !== null ? done() : s.child.once('exit', done)))));
  }
  console.log(`\n2 processes / 1 process: ${(rows[1].rate / rows[0].rate).toFixed(2)}× (this machine has ${(await import('node:os')).availableParallelism()} cores, shared by the load generator and PostgreSQL)`);
} finally {
  cluster?.stop();
}
