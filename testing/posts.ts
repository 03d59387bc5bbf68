/** Post records: insert, read, patch, the cascading delete and the filtered list. */
import type { PostListQuery } from '../src/storage/contract.js';
import { foldCase } from '../src/storage/text.js';
import {
  at,
  castVotes,
  ids,
  newApiKey,
  newBoard,
  newComment,
  newEvidence,
  newPost,
  seedBoard,
  seedVoters,
} from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function postTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('posts', () => {
    ctx.test("listPinnedPosts lists a board's pinned posts by id, hidden ones included, merged ones and other boards' not", async () => {
      const { organization, board } = await ctx.write(seedBoard);
      const other = await ctx.write((tx) => tx.insertBoard(newBoard(organization.id, { slug: 'other' })));
      const pins = [true, false, true, true, false, true];
      const posts = await ctx.write(async (tx) => {
        const made = [];
        for (const [i, pinned] of pins.entries()) made.push(await tx.insertPost(newPost(board.id, { pinned, hidden: i === 2, created_at: at(10 - i) })));
        await tx.insertPost(newPost(other.id, { pinned: true }));
        await tx.updatePost(made[1]!.id, { pinned: true });
        await tx.updatePost(made[0]!.id, { pinned: false });
        await tx.insertPostMerge({
          source_id: made[5]!.id, target_id: made[4]!.id, board_id: board.id, merged_at: at(20), source_hidden: false,
          votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
        });
        return made;
      });
      expect(ids(await ctx.read((tx) => tx.listPinnedPosts(board.id)))).toEqual([posts[1]!.id, posts[2]!.id, posts[3]!.id]);
      expect(await ctx.read((tx) => tx.listPinnedPosts(999))).toEqual([]);
    });

    ctx.test('insertPost stores every field with zero counts', async () => {
      const { board } = await ctx.write(seedBoard);
      const proposal = { status: 'planned' as const, note: 'n', proposed_at: at(3), proposed_by_api_key_id: 7, proposed_by_connection_id: null };
      const row = newPost(board.id, {
        title: 'Ship it',
        body: 'Body',
        status: 'shipped',
        is_admin: false,
        hidden: true,
        pinned: true,
        queue_rank: 0,
        shipped_at: at(2),
        created_at: at(1),
        proposal,
      });
      const post = await ctx.write((tx) => tx.insertPost(row));
      // Without a label, the post shows its organization's default status of its category (shipped: id 4).
      expect(post).toEqual({ id: 1, ...row, vote_count: 0, comment_count: 0, status_label_id: 4, fields: null });
      expect(await ctx.read((tx) => tx.getPost(1))).toEqual(post);
      expect(await ctx.read((tx) => tx.getPost(2))).toBeNull();
    });

    ctx.test('countPosts counts the board’s posts, hidden ones included, and follows inserts and deletes', async () => {
      const { board, other } = await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
        await tx.insertPost(newPost(board.id));
        await tx.insertPost(newPost(board.id, { hidden: true, status: 'shipped', shipped_at: at(1) }));
        await tx.insertPost(newPost(board.id, { status: 'declined' }));
        await tx.insertPost(newPost(other.id));
        return { board, other };
      });
      expect(await ctx.read(async (tx) => [await tx.countPosts(board.id), await tx.countPosts(other.id), await tx.countPosts(99)])).toEqual([3, 1, 0]);
      await ctx.write((tx) => tx.deletePost(1));
      expect(await ctx.read((tx) => tx.countPosts(board.id))).toBe(2);
    });

    ctx.test('updatePost changes only the given fields', async () => {
      const { board } = await ctx.write(seedBoard);
      const post = await ctx.write((tx) => tx.insertPost(newPost(board.id, { queue_rank: 4 })));
      const proposal = { status: 'declined' as const, note: '', proposed_at: at(3), proposed_by_api_key_id: 1, proposed_by_connection_id: null };
      const first = await ctx.write((tx) =>
        tx.updatePost(post.id, { status: 'shipped', shipped_at: at(5), queue_rank: null, proposal }),
      );
      expect(post.status_label_id).toBe(1);
      expect(first).toEqual({ ...post, status: 'shipped', status_label_id: 4, shipped_at: at(5), queue_rank: null, proposal });
      const second = await ctx.write((tx) =>
        tx.updatePost(post.id, { title: 'New', body: 'b', hidden: true, pinned: true, queue_rank: 0, proposal: null }),
      );
      const expected = { ...post, status: 'shipped', status_label_id: 4, shipped_at: at(5), title: 'New', body: 'b', hidden: true, pinned: true, queue_rank: 0 };
      expect(second).toEqual(expected);
      expect(await ctx.write((tx) => tx.updatePost(post.id, {}))).toEqual(expected);
      // A field present with the value undefined is absent too (a patch built from optional input).
      expect(await ctx.write((tx) => tx.updatePost(post.id, { title: undefined, queue_rank: undefined }))).toEqual(expected);
      expect(await ctx.read((tx) => tx.getPost(post.id))).toEqual(expected);
      expect(await ctx.write((tx) => tx.updatePost(99, { title: 'x' }))).toBeNull();
    });

    ctx.test('deletePost removes the post with its votes, comments, reactions, claim, evidence and tag links', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      await ctx.write(async (tx) => {
        const key = await tx.insertApiKey(newApiKey(organization.id));
        const voters = await seedVoters(tx, organization.id, 3);
        const [tag] = await tx.ensureTags(board.id, ['UI']);
        for (let i = 0; i < 2; i++) {
          const post = await tx.insertPost(newPost(board.id, { title: `Post ${i + 1}` }));
          await castVotes(tx, post.id, voters);
          const comment = await tx.insertComment(newComment(post.id));
          await tx.insertComment(newComment(post.id, { parent_comment_id: comment.id }));
          await tx.insertReaction({ comment_id: comment.id, voter_id: voters[0]!.id, reaction: '👍', created_at: at(1) });
          await tx.insertEvidence(newEvidence(post.id, { action_key: 'k' }));
          await tx.claimPost({ post_id: post.id, api_key_id: key.id, now: at(0), expires_at: at(60) });
          await tx.setPostTags(post.id, [tag!.id]);
        }
      });
      expect(await ctx.write((tx) => tx.deletePost(1))).toBe(true);
      await ctx.read(async (tx) => {
        expect(await tx.getPost(1)).toBeNull();
        expect(await tx.listVoterIds(1)).toEqual([]);
        expect(await tx.listComments(1)).toEqual([]);
        expect(await tx.getComment(1)).toBeNull();
        expect(await tx.getComment(2)).toBeNull();
        expect((await tx.getReactionCounts([1])).size).toBe(0);
        expect(await tx.listEvidence(1)).toEqual([]);
        expect(await tx.findEvidenceByActionKey(1, 'k')).toBeNull();
        expect(await tx.getClaim(1)).toBeNull();
        expect((await tx.getTagsOfPosts([1])).get(1)).toEqual([]);
        expect(ids((await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0, tagId: 1 })).rows)).toEqual([2]);
        // The other post keeps everything, and the tag stays on the board.
        const other = await tx.getPost(2);
        expect([other?.vote_count, other?.comment_count]).toEqual([3, 2]);
        expect(await tx.listVoterIds(2)).toEqual([1, 2, 3]);
        expect(ids(await tx.listComments(2))).toEqual([3, 4]);
        expect([...(await tx.getReactionCounts([3]))]).toEqual([[3, { '👍': 1 }]]);
        expect(await tx.listEvidence(2)).toHaveLength(1);
        expect(await tx.getClaim(2)).not.toBeNull();
        expect(await tx.getTagBySlug(board.id, 'ui')).not.toBeNull();
      });
      expect(await ctx.write((tx) => tx.deletePost(1))).toBe(false);
      expect(await ctx.write((tx) => tx.deletePost(99))).toBe(false);
    });
  });

  ctx.t.describe('listPosts', () => {
    /** Posts 1..6 of board 1 (post 7 is on board 2); see the table in each test. */
    async function seedList(): Promise<void> {
      await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
        const voters = await seedVoters(tx, organization.id, 3);
        const rows = [
          { title: 'Dark mode', body: 'Please', status: 'open', created_at: at(1), votes: 1 },
          { title: 'Export to CSV', body: '100% needed', status: 'planned', created_at: at(3), votes: 3 },
          { title: 'Faster search', body: 'snake_case names', status: 'open', created_at: at(3), votes: 1, hidden: true },
          { title: 'ÜBER mode', body: '', status: 'shipped', created_at: at(2), votes: 0 },
          { title: 'Dark MODE for mobile', body: 'dark', status: 'open', created_at: at(0), votes: 3 },
          { title: 'Offline', body: 'works offline', status: 'planned', created_at: at(3), votes: 1 },
        ] as const;
        for (const row of rows) {
          const post = await tx.insertPost(
            newPost(board.id, { title: row.title, body: row.body, status: row.status, created_at: row.created_at, hidden: 'hidden' in row }),
          );
          await castVotes(tx, post.id, voters.slice(0, row.votes));
        }
        await tx.insertPost(newPost(other.id, { title: 'Dark mode elsewhere', created_at: at(9) }));
        const [ui, csv] = await tx.ensureTags(board.id, ['UI', 'CSV']);
        await tx.setPostTags(1, [ui!.id]);
        await tx.setPostTags(5, [ui!.id, csv!.id]);
        await tx.setPostTags(2, [csv!.id]);
        await tx.setPostTags(7, (await tx.ensureTags(other.id, ['UI'])).map((tag) => tag.id));
      });
    }

    async function list(query: Partial<PostListQuery>): Promise<{ ids: number[]; total: number }> {
      const page = await ctx.read((tx) => tx.listPosts(1, { sort: 'new', limit: 100, offset: 0, ...query }));
      return { ids: ids(page.rows), total: page.total };
    }

    ctx.test('sort new orders by created_at desc, then id desc, hidden posts included', async () => {
      await seedList();
      expect(await list({ sort: 'new' })).toEqual({ ids: [6, 3, 2, 4, 1, 5], total: 6 });
    });

    ctx.test('sort top orders by vote_count desc, then created_at desc, then id desc', async () => {
      await seedList();
      expect(await list({ sort: 'top' })).toEqual({ ids: [2, 5, 6, 3, 1, 4], total: 6 });
    });

    ctx.test('limit and offset page the list and total counts every match', async () => {
      await seedList();
      expect(await list({ limit: 2, offset: 0 })).toEqual({ ids: [6, 3], total: 6 });
      expect(await list({ limit: 2, offset: 2 })).toEqual({ ids: [2, 4], total: 6 });
      expect(await list({ limit: 4, offset: 5 })).toEqual({ ids: [5], total: 6 });
      expect(await list({ limit: 1, offset: 6 })).toEqual({ ids: [], total: 6 });
      expect(await list({ limit: 500, offset: 1000 })).toEqual({ ids: [], total: 6 });
    });

    ctx.test('status filters to one status', async () => {
      await seedList();
      expect(await list({ status: 'planned', sort: 'top' })).toEqual({ ids: [2, 6], total: 2 });
      expect(await list({ status: 'open' })).toEqual({ ids: [3, 1, 5], total: 3 });
      expect(await list({ status: 'declined' })).toEqual({ ids: [], total: 0 });
    });

    ctx.test('search matches a folded substring of title or body, every character literal', async () => {
      await seedList();
      expect(await list({ search: 'dark' })).toEqual({ ids: [1, 5], total: 2 });
      expect(await list({ search: foldCase('MODE') })).toEqual({ ids: [4, 1, 5], total: 3 });
      expect(await list({ search: foldCase('Über') })).toEqual({ ids: [4], total: 1 });
      expect(await list({ search: '100%' })).toEqual({ ids: [2], total: 1 });
      expect(await list({ search: '%' })).toEqual({ ids: [2], total: 1 });
      expect(await list({ search: '_' })).toEqual({ ids: [3], total: 1 });
      expect(await list({ search: 'e_c' })).toEqual({ ids: [3], total: 1 });
      expect(await list({ search: 'd%' })).toEqual({ ids: [], total: 0 });
      expect(await list({ search: 'offline' })).toEqual({ ids: [6], total: 1 });
      expect(await list({ search: 'nothing like it' })).toEqual({ ids: [], total: 0 });
    });

    ctx.test('tagId keeps only posts carrying the tag', async () => {
      await seedList();
      expect(await list({ tagId: 1 })).toEqual({ ids: [1, 5], total: 2 });
      expect(await list({ tagId: 2, sort: 'top' })).toEqual({ ids: [2, 5], total: 2 });
      expect(await list({ tagId: 3 })).toEqual({ ids: [], total: 0 });
    });

    ctx.test('filters combine', async () => {
      await seedList();
      expect(await list({ tagId: 1, search: 'mobile' })).toEqual({ ids: [5], total: 1 });
      expect(await list({ tagId: 2, status: 'planned' })).toEqual({ ids: [2], total: 1 });
      expect(await list({ status: 'open', search: 'dark', sort: 'top', limit: 1 })).toEqual({ ids: [5], total: 2 });
    });

    ctx.test('a board lists only its own posts', async () => {
      await seedList();
      const other = await ctx.read((tx) => tx.listPosts(2, { sort: 'new', limit: 10, offset: 0 }));
      expect(ids(other.rows)).toEqual([7]);
      const missing = await ctx.read((tx) => tx.listPosts(3, { sort: 'top', limit: 10, offset: 0 }));
      expect(missing).toEqual({ rows: [], total: 0 });
    });

    ctx.test('listed posts are whole records', async () => {
      await seedList();
      const page = await ctx.read((tx) => tx.listPosts(1, { sort: 'new', limit: 1, offset: 3, status: 'shipped' }));
      expect(page.total).toBe(1);
      const shipped = await ctx.read((tx) => tx.listPosts(1, { sort: 'new', limit: 1, offset: 0, status: 'shipped' }));
      expect(shipped.rows).toEqual([await ctx.read(async (tx) => (await tx.getPost(4))!)]);
      expect(shipped.rows[0]!.title).toBe('ÜBER mode');
    });
  });
}
