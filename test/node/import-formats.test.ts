/**
 * The exports of other tools, from fixtures in their published formats (test/node/fixtures/):
 * Fider's posts CSV (as `app/pkg/csv/csv.go` writes it), UserVoice's full suggestions export (one
 * row per idea and voter), Quackback's CSV import template (its own example rows) and Canny's API
 * answers. Each lands with its statuses mapped, its team's rows as the team's, its merges as
 * merges, what it cannot carry counted; and importing it again stores nothing more, on memory and
 * SQLite alike.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFeedbackCsv, type CsvFormatName } from '../../src/node/csv-import.js';
import { importCannyExport } from '../../src/node/import-canny.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import { dumpOf, IMPORT_STORES } from './import-stores.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const NOW = '2026-11-28T10:00:00.000Z';
const target = { organization: 'Acme', createOrganization: true, board: 'ideas', now: NOW };

const ADAPTERS = IMPORT_STORES;

const importCsv = (storage: Storage, file: string, format: CsvFormatName) =>
  importFeedbackCsv(storage, createReadStream(join(FIXTURES, file)), { ...target, format });

/** The board's posts as the import left them: those listed (all but merged ones), each one's fields, the merges. */
async function postsOf(tx: StorageTx) {
  const board = (await tx.getBoardBySlug(1, 'ideas'))!;
  const { rows } = await tx.listPosts(board.id, { sort: 'new', limit: 100, offset: 0 });
  const merged = [];
  const all = [];
  for (let id = 1; id <= 20; id++) {
    const post = await tx.getPost(id);
    if (post === null) continue;
    const author = await tx.getPostAuthor(id);
    const voter = author === null ? null : await tx.getVoter(author);
    const merge = await tx.getPostMerge(id);
    if (merge !== null) merged.push([post.title, (await tx.getPost(merge.target_id))!.title, merge.merged_at]);
    all.push({
      title: post.title, body: post.body, status: post.status, hidden: post.hidden, is_admin: post.is_admin, shipped_at: post.shipped_at, created_at: post.created_at,
      author: voter === null ? null : `${voter.name} <${voter.email ?? ''}>`, votes: post.vote_count,
      tags: ((await tx.getTagsOfPosts([id])).get(id) ?? []).map((tag) => tag.name),
      comments: (await tx.listComments(id)).map((c) => `${c.is_admin ? 'team' : `voter ${c.voter_id}`}${c.parent_comment_id === null ? '' : ` re ${c.parent_comment_id}`}: ${c.body}`),
    });
  }
  return { listed: rows.map((post) => post.title).sort(), all, merged };
}

