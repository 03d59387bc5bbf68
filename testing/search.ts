/**
 * The `search` filter on texts where databases and JavaScript disagree: one- and two-character
 * needles (below the trigram index's reach), `%` and `_` (wildcards to LIKE), quotes (syntax to
 * FTS5), emoji, combining marks, and letters whose lower case is longer (`İ`) or that have no
 * single-letter upper case (`ß`), Chinese and Japanese written without spaces (two-character
 * words, a supplementary-plane kanji). Every adapter must give exactly what a JavaScript substring
 * test on the folded title and body gives.
 */
import { foldCase, matchesSearch } from '../src/storage/text.js';
import { at, newPost, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const TEXTS: [title: string, body: string][] = [
  ['Dark mode', 'Make it DARK'],
  ['İstanbul office', 'Istanbul, not İzmir'],
  ['STRASSE', 'a long road'],
  ['Straße', 'ß alone'],
  ['100% sure', 'snake_case and 50%'],
  ['He said "hi"', "it's a 'quote'"],
  ['🌙 moon', 'night 🌙🌙 sky'],
  ['café', 'composed é'],
  ['cafe\u0301', 'combining e\u0301'],
  ['a', ''],
  ['ab', 'b'],
  ['NEAR MATCH', 'mod e'],
  ['x"y', 'back\\slash'],
  ['全文検索がほしい', 'ダークモードに対応してください'],
  ['支持导出为 CSV', '希望能导出全部帖子'],
  ['𠮷野家', '牛丼'],
];

const NEEDLES = [
  'a', 'b', 'ab', 'e', 'mo', 'mode', 'dark', 'DARK', '%', '_', '100%', '0%', 'e_c', '_case', '%_',
  '"', '"hi"', "'", "it's", '""', 'x"y', '\\', 'k\\s',
  '🌙', '🌙🌙', '🌙 m', 'n 🌙',
  '\u0301', 'e\u0301', 'fe\u0301', 'é', 'café',
  'İ', 'i̇', 'İstanbul', 'istanbul', 'i̇z',
  'ß', 'straße', 'strasse', 'ss', 'SS',
  'zzz', ' ', 'e m', 'a long road',
  '検索', '全文検索', '索', 'ダーク', 'モード', '导出', '帖', 'csv', '导出为 csv', '𠮷', '𠮷野',
];

export function searchTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('listPosts search', () => {
    ctx.test('every needle matches exactly the posts whose folded title or body contains it, in every sort', async () => {
      await ctx.write(async (tx) => {
        const { board } = await seedBoard(tx);
        for (const [i, [title, body]] of TEXTS.entries()) {
          await tx.insertPost(newPost(board.id, { title, body, created_at: at(i % 4), status: i % 3 === 0 ? 'planned' : 'open' }));
        }
      });
      for (const raw of NEEDLES) {
        const search = foldCase(raw);
        const matching = TEXTS.map(([title, body], i) => ({ id: i + 1, title, body, created_at: at(i % 4) }))
          .filter((post) => matchesSearch(post, search))
          .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
          .map((post) => post.id);
        const page = await ctx.read((tx) => tx.listPosts(1, { sort: 'new', limit: 50, offset: 0, search }));
        expect({ needle: raw, ids: page.rows.map((p) => p.id), total: page.total }).toEqual({ needle: raw, ids: matching, total: matching.length });
        const second = await ctx.read((tx) => tx.listPosts(1, { sort: 'top', limit: 2, offset: 1, search }));
        expect({ needle: raw, ids: second.rows.map((p) => p.id), total: second.total }).toEqual({
          needle: raw,
          ids: matching.slice(1, 3),
          total: matching.length,
        });
      }
    });

    ctx.test('search follows edits of title and body, deletes, and combines with status and tag', async () => {
      await ctx.write(async (tx) => {
        const { board } = await seedBoard(tx);
        for (const [title, body] of TEXTS.slice(0, 4)) await tx.insertPost(newPost(board.id, { title, body }));
        await tx.updatePost(1, { title: 'Light theme', body: 'no more' });
        await tx.updatePost(3, { body: 'dark alley' });
        await tx.deletePost(2);
        await tx.setPostTags(4, (await tx.ensureTags(board.id, ['Roads'])).map((tag) => tag.id));
        await tx.updatePost(4, { status: 'planned', body: 'a dark road' });
      });
      const search = (q: string, extra: { status?: 'planned'; tagId?: number } = {}) =>
        ctx.read(async (tx) => (await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, search: q, ...extra })).rows.map((p) => p.id));
      expect(await search('dark')).toEqual([4, 3]);
      expect(await search('light')).toEqual([1]);
      expect(await search('istanbul')).toEqual([]);
      expect(await search('dark', { status: 'planned' })).toEqual([4]);
      expect(await search('dark', { tagId: 1 })).toEqual([4]);
      expect(await search('ar', { tagId: 1 })).toEqual([4]);
    });
  });
}
