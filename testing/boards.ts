/** Boards and tags. */
import { at, ids, newBoard, newOrganization, newPost, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function boardTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('boards', () => {
    ctx.test('boards are found by id and by slug within their organization', async () => {
      const boards = await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        return [
          await tx.insertBoard(newBoard(acme.id, { slug: 'features', description: 'All of them', logo_url: 'https://x.example/l.png' })),
          await tx.insertBoard(newBoard(globex.id, { slug: 'features' })),
          await tx.insertBoard(newBoard(acme.id, { slug: 'bugs', published: true })),
        ];
      });
      expect(boards[0]).toEqual({
        id: 1,
        ...newBoard(1, { slug: 'features', description: 'All of them', logo_url: 'https://x.example/l.png' }),
      });
      await ctx.read(async (tx) => {
        expect(await tx.getBoard(3)).toEqual(boards[2]);
        expect(await tx.getBoard(4)).toBeNull();
        expect(await tx.getBoardBySlug(1, 'features')).toEqual(boards[0]);
        expect(await tx.getBoardBySlug(2, 'features')).toEqual(boards[1]);
        expect(await tx.getBoardBySlug(2, 'bugs')).toBeNull();
        expect(await tx.getBoardBySlug(1, 'Features')).toBeNull();
      });
    });

    ctx.test('boards are listed per organization by created_at, then id', async () => {
      await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        await tx.insertBoard(newBoard(acme.id, { slug: 'a', created_at: at(10) }));
        await tx.insertBoard(newBoard(acme.id, { slug: 'b', created_at: at(2) }));
        await tx.insertBoard(newBoard(globex.id, { slug: 'c', created_at: at(1) }));
        await tx.insertBoard(newBoard(acme.id, { slug: 'd', created_at: at(10) }));
        await tx.insertBoard(newBoard(acme.id, { slug: 'e', created_at: at(2) }));
      });
      expect(ids(await ctx.read((tx) => tx.listBoards(1)))).toEqual([2, 5, 1, 4]);
      expect(ids(await ctx.read((tx) => tx.listBoards(2)))).toEqual([3]);
      expect(await ctx.read((tx) => tx.listBoards(3))).toEqual([]);
    });

    ctx.test('updateBoard changes only the given fields', async () => {
      const { board } = await ctx.write(seedBoard);
      const published = await ctx.write((tx) => tx.updateBoard(board.id, { published: true, logo_url: 'https://x.example/a.png' }));
      expect(published).toEqual({ ...board, published: true, logo_url: 'https://x.example/a.png' });
      const renamed = await ctx.write((tx) =>
        tx.updateBoard(board.id, { name: 'Ideas', description: 'd', welcome_message: 'Hi', logo_url: null }),
      );
      expect(renamed).toEqual({ ...board, published: true, name: 'Ideas', description: 'd', welcome_message: 'Hi' });
      expect(await ctx.read((tx) => tx.getBoard(board.id))).toEqual(renamed);
      expect(await ctx.write((tx) => tx.updateBoard(99, { name: 'x' }))).toBeNull();
    });
  });

  ctx.t.describe('tags', () => {
    ctx.test('ensureTags creates missing tags and reuses existing ones case-insensitively', async () => {
      const { board } = await ctx.write(seedBoard);
      const first = await ctx.write((tx) => tx.ensureTags(board.id, ['UI', 'Bug']));
      expect(first).toEqual([
        { id: 1, board_id: board.id, name: 'UI', slug: 'ui' },
        { id: 2, board_id: board.id, name: 'Bug', slug: 'bug' },
      ]);
      const second = await ctx.write((tx) => tx.ensureTags(board.id, ['bug', 'Ärger', 'ui', 'ÄRGER', 'BUG']));
      expect(second).toEqual([
        { id: 2, board_id: board.id, name: 'Bug', slug: 'bug' },
        { id: 3, board_id: board.id, name: 'Ärger', slug: 'ärger' },
        { id: 1, board_id: board.id, name: 'UI', slug: 'ui' },
      ]);
      expect(await ctx.write((tx) => tx.ensureTags(board.id, []))).toEqual([]);
    });

    ctx.test('tags belong to one board', async () => {
      const [one, two] = await ctx.write(async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        return [await tx.insertBoard(newBoard(org.id, { slug: 'one' })), await tx.insertBoard(newBoard(org.id, { slug: 'two' }))];
      });
      await ctx.write((tx) => tx.ensureTags(one!.id, ['UI']));
      const other = await ctx.write((tx) => tx.ensureTags(two!.id, ['ui']));
      expect(other).toEqual([{ id: 2, board_id: two!.id, name: 'ui', slug: 'ui' }]);
      await ctx.read(async (tx) => {
        expect(await tx.getTagBySlug(one!.id, 'ui')).toEqual({ id: 1, board_id: one!.id, name: 'UI', slug: 'ui' });
        expect(await tx.getTagBySlug(two!.id, 'ui')).toEqual(other[0]);
        expect(await tx.getTagBySlug(one!.id, 'bug')).toBeNull();
        expect(await tx.getTagBySlug(3, 'ui')).toBeNull();
      });
    });

    ctx.test('countTags counts the board’s own tags', async () => {
      const [one, two] = await ctx.write(async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        return [await tx.insertBoard(newBoard(org.id, { slug: 'one' })), await tx.insertBoard(newBoard(org.id, { slug: 'two' }))];
      });
      await ctx.write(async (tx) => {
        await tx.ensureTags(one!.id, ['UI', 'ui', 'Bug']);
        await tx.ensureTags(two!.id, ['UI']);
      });
      expect(await ctx.read(async (tx) => [await tx.countTags(one!.id), await tx.countTags(two!.id), await tx.countTags(99)])).toEqual([2, 1, 0]);
    });

    ctx.test('listTags lists the board’s own tags by slug', async () => {
      const [one, two] = await ctx.write(async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        return [await tx.insertBoard(newBoard(org.id, { slug: 'one' })), await tx.insertBoard(newBoard(org.id, { slug: 'two' }))];
      });
      const created = await ctx.write(async (tx) => {
        await tx.ensureTags(two!.id, ['Other']);
        return tx.ensureTags(one!.id, ['Zoom', 'api', 'Billing']);
      });
      const [zoom, api, billing] = created;
      expect(await ctx.read(async (tx) => tx.listTags(one!.id))).toEqual([api, billing, zoom]);
      expect(await ctx.read(async (tx) => tx.listTags(99))).toEqual([]);
    });

    ctx.test('setPostTags replaces the set and getTagsOfPosts lists each by tag id', async () => {
      const { board } = await ctx.write(seedBoard);
      await ctx.write(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.insertPost(newPost(board.id));
        await tx.ensureTags(board.id, ['a', 'b', 'c', 'd']);
        await tx.setPostTags(1, [3, 1, 2]);
        await tx.setPostTags(2, [4, 4, 2]);
      });
      const tagIds = async (postIds: number[]) => {
        const found = await ctx.read((tx) => tx.getTagsOfPosts(postIds));
        return postIds.map((postId) => found.get(postId)?.map((tag) => tag.id));
      };
      expect(await tagIds([1, 2, 3, 99])).toEqual([[1, 2, 3], [2, 4], [], []]);
      await ctx.write((tx) => tx.setPostTags(1, [4, 2]));
      await ctx.write((tx) => tx.setPostTags(2, []));
      expect(await tagIds([2, 1])).toEqual([[], [2, 4]]);
      const tags = (await ctx.read((tx) => tx.getTagsOfPosts([1]))).get(1);
      expect(tags).toEqual([
        { id: 2, board_id: board.id, name: 'b', slug: 'b' },
        { id: 4, board_id: board.id, name: 'd', slug: 'd' },
      ]);
      expect((await ctx.read((tx) => tx.getTagsOfPosts([]))).size).toBe(0);
    });
  });
}
