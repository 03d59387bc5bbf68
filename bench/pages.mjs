// Benchmark of the web pages: server render time through the pages handler on SQLite at 10k
// posts, against the JSON API's answer for the same data through `board.fetch` (run in the same
// process, so the ratio is what counts). `npm run bench:pages` (builds first). Not part of `npm test`.
//
// - board page: 100 posts, sorted by votes (the API: GET …/posts?sort=top&limit=100);
// - post page: a post with 200 comments and replies (the API: GET the post, then its comments);
// - the board page of 20 posts with the form that submits an idea (its tags read and rendered)
//   against the same page without it (`voterSubmissions: false`), for a signed-out visitor;
// - the board page (100 posts) and the post page (200 comments) in German and in Arabic (by
//   Accept-Language) against English: every text looked up in the catalogs, dates and numbers
//   through Intl (budget 1.1x);
// - the board page of a second organization seeded alike, with three pinned posts and three custom
//   fields (asked by its idea form, held by its posts), against the first's board page without
//   either, as the change of their ratio from before the pins and fields (budget 1.1x).
//
// BENCH_POSTS=10000 sets the board size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { createPagesHandler } from '../dist/pages/index.js';
import { seedBoard } from './seed.mjs';
import { median } from './median.mjs';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const COMMENTS = 200;


