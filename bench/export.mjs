// Export and import: rows per second of `exportStore` and `importStore` on a board of 100k posts
// (with 10 votes and 1.5 comments per post, so about 1.3M rows) on SQLite and on PostgreSQL (the
// SQLite dump imported into PostgreSQL, then exported from it), and the peak memory of a process
// exporting 1M posts, against the size of the dump it writes. `EXPORT_POSTS` and `RSS_POSTS`
// change the sizes.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { createSqliteStorage, sqliteDumpPort } from '../dist/adapters/sqlite/index.js';
import { createPostgresStorage, postgresDumpPort } from '../dist/adapters/postgres/index.js';
import { exportStore, importStore } from '../dist/node/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';

const POSTS = Number(process.env.EXPORT_POSTS ?? 100_000);
const RSS_POSTS = Number(process.env.RSS_POSTS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'fb-bench-export-'));

/** Fills a new SQLite file set-based: one board of `posts` posts, `votes` votes per post, 1.5 comments per post. */
function seed(file, posts, votes) {
  const storage = createSqliteStorage({ path: file });
  const voters = Math.max(1000, posts / 2);
  storage.database.exec(`
    BEGIN;
    INSERT INTO fb_organizations (name, created_at) VALUES ('Bench', '2026-01-01T00:00:00.000Z');
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      VALUES (1, 'bench', 'Bench', '', '', 1, '2026-01-01T00:00:00.000Z');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${voters})
    INSERT INTO fb_voters (organization_id, email, name, created_at) SELECT 1, 'v' || i || '@bench.test', '', '2026-01-01T00:00:00.000Z' FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${posts})
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count, comment_count)
      SELECT 1, 'Post ' || i || ': an idea', 'Body of post ' || i || '. Customers asked for this in several calls.', 'open', 0, 0, 0,
             strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i % 120) || ' days'), ${votes}, 1 + (i % 2) FROM n;
    WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ${votes - 1})
    INSERT INTO fb_votes (post_id, voter_id, created_at)
      SELECT p.id, 1 + ((p.id * 7 + k.j * 131) % ${voters}), p.created_at FROM fb_posts p, k WHERE ${votes} > 0;
    INSERT INTO fb_comments (post_id, body, is_admin, hidden, created_at) SELECT id, 'A comment', 0, 0, created_at FROM fb_posts;
    INSERT INTO fb_comments (post_id, body, is_admin, hidden, created_at) SELECT id, 'Another', 1, 0, created_at FROM fb_posts WHERE id % 2 = 0;
    COMMIT;`);
  storage.database.close();
}

async function timedExport(port, file) {
  const out = createWriteStream(file);
  const t0 = performance.now();
  const header = await exportStore(port, out, { packageVersion: 'bench' });
  out.end();
  await finished(out);
  const rows = Object.values(header.counts).reduce((a, b) => a + b, 0);
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

async function timedImport(port, file) {
  const t0 = performance.now();
  const header = await importStore(port, createReadStream(file));
  const rows = Object.values(header.counts).reduce((a, b) => a + b, 0);
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

const rate = ({ rows, seconds }) => `${Math.round(rows / seconds).toLocaleString('en')} rows/s (${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s)`;
const results = [];
let cluster;
try {
  const source = join(dir, 'source.db');
  let t0 = performance.now();
  seed(source, POSTS, 10);
  console.error(`sqlite ${POSTS / 1000}k posts seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const sqlite = createSqliteStorage({ path: source });
  results.push(['SQLite export', rate(await timedExport(sqliteDumpPort(sqlite), join(dir, 'sqlite.jsonl')))]);
  await sqlite.close();
  const copy = createSqliteStorage({ path: join(dir, 'copy.db') });
  results.push(['SQLite import', rate(await timedImport(sqliteDumpPort(copy), join(dir, 'sqlite.jsonl')))]);
  await copy.close();

  cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
  const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const name = `fb_bench_export_${process.pid}`;
  await setup.query(`CREATE DATABASE ${name}`);
  await setup.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const postgres = await createPostgresStorage({ connectionString: url.toString() });
  results.push(['PostgreSQL import', rate(await timedImport(postgresDumpPort(postgres), join(dir, 'sqlite.jsonl')))]);
  results.push(['PostgreSQL export', rate(await timedExport(postgresDumpPort(postgres), join(dir, 'pg.jsonl')))]);
  await postgres.close();
  const same = statSync(join(dir, 'pg.jsonl')).size === statSync(join(dir, 'sqlite.jsonl')).size;
  results.push(['PostgreSQL dump = SQLite dump (size)', String(same)]);

  t0 = performance.now();
  const big = join(dir, 'big.db');
  seed(big, RSS_POSTS, 0);
  console.error(`sqlite ${RSS_POSTS / 1000}k posts seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const child = `
    import { createSqliteStorage, sqliteDumpPort } from '${resolve('dist/adapters/sqlite/index.js')}';
    import { exportStore } from '${resolve('dist/node/index.js')}';
    import { Writable } from 'node:stream';
    const storage = createSqliteStorage({ path: process.argv[1] });
    let bytes = 0;
    await exportStore(sqliteDumpPort(storage), new Writable({ write(c, _e, done) { bytes += c.length; done(); } }), { packageVersion: 'bench' });
    process.stdout.write(JSON.stringify({ peak: process.resourceUsage().maxRSS * 1024, bytes }));`;
  const { peak, bytes } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child, big], { encoding: 'utf8' }));
  const mib = (n) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  results.push([`peak RSS exporting ${RSS_POSTS / 1000}k posts`, `${mib(peak)} for a dump of ${mib(bytes)} (target: well under the dump)`]);
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n## Export and import (${POSTS / 1000}k posts)\n`);
console.log('| measure | figure |');
console.log('|---|---|');
for (const [measure, figure] of results) console.log(`| ${measure} | ${figure} |`);
