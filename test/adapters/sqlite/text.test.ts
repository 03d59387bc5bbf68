/**
 * Strings in the SQLite adapter: exact round trips (astral characters, combining marks, quotes,
 * wildcards), refusal of what SQLite cannot store, and `search` with the contract's meaning:
 * `foldCase` substring of title or body, every character literal.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteStorage } from '../../../adapters/sqlite/index.js';
import { foldCase, matchesSearch } from '../../../src/storage/text.js';
import { newPost, seedBoard, storageFactory, T0 } from './helpers.js';

const SAMPLES = [
  'emoji 😀👍🏽 and a family 👨‍👩‍👧‍👦',
  'astral 𝒜𝔅ℭ 𠜎𠜱 and U+10FFFF \u{10FFFF}',
  'combining e\u0301 vs \u00e9, Hangul 한국어',
  'quotes \' " ` and wildcards % _ \\ [a-z]* ?',
  'line\nbreaks\r\nand\u2028separators\u2029, BOM \uFEFF, RTL \u202Eabc',
  '',
];

let factory: ReturnType<typeof storageFactory>;
let storage: SqliteStorage;
let boardId: number;
beforeAll(async () => {
  factory = storageFactory();
  storage = factory.open();
  ({ boardId } = await storage.transaction('write', seedBoard));
});
afterAll(async () => {
  await factory.cleanup();
});

describe('sqlite strings', () => {
  it('stores every string exactly, and reads it back after reopening', async () => {
    const ids = await storage.transaction('write', async (tx) => {
      const postIds: number[] = [];
      for (const text of SAMPLES) {
        const post = await tx.insertPost(newPost(boardId, { title: text || 'x', body: text }));
        await tx.insertComment({
          post_id: post.id,
          parent_comment_id: null,
          body: text,
          is_admin: false,
          hidden: false,
          voter_id: null,
          created_at: T0,
        });
        await tx.ensureTags(boardId, [text || 'y']);
        postIds.push(post.id);
      }
      return postIds;
    });
    const file = storage.database.name;
    await storage.close();
    storage = factory.open(file);
    const { posts, comments, tags } = await storage.transaction('read', async (tx) => ({
      posts: await Promise.all(ids.map((id) => tx.getPost(id))),
      comments: await Promise.all(ids.map(async (id) => (await tx.listComments(id))[0]?.body)),
      tags: await Promise.all(SAMPLES.map((text) => tx.getTagBySlug(boardId, foldCase(text || 'y')))),
    }));
    expect(posts.map((post) => post?.body)).toEqual(SAMPLES);
    expect(comments).toEqual(SAMPLES);
    expect(tags.map((tag) => tag?.name)).toEqual(SAMPLES.map((text) => text || 'y'));
  });

  it('refuses a lone surrogate instead of storing U+FFFD, and writes nothing', async () => {
    const before = await storage.transaction('read', (tx) => tx.listOrganizations());
    for (const bad of ['\uD83D', 'x\uDE00y', 'end\uD800']) {
      await expect(
        storage.transaction('write', async (tx) => {
          await tx.insertOrganization({ name: 'fine', created_at: T0 });
          await tx.insertOrganization({ name: bad, created_at: T0 });
        }),
      ).rejects.toThrow(TypeError);
    }
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toEqual(before);
  });
});

describe('sqlite search', () => {
  /** Characters where SQL and JavaScript disagree: wildcards, escapes, non-ASCII case, astral. */
  const unit = fc.constantFrom(
    'a', 'A', 'b', 'B', ' ', '%', '_', '\\', "'", '"', '[', '*',
    'É', 'é', 'ß', 'ẞ', 'İ', 'i', 'ı', 'Σ', 'σ', 'ς', 'Ǆ', 'ǆ', '😀', '𝒜', '\u0301',
  );
  const text = fc.string({ unit, maxLength: 12 });

  it('matches exactly the posts whose folded title or body contain the folded needle', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ title: text, body: text }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.string({ unit, minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        async (posts, needles) => {
          const temp = factory.open(factory.path(`search-${Math.random().toString(36).slice(2)}.db`));
          const { boardId: board } = await temp.transaction('write', seedBoard);
          const stored = await temp.transaction('write', async (tx) => {
            const rows = [];
            for (const post of posts) rows.push(await tx.insertPost(newPost(board, post)));
            return rows;
          });
          // Needles cut from the posts themselves (by code point), so that most of them match.
          const cut = posts.map(({ title, body }) => [...foldCase(title + body)].slice(1, 4).join(''));
          for (const needle of [...needles, ...cut.filter((c) => c !== '')]) {
            const folded = foldCase(needle);
            const page = await temp.transaction('read', (tx) =>
              tx.listPosts(board, { search: folded, sort: 'new', limit: 500, offset: 0 }),
            );
            const expected = stored.filter((post) => matchesSearch(post, folded)).map((post) => post.id);
            expect(page.rows.map((post) => post.id).sort((a, b) => a - b)).toEqual(expected);
            expect(page.total).toBe(expected.length);
          }
          await temp.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('treats % and _ literally and folds non-ASCII case', async () => {
    const { boardId: board } = await storage.transaction('write', seedBoard);
    await storage.transaction('write', async (tx) => {
      await tx.insertPost(newPost(board, { title: '100% ready' }));
      await tx.insertPost(newPost(board, { title: '100 percent' }));
      await tx.insertPost(newPost(board, { title: 'snake_case' }));
      await tx.insertPost(newPost(board, { title: 'snakeXcase', body: 'ÉCOLE Ωmega' }));
    });
    const titles = (search: string) =>
      storage.transaction('read', async (tx) =>
        (await tx.listPosts(board, { search, sort: 'new', limit: 10, offset: 0 })).rows.map((p) => p.title),
      );
    expect(await titles('0%')).toEqual(['100% ready']);
    expect(await titles('e_c')).toEqual(['snake_case']);
    expect(await titles(foldCase('école ΩMEGA'))).toEqual(['snakeXcase']);
  });

  it('handles needles far longer than LIKE would accept', async () => {
    const { boardId: board } = await storage.transaction('write', seedBoard);
    const long = '%_'.repeat(10_000) + 'end';
    await storage.transaction('write', (tx) => tx.insertPost(newPost(board, { title: 'long', body: `x${long}y` })));
    const found = await storage.transaction('read', (tx) =>
      tx.listPosts(board, { search: foldCase(long), sort: 'top', limit: 10, offset: 0 }),
    );
    expect(found.rows.map((post) => post.title)).toEqual(['long']);
    const huge = 'a'.repeat(60_000);
    const none = await storage.transaction('read', (tx) =>
      tx.listPosts(board, { search: huge, sort: 'new', limit: 10, offset: 0 }),
    );
    expect(none.total).toBe(0);
  });
});
