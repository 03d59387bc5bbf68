// Similar posts (`GET /boards/{slug}/posts/similar`) at 10k and 100k posts, SQLite and PostgreSQL,
// through the fetch handler: the median over queries of 3–6 words drawn like the titles. Titles
// draw 3–7 words from a vocabulary of 3,000 with a Zipf law (the first words are on a large share
// of the board, past the candidate budget), so common and rare words mix as on a real board.
//
// On PostgreSQL at the largest size it then measures the alternatives to the word table for the
// candidate lookup, on the same posts: a `tsvector` GIN index over the title words, and `pg_trgm`
// (trigram GIN over the folded title). Targets: ≤ 10 ms at 100k, ≤ 1.5× growth from 10k to 100k.
//
// BENCH_SIZES=10000 narrows the sizes; BENCH_ADAPTERS=sqlite narrows the adapters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { median } from './median.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ADAPTERS = (process.env.BENCH_ADAPTERS ?? 'sqlite,postgres').split(',');
const COMMON = ['dashboard', 'export', 'report', 'mobile', 'login', 'email', 'notification', 'search', 'board', 'comment'];
const VOCABULARY = [...COMMON, ...Array.from({ length: 2990 }, (_, i) => `topic${i.toString(36)}`)];

/** A seeded generator, so every run and adapter sees the same board and queries. */
function generator(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

const HARMONIC = VOCABULARY.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
function zipfWord(random) {
  let target = random() * HARMONIC;
  for (let i = 0; i < VOCABULARY.length; i++) {
    target -= 1 / (i + 1);
    if (target <= 0) return VOCABULARY[i];
  }
  return VOCABULARY.at(-1);
}

function phrase(random, min, max) {
  const length = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length }, () => zipfWord(random)).join(' ');
}


let cluster;
async function openStorage(adapter, dir, size) {
  if (adapter === 'sqlite') {
    const { createSqliteStorage } = await import('../dist/adapters/sqlite/index.js');
    return createSqliteStorage({ path: join(dir, `similar-${size}.db`) }, { synchronous: 'NORMAL' });
  }
  const pg = (await import('pg')).default;
  cluster ??= process.env.FEEDBACK_BOARD_TEST_PG_URL ? { url: process.env.FEEDBACK_BOARD_TEST_PG_URL } : await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const name = `fb_similar_${size}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  const { createPostgresStorage } = await import('../dist/adapters/postgres/index.js');
  return createPostgresStorage({ connectionString: url.toString() });
}

async function seed(board, size) {
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'read' });
  const random = generator(size);
  const now = new Date().toISOString();
  const boardId = await board.storage.transaction('write', async (tx) => (await tx.insertBoard({
    organization_id: org.id, slug: 'bench', name: 'Bench', description: '', welcome_message: '',
    published: true, logo_url: null, created_at: now,
  })).id);
  for (let start = 0; start < size; start += 5000) {
    await board.storage.transaction('write', async (tx) => {
      for (let i = start; i < Math.min(size, start + 5000); i++) {
        await tx.insertPost({
          board_id: boardId, title: phrase(random, 3, 7), body: '', status: 'open', is_admin: true, hidden: i % 50 === 0,
          pinned: false, queue_rank: null, shipped_at: null, created_at: now, proposal: null,
        });
      }
    });
  }
  return { key, boardId };
}

/** The PostgreSQL alternatives, on the same posts: each one's candidate lookup for the same queries. */
async function measureAlternatives(pool, boardId, queries) {
  // A connection of its own: building the indexes takes longer than the adapter lets a statement run.
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  const out = {};
  try {
    await client.query('SET statement_timeout = 0');
    let t0 = performance.now();
    await client.query(`ALTER TABLE fb_posts ADD COLUMN bench_words tsvector;
      UPDATE fb_posts p SET bench_words = w.v FROM (SELECT post_id, to_tsvector('simple', string_agg(word, ' ')) v FROM fb_post_words GROUP BY post_id) w WHERE w.post_id = p.id;
      CREATE INDEX bench_words_gin ON fb_posts USING gin (bench_words); ANALYZE fb_posts`);
    out.tsvectorBuildMs = performance.now() - t0;
    t0 = performance.now();
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX bench_trgm ON fb_posts USING gin (title_folded gin_trgm_ops); ANALYZE fb_posts`);
    out.trgmBuildMs = performance.now() - t0;
    const words = queries.map((q) => [...new Set(q.split(' '))]);
    // The word table, as the adapter reads it: bounded counts, then the candidates.
    out.wordTable = await median(async (i) => {
      const w = words[i % words.length].join(' ');
      await client.query(`SELECT q.word, (SELECT count(*) FROM (SELECT 1 FROM fb_post_words x WHERE x.board_id = $1 AND x.word = q.word LIMIT 401) c) FROM unnest(string_to_array($2, ' ')) q (word)`, [boardId, w]);
      await client.query(`SELECT p.id, p.title FROM fb_posts p WHERE p.id IN (SELECT post_id FROM fb_post_words WHERE board_id = $1 AND word = ANY (string_to_array($2, ' '))) AND NOT p.hidden`, [boardId, w]);
    }, { runs: 40, warmup: 5 });
    // tsvector GIN: the same rule needs each word's count (a bitmap over all its postings), then the posts.
    out.tsvector = await median(async (i) => {
      for (const word of words[i % words.length]) {
        await client.query(`SELECT count(*) FROM (SELECT 1 FROM fb_posts WHERE board_id = $1 AND bench_words @@ to_tsquery('simple', $2) LIMIT 401) c`, [boardId, word]);
      }
      await client.query(`SELECT id, title FROM fb_posts WHERE board_id = $1 AND bench_words @@ to_tsquery('simple', $2) AND NOT hidden`, [boardId, words[i % words.length].join(' | ')]);
    }, { runs: 40, warmup: 5 });
    // pg_trgm: the database ranks by trigram similarity (a different rule), best 5.
    out.trgm = await median(async (i) => {
      await client.query(`SELECT id, similarity(title_folded, $2) s FROM fb_posts WHERE board_id = $1 AND title_folded % $2 AND NOT hidden ORDER BY s DESC LIMIT 5`, [boardId, queries[i % queries.length]]);
    }, { runs: 40, warmup: 5 });
  } finally {
    await client.end();
  }
  return out;
}

