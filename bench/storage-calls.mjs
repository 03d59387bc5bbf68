// Reads and writes through the storage, in-process, one transaction each: the cost of the SQL
// stores' statements and of what runs them, without the handler or the services. Not part of
// `npm test`.
//
// Each adapter gets a board of POSTS posts (tags, votes, comments, claims, evidence, a merge, held
// posts, activity, attachments, company voters); then every operation runs RUNS times and its
// median is printed in µs. BENCH_BASELINE=<folder of another build's dist> times that build too, on
// a database of its own, alternating the two round by round so that the load of the machine falls
// on both alike, and prints the ratio of the medians (this build / baseline) and the spread of the
// per-round ratios. SQLite runs at synchronous=NORMAL in both builds (BENCH_SYNC=FULL for `serve`'s
// durability, where the fsync of each commit outweighs the statements being compared).
//
// BENCH_ADAPTERS=sqlite narrows the adapters; BENCH_ONLY=<regexp> the operations; PostgreSQL runs
// on a throwaway cluster (or the server of FEEDBACK_BOARD_TEST_PG_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';

const ADAPTERS = (process.env.BENCH_ADAPTERS ?? 'sqlite,postgres').split(',');
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const POSTS = 2000;
const VOTERS = 200;
const SYNC = process.env.BENCH_SYNC ?? 'NORMAL';
const RUNS = Number(process.env.BENCH_RUNS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const T0 = Date.UTC(2026, 0, 1);
const iso = (minutes) => new Date(T0 + minutes * 60_000).toISOString();

const builds = [{ name: 'this build', dist: resolve(import.meta.dirname, '../dist') }];
if (process.env.BENCH_BASELINE) builds.push({ name: 'baseline', dist: resolve(process.env.BENCH_BASELINE) });

const dir = mkdtempSync(join(tmpdir(), 'feedback-board-storage-calls-'));
let cluster;
let databases = 0;

async function postgresUrl() {
  let admin = process.env.FEEDBACK_BOARD_TEST_PG_URL;
  if (!admin) {
    cluster ??= await startCluster();
    admin = cluster.url;
  }
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const name = `fb_storage_calls_${process.pid}_${(databases += 1)}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(adapter, dist) {
  const module = (path) => import(pathToFileURL(join(dist, path)).href);
  if (adapter === 'sqlite') {
    const { createSqliteStorage } = await module('adapters/sqlite/index.js');
    return createSqliteStorage({ path: join(dir, `${(databases += 1)}.db`) }, { synchronous: SYNC });
  }
  const { createPostgresStorage } = await module('adapters/postgres/index.js');
  return createPostgresStorage({ connectionString: await postgresUrl() });
}

const post = (boardId, p, over = {}) => ({
  board_id: boardId, title: `Dark mode for post ${p}`, body: `Body ${p}`, status: ['open', 'planned', 'in_progress', 'shipped', 'declined'][p % 5],
  is_admin: false, hidden: p % 10 === 9, pinned: false, queue_rank: p % 7 === 0 ? p : null,
  shipped_at: p % 5 === 3 ? iso(p * 7) : null, created_at: iso(p * 7), proposal: null, ...over,
});

/** One organization with a key, a board of POSTS posts and what hangs off them. */
async function seed(storage) {
  return storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization({ name: 'Bench', created_at: iso(0) });
    const key = await tx.insertApiKey({ organization_id: org.id, scope: 'write', label: 'k', prefix: 'p', hash: 'h', created_at: iso(0), revoked_at: null });
    const board = await tx.insertBoard({
      organization_id: org.id, slug: 'bench', name: 'Bench', description: '', welcome_message: '', published: true, logo_url: null, created_at: iso(0),
    });
    for (let v = 0; v < VOTERS; v++) await tx.insertVoter({ organization_id: org.id, email: `v${v}@x`, name: `v${v}`, created_at: iso(0) });
    const tags = await tx.ensureTags(board.id, ['UX', 'API', 'Mobile']);
    for (let p = 0; p < POSTS; p++) {
      const created = await tx.insertPost(post(board.id, p));
      if (p % 5 === 0) await tx.setPostTags(created.id, [tags[p % 3].id]);
      for (let v = 0; v < p % 6; v++) await tx.insertVote({ post_id: created.id, voter_id: 1 + ((p + v * 37) % VOTERS), created_at: iso(p * 7 + v) });
      if (p % 4 === 0) {
        const comment = await tx.insertComment({ post_id: created.id, parent_comment_id: null, body: 'c', is_admin: false, hidden: false, voter_id: 1, created_at: iso(p * 7) });
        await tx.insertReaction({ comment_id: comment.id, voter_id: 2, reaction: '👍', created_at: iso(p * 7) });
      }
      await tx.insertActivity({ post_id: created.id, kind: 'created', at: iso(p * 7), actor_kind: 'api_key', actor_id: key.id, detail: {} });
    }
    for (let c = 1; c <= 3; c++) await tx.putCompany({ organization_id: org.id, id: `c${c}`, name: `C${c}`, monthly_revenue: c * 1000, updated_at: iso(0) });
    for (let v = 1; v <= 30; v++) await tx.setVoterCompany(v, org.id, `c${1 + (v % 3)}`);
    await tx.insertEvidence({ post_id: 2, kind: 'pr', ref: 'r', label: 'l', added_at: iso(1), action_key: 'a1' });
    await tx.claimPost({ post_id: 3, api_key_id: key.id, agent_label: 'x', now: iso(0), expires_at: iso(10 ** 7) });
    for (let h = 0; h < 50; h++) {
      await tx.insertHeldPost({ organization_id: org.id, board_id: board.id, voter_id: 1 + h, title: `held ${h}`, body: '', tag_slugs: ['ux'], created_at: iso(h) });
    }
    await tx.insertAttachment({
      organization_id: org.id, post_id: 4, comment_id: null, held_post_id: null, filename: 'a.png', content_type: 'image/png',
      size: 4, width: 1, height: 1, sha256: 'x', created_at: iso(0), bytes: new Uint8Array([1, 2, 3, 4]),
    });
    await tx.putBoardAccess({ board_id: board.id, organization_id: org.id, access: 'public', email_domains: [], claim_name: null, claim_values: [], updated_at: iso(0) });
    return { orgId: org.id, boardId: board.id, keyId: key.id, tagId: tags[0].id };
  });
}

const page = { limit: 20, offset: 0 };
const window = { from: iso(0), to: iso(POSTS * 7) };
const day = (minutes) => new Date(Math.floor((T0 + minutes * 60_000) / 86_400_000) * 86_400_000).toISOString();
const days = { from: day(0), to: day(POSTS * 7 + 2 * 1440) };

/** Reads, each one read transaction for its `i`-th run. */
function reads({ orgId, boardId, tagId }) {
  const id = (i) => 1 + ((i * 7) % POSTS);
  return {
    'get post (board, post, tags, claim)': async (tx, i) => {
      await tx.getBoardBySlug(orgId, 'bench');
      const found = await tx.getPost(id(i));
      await tx.getTagsOfPosts([found.id]);
      await tx.getClaims([found.id]);
    },
    'list posts, top, with tags': async (tx) => {
      const { rows } = await tx.listPosts(boardId, { ...page, sort: 'top' });
      await tx.getTagsOfPosts(rows.map((row) => row.id));
    },
    'list posts by status': (tx) => tx.listPosts(boardId, { ...page, sort: 'new', status: 'planned' }),
    'list posts by tag': (tx) => tx.listPosts(boardId, { ...page, sort: 'new', tagId }),
    'search posts': (tx) => tx.listPosts(boardId, { ...page, sort: 'new', search: 'post 12' }),
    roadmap: (tx) => tx.listRoadmap(boardId, page),
    changelog: (tx) => tx.listChangelog(boardId, page),
    queue: (tx) => tx.listQueue(boardId, { apiKeyId: 1, now: iso(0), limit: 20 }),
    analytics: (tx) => tx.analytics(boardId, days),
    'ship stats': (tx) => tx.shipStats(boardId, window),
    'similar posts': async (tx) => {
      await tx.countPostsByWord(boardId, ['dark', 'mode', '17'], 401);
      await tx.listPostsByWords(boardId, ['17', '170']);
    },
    'comments and reactions': async (tx, i) => {
      const comments = await tx.listComments(1 + ((i * 4) % POSTS));
      await tx.getReactionCounts(comments.map((c) => c.id));
    },
    'voter by e-mail': (tx, i) => tx.getVoterByEmail(orgId, `v${i % VOTERS}@x`),
    'activity page': (tx, i) => tx.listActivity(id(i), { before: null, limit: 20 }),
    'held posts': (tx) => tx.listHeldPosts(orgId, 'waiting'),
    'posts by revenue': (tx) => tx.listPostsByCompanyRevenue(boardId, page),
    'access and claims': async (tx, i) => {
      await tx.getBoardAccess(boardId);
      await tx.getVoterClaims(1 + (i % VOTERS));
    },
    'attachments of a page': (tx) => tx.listPostAttachments([1, 2, 3, 4, 5]),
    evidence: (tx) => tx.listEvidence(2),
    'key by hash, its organization': async (tx) => {
      await tx.getApiKeyByHash('h');
      await tx.getOrganization(orgId);
    },
    'setting and session': async (tx, i) => {
      await tx.getSetting('bench');
      await tx.getSession(`s${i}`);
    },
  };
}

/** Writes, each one write transaction for its `i`-th run. */
function writes({ orgId, boardId, keyId, tagId }) {
  const id = (i) => 1 + ((i * 7) % POSTS);
  const voter = (i) => 101 + (Math.floor(i / 7) % 99);
  return {
    'create post with a tag': async (tx, i) => {
      const created = await tx.insertPost(post(boardId, POSTS + i, { hidden: false }));
      await tx.setPostTags(created.id, [tagId]);
    },
    vote: (tx, i) => tx.insertVote({ post_id: id(i), voter_id: voter(i), created_at: iso(POSTS * 7 + i) }),
    unvote: (tx, i) => tx.deleteVote(id(i), voter(i)),
    comment: (tx, i) =>
      tx.insertComment({ post_id: id(i), parent_comment_id: null, body: 'c', is_admin: false, hidden: false, voter_id: null, created_at: iso(POSTS * 7 + i) }),
    'status move': (tx, i) => tx.updatePost(id(i), { status: ['open', 'planned', 'in_progress', 'shipped'][i % 4], shipped_at: iso(POSTS * 7 + i) }),
    'title edit': (tx, i) => tx.updatePost(id(i), { title: `Renamed ${i}` }),
    'claim and release': async (tx, i) => {
      await tx.claimPost({ post_id: id(i), api_key_id: keyId, agent_label: 'x', now: iso(i), expires_at: iso(i + 60) });
      await tx.releaseClaim(id(i), keyId, iso(i));
    },
    evidence: (tx, i) => tx.insertEvidence({ post_id: id(i), kind: 'commit', ref: `r${i}`, label: '', added_at: iso(i), action_key: null }),
    activity: (tx, i) => tx.insertActivity({ post_id: id(i), kind: 'edited', at: iso(i), actor_kind: 'api_key', actor_id: keyId, detail: {} }),
    'hold a post': (tx, i) =>
      tx.insertHeldPost({ organization_id: orgId, board_id: boardId, voter_id: voter(i), title: 'held', body: '', tag_slugs: [], created_at: iso(i) }),
    'board edit': (tx, i) => tx.updateBoard(boardId, { description: `d${i}` }),
    'follow': (tx, i) => tx.putFollow({ post_id: id(i), voter_id: voter(i), following: i % 2 === 0, updated_at: iso(i) }),
    'session in and out': async (tx, i) => {
      await tx.insertSession({ token_hash: `s${i}`, kind: 'team', subject_id: 1, created_at: iso(i), expires_at: iso(i + 60) });
      await tx.deleteSession(`s${i}`);
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (us) => (us < 100 ? us.toFixed(1) : us.toFixed(0));

try {
  for (const adapter of ADAPTERS) {
    const states = [];
    for (const build of builds) {
      const storage = await open(adapter, build.dist);
      const ids = await seed(storage);
      states.push({ build, storage, reads: reads(ids), writes: writes(ids), ids, times: {}, rounds: {} });
    }
    for (const [kind, mode] of [['reads', 'read'], ['writes', 'write']]) {
      const names = Object.keys(states[0][kind]).filter((name) => !ONLY || ONLY.test(name));
      for (const name of names) {
        const perRound = Math.max(1, Math.floor(RUNS / ROUNDS));
        for (let round = 0; round < ROUNDS; round++) {
          for (const state of states) {
            const times = [];
            for (let k = 0; k < perRound; k++) {
              const i = round * perRound + k;
              const t0 = performance.now();
              await state.storage.transaction(mode, (tx) => state[kind][name](tx, i));
              times.push((performance.now() - t0) * 1000);
            }
            (state.times[name] ??= []).push(...times);
            (state.rounds[name] ??= []).push(median(times));
          }
        }
      }
      console.log(`\n## ${adapter} ${kind}: median µs per transaction (${POSTS} posts, ${RUNS} runs in ${ROUNDS} alternating rounds)\n`);
      const ratio = states.length === 2;
      console.log(`| operation | ${states.map(({ build }) => build.name).join(' | ')} |${ratio ? ' ratio | per-round ratios (min–max) |' : ''}`);
      console.log(`|---|${states.map(() => '---:').join('|')}|${ratio ? '---:|---|' : ''}`);
      for (const name of names) {
        const cells = states.map(({ times }) => fmt(median(times[name])));
        let extra = '';
        if (ratio) {
          const perRound = states[0].rounds[name].map((value, r) => value / states[1].rounds[name][r]);
          extra = ` ${(median(states[0].times[name]) / median(states[1].times[name])).toFixed(3)} | ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)} |`;
        }
        console.log(`| ${name} | ${cells.join(' | ')} |${extra}`);
      }
    }
    for (const { storage } of states) await storage.close();
  }
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
