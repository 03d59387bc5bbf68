// Write throughput on PostgreSQL by number of organizations written at once (`npm run bench`):
// PROCESSES node processes, each with WRITERS concurrent writers spread over 1, 2, 4 and 8
// organizations, under each write lock: 'store' (every write waits for every other) and
// 'organization' (writes of different organizations run at once). Prints write transactions per
// second and where the CPU went (the writer processes, PostgreSQL's processes), per 1000 writes,
// and how busy the whole machine's CPU was meanwhile (every core, every process, the kernel's
// work included), which says whether the CPU bounds a figure.
//
// Each configuration runs BENCH_PG_REPEATS times (default 3), the two locks taking turns within
// each repetition so that both see the same moments of a shared machine; the table gives the
// median writes/s and every run's figure.
//
// BENCH_PG_SECONDS, BENCH_PG_PROCESSES and BENCH_PG_WRITERS change the load.
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';

const SECONDS = Number(process.env.BENCH_PG_SECONDS ?? 5);
const PROCESSES = Number(process.env.BENCH_PG_PROCESSES ?? 4);
const WRITERS = Number(process.env.BENCH_PG_WRITERS ?? 4);
const REPEATS = Number(process.env.BENCH_PG_REPEATS ?? 3);
const ORGS = [1, 2, 4, 8];
const LOCKS = ['store', 'organization'];
const WORKER = resolve(import.meta.dirname, 'pg-org-writes-worker.mjs');

/** CPU seconds of each process of the cluster by pid (user + system, with reaped children; USER_HZ is 100). */
function postgresCpu() {
  const out = execFileSync('ps', ['-u', 'postgres', '-o', 'pid='], { encoding: 'utf8' });
  const cpu = new Map();
  for (const pid of out.trim().split(/\s+/)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // Own time (utime, stime) and that of exited children (cutime, cstime): a backend whose
      // connection closed before the second sample is counted by the postmaster, which reaped it.
      cpu.set(pid, (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100);
    } catch {
      // exited meanwhile
    }
  }
  return cpu;
}

/** The machine's CPU time so far, in USER_HZ ticks summed over its cores: all of it, and the idle part (idle + iowait). */
function machineCpu() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.reduce((sum, n) => sum + n, 0), idle: fields[3] + fields[4] };
}

/** The share of the machine's CPU (every core) that was busy between two samples. */
function busyBetween(before, after) {
  const total = after.total - before.total;
  return total === 0 ? 0 : 1 - (after.idle - before.idle) / total;
}

/** CPU the cluster's processes used between two samples (a process that ended in between is not counted). */
function cpuBetween(before, after) {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

function runWorker(args) {
  const child = spawn(process.execPath, [WORKER, ...args.map(String)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((done, fail) => child.once('exit', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`worker exited with ${code}`)))));
}

const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
try {
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const dbName = `fb_bench_org_writes_${process.pid}`;
  await setup.query(`CREATE DATABASE ${dbName}`);
  await setup.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  const board = createFeedbackBoard({ storage: await createPostgresStorage({ connectionString: url.toString() }) });
  const boards = [];
  for (let i = 0; i < Math.max(...ORGS); i++) {
    const org = await board.dashboard.organizations.create({ name: `Org ${i}` });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    boards.push((await (await board.api(key)).boards.create({ slug: 'main', name: 'Main' })).id);
  }
  await board.close();

  /** One run of `orgs` organizations under `writeLock`: writes/s, errors, CPU seconds per 1000 writes. */
  async function run(writeLock, orgs) {
    const start = Date.now() + 3000;
    const workers = Array.from({ length: PROCESSES }, (_, i) => runWorker([url, writeLock, orgs, i, JSON.stringify(boards), start, SECONDS, WRITERS]));
    await new Promise((go) => setTimeout(go, start - Date.now()));
    const pgBefore = postgresCpu();
    const machineBefore = machineCpu();
    await new Promise((go) => setTimeout(go, SECONDS * 1000));
    const busy = busyBetween(machineBefore, machineCpu());
    const pgCpu = cpuBetween(pgBefore, postgresCpu());
    const results = await Promise.all(workers);
    const done = results.reduce((sum, r) => sum + r.done, 0);
    const nodeCpu = results.reduce((sum, r) => sum + r.cpu, 0);
    return { rate: done / SECONDS, errors: results.reduce((sum, r) => sum + r.errors, 0), node: (nodeCpu / done) * 1000, pg: (pgCpu / done) * 1000, busy };
  }

  const runs = new Map(LOCKS.flatMap((lock) => ORGS.map((orgs) => [`${lock} ${orgs}`, []])));
  const loads = [loadavg()[0]];
  for (let r = 0; r < REPEATS; r++) {
    for (const orgs of ORGS) for (const writeLock of LOCKS) runs.get(`${writeLock} ${orgs}`).push(await run(writeLock, orgs));
    loads.push(loadavg()[0]);
  }
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  console.log(`\n## PostgreSQL writes by organizations written at once (${PROCESSES} processes × ${WRITERS} writers, ${SECONDS} s each, ${REPEATS} repetitions, load average ${loads.map((l) => l.toFixed(1)).join(' → ')})\n`);
  console.log('| write lock | organizations | writes/s (median) | each run | errors | CPU s per 1000 writes: writers | PostgreSQL | machine CPU busy |');
  console.log('|---|---:|---:|---|---:|---:|---:|---:|');
  const rates = {};
  for (const writeLock of LOCKS) {
    for (const orgs of ORGS) {
      const all = runs.get(`${writeLock} ${orgs}`);
      rates[`${writeLock} ${orgs}`] = middle(all.map((x) => x.rate));
      const errors = all.reduce((sum, x) => sum + x.errors, 0);
      const each = all.map((x) => x.rate.toFixed(0)).join(', ');
      console.log(`| ${writeLock} | ${orgs} | ${rates[`${writeLock} ${orgs}`].toFixed(0)} | ${each} | ${errors} | ${middle(all.map((x) => x.node)).toFixed(2)} | ${middle(all.map((x) => x.pg)).toFixed(2)} | ${(middle(all.map((x) => x.busy)) * 100).toFixed(0)}% |`);
    }
  }
  const ratio = (a, b) => (rates[a] / rates[b]).toFixed(2);
  console.log(`\n8 organizations / 1: ${ratio('organization 8', 'organization 1')}× with the organization lock, ${ratio('store 8', 'store 1')}× with the store lock; organization / store lock at 1 organization: ${ratio('organization 1', 'store 1')}×, at 8: ${ratio('organization 8', 'store 8')}× (${availableParallelism()} cores shared with PostgreSQL)`);
} finally {
  cluster?.stop();
}