const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));
const dir = mkdtempSync(join(tmpdir(), 'feedback-board-similar-'));
const queryRandom = generator(42);
const queries = Array.from({ length: 60 }, () => phrase(queryRandom, 3, 6));
try {
  for (const adapter of ADAPTERS) {
    const times = new Map();
    for (const size of SIZES) {
      const storage = await openStorage(adapter, dir, size);
      const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
      const { key, boardId } = await seed(board, size);
      const ms = await median(async (i) => {
        const res = await board.fetch(new Request(`http://bench.local/api/v1/boards/bench/posts/similar?text=${encodeURIComponent(queries[i % queries.length])}`, { headers: { authorization: `Bearer ${key}` } }));
        if (res.status !== 200) throw new Error(`similar: ${res.status} ${await res.text()}`);
        await res.json();
      }, { runs: 120, warmup: 5 });
      times.set(size, ms);
      console.error(`${adapter} ${size / 1000}k: ${fmt(ms)} ms`);
      if (adapter === 'postgres' && size === Math.max(...SIZES)) {
        const alt = await measureAlternatives(storage.pool, boardId, queries);
        console.log(`\n## postgres candidate lookup at ${size / 1000}k: median ms per query (40 queries)\n`);
        console.log('| index | lookup | build |');
        console.log('|---|---:|---:|');
        console.log(`| word table, primary key (board_id, word, post_id) | ${fmt(alt.wordTable)} | (written with each post) |`);
        console.log(`| tsvector GIN over the title words | ${fmt(alt.tsvector)} | ${fmt(alt.tsvectorBuildMs)} |`);
        console.log(`| pg_trgm GIN over the folded title (its own ranking, top 5) | ${fmt(alt.trgm)} | ${fmt(alt.trgmBuildMs)} |`);
      }
      await board.close();
    }
    console.log(`\n## ${adapter}: similar posts, median ms through the handler\n`);
    console.log(`| ${SIZES.map((s) => `${s / 1000}k`).join(' | ')} |${times.has(10000) && times.has(100000) ? ' 10k→100k |' : ''}`);
    const growth = times.has(10000) && times.has(100000) ? ` ${(times.get(100000) / times.get(10000)).toFixed(2)}× |` : '';
    console.log(`| ${SIZES.map((s) => fmt(times.get(s))).join(' | ')} |${growth}`);
  }
} finally {
  cluster?.stop?.();
  rmSync(dir, { recursive: true, force: true });
}