describe.each(Object.keys(ADAPTERS))('%s', (name) => {
  it("Fider's posts export: statuses mapped, the team's responses as its comments, duplicates merged, counts left out", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const result = await importCsv(storage, 'fider-posts.csv', 'fider');
    expect(result).toMatchObject({ posts: 7, votes: 0, comments: 5, votersCreated: 6, organizationCreated: true, boardCreated: true });
    expect(result.leftOut).toEqual({
      "votes (Fider's export counts them, without the voters)": 19,
      "comments (Fider's export counts them only)": 4,
      'duplicates of posts not in the export (stored as declined)': 1,
    });
    const { listed, all, merged } = await storage.transaction('read', postsOf);
    expect(listed).toEqual(['Dark mode', 'Export to CSV', 'Kotlin SDK', 'Offline mode', 'Old duplicate', 'Slack app']);
    expect(merged).toEqual([['CSV export, please', 'Export to CSV', '2024-03-04T09:00:00.000Z']]);
    const byTitle = Object.fromEntries(all.map((post) => [post.title, post]));
    expect(byTitle['Dark mode']).toMatchObject({ status: 'planned', is_admin: false, author: 'Alice Martin <>', tags: ['ui', 'theme'], comments: ['team: On the roadmap for spring.'] });
    expect(byTitle['Export to CSV']).toMatchObject({ status: 'shipped', shipped_at: '2024-04-01T12:00:00.000Z', author: 'Carol <>', comments: ['team: Shipped in 2.3!'] });
    expect(byTitle['CSV export, please']).toMatchObject({ hidden: true, author: 'Alice Martin <>' });
    expect(byTitle['Offline mode']).toMatchObject({ status: 'in_progress', tags: ['sync'], created_at: '2024-03-04T09:00:00.000Z', body: 'Works on the train\nand on the plane' });
    expect(byTitle['Slack app']!.tags).toEqual(['this-tag-has,comma']);
    expect(byTitle['Old duplicate']).toMatchObject({ status: 'declined', hidden: false });
    const before = await dumpOf(port);
    const again = await importCsv(storage, 'fider-posts.csv', 'fider');
    expect(again).toMatchObject({ posts: 0, comments: 0, votersCreated: 0, skipped: { posts: 7, votes: 0, comments: 5 } });
    expect(await dumpOf(port)).toBe(before);
  });

  it("UserVoice's suggestions export: one post per idea, a vote per row, moderated ideas hidden, the status message as the team's", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const result = await importCsv(storage, 'uservoice-suggestions.csv', 'uservoice');
    expect(result).toMatchObject({ posts: 3, votes: 4, comments: 1, votersCreated: 4, leftOut: {} });
    const { listed, all } = await storage.transaction('read', postsOf);
    expect(listed).toEqual(['Cheap watches', 'Dark mode', 'Export CSV']);
    const byTitle = Object.fromEntries(all.map((post) => [post.title, post]));
    expect(byTitle['Dark mode']).toMatchObject({
      status: 'open', votes: 2, author: 'Alice <alice@example.com>', tags: ['ui', 'theme', 'Appearance'], created_at: '2025-07-21T03:37:03.000Z',
    });
    expect(byTitle['Export CSV']).toMatchObject({ status: 'shipped', shipped_at: '2025-06-20T08:00:00.000Z', body: 'Let me export my data, all of it.', comments: ['team: Shipped in June!'] });
    expect(byTitle['Cheap watches']).toMatchObject({ hidden: true, votes: 1 });
    const before = await dumpOf(port);
    expect(await importCsv(storage, 'uservoice-suggestions.csv', 'uservoice')).toMatchObject({ posts: 0, votes: 0, skipped: { posts: 3, votes: 4, comments: 1 } });
    expect(await dumpOf(port)).toBe(before);
  });

  it("Quackback's template: its own example rows, a name without an address as a voter, a blank time as now", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const result = await importCsv(storage, 'quackback-template.csv', 'quackback');
    expect(result).toMatchObject({ posts: 3, votes: 0, votersCreated: 3, leftOut: { 'votes (the template counts them, without the voters)': 7 } });
    const byTitle = Object.fromEntries((await storage.transaction('read', postsOf)).all.map((post) => [post.title, post]));
    expect(byTitle['Add dark mode support']).toMatchObject({ status: 'open', tags: ['feature', 'ui'], author: 'John Doe <john@example.com>' });
    expect(byTitle['Fix login timeout']).toMatchObject({ status: 'open', author: 'Jane Doe <>', is_admin: false, created_at: NOW });
    expect(byTitle['Export to PDF']).toMatchObject({ status: 'shipped', shipped_at: '2024-02-01T08:00:00.000Z' });
    const before = await dumpOf(port);
    const later = '2026-11-29T10:00:00.000Z';
    const again = await importFeedbackCsv(storage, createReadStream(join(FIXTURES, 'quackback-template.csv')), { ...target, now: later, format: 'quackback' });
    expect(again).toMatchObject({ posts: 0, skipped: { posts: 3 } });
    expect(await dumpOf(port)).toBe(before);
  });

  it("Canny's API answers: threads, admins as the team, merged posts from mergeHistory, internal comments and votes without an address left out", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const result = await importCannyExport(storage, join(FIXTURES, 'canny'), target);
    expect(result).toMatchObject({ posts: 3, votes: 3, comments: 2, votersCreated: 2 });
    expect(result.leftOut).toEqual({ 'internal comments (seen by the team only, in Canny)': 1, 'votes of voters without an e-mail address': 1 });
    const { listed, all, merged } = await storage.transaction('read', postsOf);
    expect(listed).toEqual(['Keyboard shortcuts', 'Offline mode']);
    expect(merged).toEqual([['Use the app without a connection', 'Offline mode', '2017-07-20T09:30:00.000Z']]);
    const byTitle = Object.fromEntries(all.map((post) => [post.title, post]));
    expect(byTitle['Offline mode']).toMatchObject({ status: 'in_progress', votes: 2, author: 'Sally Doe <sally@example.com>', tags: ['Sync', 'Mobile'] });
    const [tom, reply] = byTitle['Offline mode']!.comments;
    expect(tom).toMatch(/^voter \d+: Yes, for the train!$/);
    expect(reply).toMatch(/^team re \d+: We are on it\.$/);
    expect(byTitle['Keyboard shortcuts']).toMatchObject({ status: 'shipped', is_admin: true, author: null, shipped_at: '2017-09-01T10:00:00.000Z', votes: 1 });
    expect(byTitle['Use the app without a connection']).toMatchObject({ hidden: true, created_at: '2017-07-18T08:00:00.000Z' });
    const before = await dumpOf(port);
    expect(await importCannyExport(storage, join(FIXTURES, 'canny'), target)).toMatchObject({ posts: 0, votes: 0, comments: 0, skipped: { posts: 3, votes: 3, comments: 2 } });
    expect(await dumpOf(port)).toBe(before);
  });

  it("Canny's answers in another encoding than UTF-8 are refused, naming the file, storing nothing", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const before = await dumpOf(port);
    const folder = await mkdtemp(join(tmpdir(), 'canny-latin1-'));
    for (const file of ['posts.json', 'comments.json', 'votes.json']) await copyFile(join(FIXTURES, 'canny', file), join(folder, file));
    // "café" in Latin-1 in a post's title: its é is the lone byte 0xE9.
    const posts = await readFile(join(folder, 'posts.json'), 'utf8');
    await writeFile(join(folder, 'posts.json'), Buffer.from(posts.replace('Offline mode', 'Offline caf\u00e9'), 'latin1'));
    await expect(importCannyExport(storage, folder, target)).rejects.toThrow('posts.json is not valid UTF-8');
    expect(await dumpOf(port)).toBe(before);
  });
});
