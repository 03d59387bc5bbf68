// Read throughput on PostgreSQL with and without a streaming replica (`npm run bench`): a primary
// and a replica made with pg_basebackup -R (scripts/pg-cluster.mjs), a board of POSTS posts, and
// CONCURRENCY readers in this process (a page of the post list, then one post, per transaction)
// for SECONDS seconds, first on the primary alone, then with `readConnectionString` set. Prints
// reads per second and the CPU seconds per 1000 reads of each server and of this process. On one
// machine both servers share its cores: the figures show the cost of routing, not the added
// capacity a replica on a machine of its own brings.
//
// BENCH_PG_SECONDS and BENCH_PG_CONCURRENCY change the load.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster, startReplica } from '../scripts/pg-cluster.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';

const SECONDS = Number(process.env.BENCH_PG_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_PG_CONCURRENCY ?? 16);
const POSTS = 10_000;

/** CPU seconds of the processes of the server whose data folder is `data` (USER_HZ is 100). */
function serverCpu(data) {
  const out = execFileSync('ps', ['-u', 'postgres', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const lines = out.trim().split('\n').map((line) => line.trim().split(/\s+/));
  const postmaster = lines.find((fields) => fields.slice(2).join(' ').includes(data))?.[0];
  let total = 0;
  for (const [pid, ppid] of lines) {
    if (pid !== postmaster && ppid !== postmaster) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

async function readFor(storage, boardId, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await storage.transaction('read', async (tx) => {
          const page = await tx.listPosts(boardId, { sort: 'new', limit: 20, offset: (c * 20 + i) % 200 });
          await tx.getPost(page.rows[0].id);
        });
        done += 1;
      }
    }),
  );
  return done;
}

const primary = await startCluster();
let replica;
try {
  const seedStorage = await createPostgresStorage({ connectionString: primary.url });
  const seedPool = new pg.Pool({ connectionString: primary.url, max: 1 });
  await seedPostgresBoard(createFeedbackBoard({ storage: seedStorage }), seedPool, POSTS);
  const boardId = (await seedPool.query('SELECT max(id) AS id FROM fb_boards')).rows[0].id;
  await seedPool.end();
  await seedStorage.close();
  replica = await startReplica(primary);

  console.log(`\n## PostgreSQL reads with a streaming replica (${POSTS / 1000}k posts, ${CONCURRENCY} readers, ${SECONDS} s, load average ${loadavg()[0].toFixed(1)})\n`);
  console.log('| reads go to | reads/s | CPU s per 1000 reads: primary | replica | this process |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, options] of [
    ['the primary', {}],
    ['the replica', { readConnectionString: replica.url }],
  ]) {
    const storage = await createPostgresStorage({ connectionString: primary.url }, { maxConnections: CONCURRENCY, ...options });
    await readFor(storage, boardId, 1); // warm-up: connections, prepared statements
    const before = [serverCpu(`${primary.dir}/data`), serverCpu(`${replica.dir}/data`), process.cpuUsage()];
    const done = await readFor(storage, boardId, SECONDS);
    const self = process.cpuUsage(before[2]);
    const perK = (cpu) => ((cpu / done) * 1000).toFixed(2);
    const primaryCpu = serverCpu(`${primary.dir}/data`) - before[0];
    const replicaCpu = serverCpu(`${replica.dir}/data`) - before[1];
    console.log(`| ${name} | ${(done / SECONDS).toFixed(0)} | ${perK(primaryCpu)} | ${perK(replicaCpu)} | ${perK((self.user + self.system) / 1e6)} |`);
    await storage.close();
  }
} finally {
  replica?.stop();
  primary.stop();
}
