/** Persistent targets only: what was committed is read back after closing and reopening. */
import type { StorageTx } from '../src/storage/contract.js';
import {
  at,
  castVotes,
  newApiKey,
  newBoard,
  newComment,
  newEvidence,
  newPost,
  newVoter,
  newWebhook,
  normalize,
  onDay,
  rejectionOf,
  seedBoard,
  TestAbort,
} from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** Every kind of record, with a proposal, a claim, tags, reactions and unicode text. */
async function seedEverything(tx: StorageTx): Promise<void> {
  const { organization, board } = await seedBoard(tx);
  const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other', published: true, logo_url: 'https://x.example/l.png' }));
  const key = await tx.insertApiKey(newApiKey(organization.id, { hash: 'h1', revoked_at: at(3) }));
  await tx.insertApiKey(newApiKey(organization.id, { hash: 'h2', scope: 'propose' }));
  const voters = [
    await tx.insertVoter(newVoter(organization.id, { email: 'ada@example.com', name: 'Ada Ünïcode' })),
    await tx.insertVoter(newVoter(organization.id)),
  ];
  await tx.setSetting('agent_publishing', 'true');
  await tx.insertWebhook(newWebhook(organization.id, { events: ['post.created', 'post.updated'], active: false }));
  const proposal = { status: 'shipped' as const, note: 'done 🎉', proposed_at: at(4), proposed_by_api_key_id: key.id, proposed_by_connection_id: null };
  const first = await tx.insertPost(newPost(board.id, { title: 'Über 100% _mode_', body: 'x'.repeat(3000), status: 'planned', proposal }));
  const second = await tx.insertPost(
    newPost(board.id, { status: 'shipped', shipped_at: onDay(1), created_at: onDay(0), queue_rank: 2, pinned: true }),
  );
  await tx.insertPost(newPost(other.id, { hidden: true, status: 'in_progress', queue_rank: 0 }));
  await castVotes(tx, first.id, voters, onDay(1));
  await castVotes(tx, second.id, voters.slice(1), onDay(2));
  const comment = await tx.insertComment(newComment(first.id, { voter_id: voters[0]!.id, created_at: onDay(1) }));
  await tx.insertComment(newComment(first.id, { parent_comment_id: comment.id, hidden: true, is_admin: true }));
  await tx.insertReaction({ comment_id: comment.id, voter_id: voters[1]!.id, reaction: '👍', created_at: at(2) });
  await tx.setPostTags(first.id, (await tx.ensureTags(board.id, ['UI', 'Ärger'])).map((tag) => tag.id));
  await tx.insertEvidence(newEvidence(first.id, { action_key: 'deploy', label: 'PR' }));
  await tx.claimPost({ post_id: first.id, api_key_id: key.id, agent_label: 'bot', now: at(0), expires_at: at(60) });
}

/** Everything the read methods return for the seeded data. */
async function readEverything(tx: StorageTx): Promise<unknown> {
  const window = { from: onDay(0, 0), to: onDay(5, 0) };
  return normalize({
    organizations: await tx.listOrganizations(),
    keys: [await tx.listApiKeys(1), await tx.getApiKeyByHash('h2'), await tx.getApiKey(1)],
    setting: await tx.getSetting('agent_publishing'),
    boards: [await tx.listBoards(1), await tx.getBoardBySlug(1, 'other'), await tx.getBoard(2)],
    posts: [await tx.getPost(1), await tx.getPost(2), await tx.getPost(3)],
    lists: [
      await tx.listPosts(1, { sort: 'top', limit: 10, offset: 0 }),
      await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, tagId: 1, search: 'über' }),
      await tx.listQueue(1, { apiKeyId: 2, now: at(1), limit: 10 }),
      await tx.listRoadmap(1, { limit: 10, offset: 0 }),
      await tx.listChangelog(1, { limit: 10, offset: 0 }),
    ],
    tags: [await tx.getTagsOfPosts([1, 2]), await tx.getTagBySlug(1, 'ärger')],
    evidence: [await tx.listEvidence(1), await tx.findEvidenceByActionKey(1, 'deploy')],
    claims: [await tx.getClaim(1), await tx.getClaims([1, 2, 3])],
    voters: [await tx.getVoter(2), await tx.getVoterByEmail(1, 'ada@example.com'), await tx.listVoterIds(1)],
    comments: [await tx.listComments(1), await tx.getComment(2), await tx.getReactionCounts([1, 2])],
    stats: [await tx.shipStats(1, window), await tx.analytics(1, window)],
    webhooks: [await tx.listWebhooks(1), await tx.getWebhook(1)],
  });
}

export function persistenceTests(ctx: SuiteContext): void {
  const reopen = ctx.target.reopen;
  if (reopen === undefined) return;
  const { expect } = ctx;

  const reopenCurrent = async (): Promise<void> => {
    ctx.useStorage(await reopen(ctx.storage));
  };

  ctx.t.describe('reopen', () => {
    ctx.test('a reopened storage reads back everything committed', async () => {
      await ctx.write(seedEverything);
      const before = await ctx.read(readEverything);
      await reopenCurrent();
      expect(await ctx.read(readEverything)).toEqual(before);
    });

    ctx.test('a rolled-back transaction is absent after a reopen', async () => {
      const { board } = await ctx.write(seedBoard);
      await rejectionOf(
        ctx.write(async (tx) => {
          await tx.insertPost(newPost(board.id));
          await tx.setSetting('ghost', 'yes');
          throw new TestAbort();
        }),
      );
      await reopenCurrent();
      expect(await ctx.read((tx) => tx.getPost(1))).toBeNull();
      expect(await ctx.read((tx) => tx.getSetting('ghost'))).toBeNull();
    });

    ctx.test('ids continue after a reopen and deleted ones are not reused', async () => {
      const { board } = await ctx.write(seedBoard);
      await ctx.write(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.insertPost(newPost(board.id));
        await tx.deletePost(3);
      });
      await reopenCurrent();
      const next = await ctx.write((tx) => tx.insertPost(newPost(board.id)));
      expect(next.id).toBe(4);
      expect((await ctx.write((tx) => tx.insertBoard(newBoard(1, { slug: 'second' })))).id).toBe(2);
    });
  });
}