async function ok(responsePromise) {
  const response = await responsePromise;
  if (response.status !== 200) throw new Error(`status ${response.status}`);
  return (await response.text()).length;
}

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-pages-'));
try {
  const storage = createSqliteStorage({ path: join(dir, 'pages.db') }, { synchronous: 'NORMAL' });
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  const t0 = performance.now();
  const { key, slug, voterIds } = await seedBoard(board, POSTS);
  // One post with 200 comments: a third of them replies, some with reactions.
  const { postId } = await storage.transaction('write', async (tx) => {
    const boardRecord = await tx.getBoardBySlug(1, slug);
    const post = await tx.insertPost({
      board_id: boardRecord.id, title: 'A much discussed post', body: 'Many comments.', status: 'planned', is_admin: false,
      hidden: false, pinned: false, queue_rank: null, shipped_at: null, created_at: new Date().toISOString(), proposal: null,
    });
    let last = null;
    for (let i = 0; i < COMMENTS; i++) {
      const comment = await tx.insertComment({
        post_id: post.id, parent_comment_id: i % 3 === 2 && last ? last : null, body: `Comment ${i}: we need this <b>now</b>.`,
        is_admin: i % 10 === 0, hidden: false, voter_id: voterIds[i % voterIds.length], created_at: new Date(Date.now() + i).toISOString(),
      });
      if (i % 3 === 0) last = comment.id;
      if (i % 4 === 0) await tx.insertReaction({ comment_id: comment.id, voter_id: voterIds[i], reaction: '👍', created_at: new Date().toISOString() });
    }
    return { postId: post.id };
  });
  console.log(`seeded ${POSTS} posts on SQLite in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const pages = createPagesHandler(board, { organizationId: 1, boardPageSize: 100 });
  const headers = { authorization: `Bearer ${key}` };
  const api = (path) => board.fetch(new Request(`http://bench.local/api/v1${path}`, { headers }));
  const page = (path) => pages(new Request(`http://bench.local${path}`));

  const rows = [];
  const boardHtml = await median(() => ok(page(`/boards/${slug}?sort=top`)), { runs: 30, warmup: 5 });
  const boardJson = await median(() => ok(api(`/boards/${slug}/posts?sort=top&limit=100`)), { runs: 30, warmup: 5 });
  rows.push(['board page, 100 posts', boardHtml, boardJson, await ok(page(`/boards/${slug}?sort=top`)), await ok(api(`/boards/${slug}/posts?sort=top&limit=100`))]);
  const postHtml = await median(() => ok(page(`/boards/${slug}/posts/${postId}`)), { runs: 30, warmup: 5 });
  const postJson = await median(async () => (await ok(api(`/boards/${slug}/posts/${postId}`))) + (await ok(api(`/boards/${slug}/posts/${postId}/comments`))), { runs: 30, warmup: 5 });
  rows.push(['post page, 200 comments', postHtml, postJson, await ok(page(`/boards/${slug}/posts/${postId}`)), 0]);

  // The idea form's cost: the same board page with and without it, default page size.
  const withForm = createPagesHandler(board, { organizationId: 1 });
  const withoutForm = createPagesHandler(board, { organizationId: 1, voterSubmissions: false });
  const formPage = (handler) => handler(new Request(`http://bench.local/boards/${slug}?sort=top`));
  const [formBytes, plainBytes] = [await ok(formPage(withForm)), await ok(formPage(withoutForm))];
  if (formBytes <= plainBytes) throw new Error('the board page without the idea form is not smaller: is the option honoured?');
  // Interleaved rounds, so that load on the machine falls on both alike.
  const formTimes = [];
  const plainTimes = [];
  for (let round = 0; round < 5; round++) {
    formTimes.push(await median(() => ok(formPage(withForm)), { runs: 20, warmup: 3 }));
    plainTimes.push(await median(() => ok(formPage(withoutForm)), { runs: 20, warmup: 3 }));
  }
  const mid = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];

  console.log(`\npages vs JSON API on SQLite, ${POSTS} posts (median ms)`);
  console.log('what                       HTML ms   JSON ms   ratio   HTML bytes');
  for (const [what, html, json, bytes] of rows) {
    console.log(`${what.padEnd(26)} ${html.toFixed(2).padStart(7)}   ${json.toFixed(2).padStart(7)}   ${(html / json).toFixed(2).padStart(5)}x  ${String(bytes).padStart(9)}`);
  }
  const ratio = mid(formTimes) / mid(plainTimes);
  console.log(`\nboard page, 20 posts: with the idea form ${mid(formTimes).toFixed(2)} ms (${formBytes} bytes), without ${mid(plainTimes).toFixed(2)} ms (${plainBytes} bytes): ${ratio.toFixed(2)}x (budget 1.5x)`);
  if (ratio > 1.5) process.exitCode = 1;

  // Languages: the same pages asked for in German and Arabic against English, interleaved rounds.
  const inLanguage = (path, language) => pages(new Request(`http://bench.local${path}`, { headers: { 'accept-language': language } }));
  console.log('\npages in a language vs English (median ms, interleaved rounds)');
  console.log('what                       language   ms      English ms   ratio');
  for (const [what, path] of [['board page, 100 posts', `/boards/${slug}?sort=top`], ['post page, 200 comments', `/boards/${slug}/posts/${postId}`]]) {
    for (const language of ['de', 'ar']) {
      const html = await (await inLanguage(path, language)).text();
      if (!html.includes(`<html lang="${language}"`)) throw new Error(`the page did not come in ${language}`);
      const times = [];
      const english = [];
      for (let round = 0; round < 5; round++) {
        times.push(await median(() => ok(inLanguage(path, language)), { runs: 20, warmup: 3 }));
        english.push(await median(() => ok(inLanguage(path, 'en')), { runs: 20, warmup: 3 }));
      }
      const languageRatio = mid(times) / mid(english);
      console.log(`${what.padEnd(26)} ${language.padEnd(8)} ${mid(times).toFixed(2).padStart(7)}   ${mid(english).toFixed(2).padStart(7)}     ${languageRatio.toFixed(2)}x (budget 1.1x)`);
      if (languageRatio > 1.1) process.exitCode = 1;
    }
  }

  // Pinned posts and custom fields: a second organization's board seeded alike, measured against
  // the first before and after it is given three pinned posts and three fields that its posts hold
  // values of; the cost is the ratio after over the ratio before, which takes out what differs
  // between the two boards themselves.
  const plainPages = createPagesHandler(board, { organizationId: 1 });
  const seededAgain = await seedBoard(board, POSTS);
  const featuredPages = createPagesHandler(board, { organizationId: 2 });
  const boardPage = (handler) => handler(new Request(`http://bench.local/boards/${slug}?sort=top`));
  const boardRatio = async () => {
    const second = [];
    const first = [];
    for (let round = 0; round < 7; round++) {
      second.push(await median(() => ok(boardPage(featuredPages)), { runs: 20, warmup: 3 }));
      first.push(await median(() => ok(boardPage(plainPages)), { runs: 20, warmup: 3 }));
    }
    return { second: mid(second), first: mid(first), ratio: mid(second) / mid(first) };
  };
  const before = await boardRatio();
  const team = board.team(2).api;
  await team.fields.update(seededAgain.slug, {
    fields: [
      { key: 'company', label: 'Company', type: 'text' },
      { key: 'seats', label: 'Seats', type: 'number' },
      { key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro', 'Enterprise'] },
    ],
  });
  const top = (await team.posts.list(seededAgain.slug, { sort: 'top', limit: '40' })).posts;
  for (const [i, post] of top.entries()) {
    await team.posts.update(seededAgain.slug, post.id, { fields: { company: `Company ${i}`, seats: 10 + i, plan: ['Free', 'Pro', 'Enterprise'][i % 3] }, ...(i >= 20 && i < 23 ? { pinned: true } : {}) });
  }
  const featuredHtml = await (await boardPage(featuredPages)).text();
  if (!featuredHtml.includes('name="field.plan"')) throw new Error('the second board page does not ask its fields');
  const after = await boardRatio();
  const featuredRatio = after.ratio / before.ratio;
  console.log(`\nboard page, 20 posts, second board against the first: ${before.second.toFixed(2)} / ${before.first.toFixed(2)} ms before, ${after.second.toFixed(2)} / ${after.first.toFixed(2)} ms with 3 pinned posts and 3 custom fields: ${featuredRatio.toFixed(2)}x (budget 1.1x)`);
  if (featuredRatio > 1.1) process.exitCode = 1;
  await board.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
