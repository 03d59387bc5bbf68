/**
 * A read of everything the storage holds that the API could change, as plain data, so a test can
 * show that a refused request changed nothing: `expect(await snapshot(board)).toEqual(before)`.
 */
import type { AttachmentRecord } from '../../src/domain/attachments.js';
import type { ClaimRecord, PostRecord, TagRecord } from '../../src/domain/records.js';
import { followerMailSettingName } from '../../src/services/follower-mail.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';

/** Beyond this id, a merged post `countPosts` counts is taken as missing rather than looked for. */
const HIGHEST_POST_ID = 100_000;

/**
 * The board's merged posts, id asc: lists leave them out (`listed` are the listed ones), so they are
 * looked up by id until as many are found as `countPosts` counts beyond the listed ones. (Following
 * the logs of the posts they went into would miss those whose target was deleted since.)
 */
export async function mergedPosts(tx: StorageTx, boardId: number, listed: readonly PostRecord[]): Promise<PostRecord[]> {
  const shown = new Set(listed.map((post) => post.id));
  const missing = (await tx.countPosts(boardId)) - listed.length;
  const merged: PostRecord[] = [];
  for (let id = 1; merged.length < missing; id++) {
    if (id > HIGHEST_POST_ID) throw new Error(`board ${boardId}: ${missing - merged.length} of its counted posts are nowhere`);
    const post = await tx.getPost(id);
    if (post?.board_id === boardId && !shown.has(id)) merged.push(post);
  }
  return merged;
}

/** What the posts of a board share, read for all of them at once. */
interface BoardReads {
  tags: Map<number, TagRecord[]>;
  claims: Map<number, ClaimRecord>;
  attachments: AttachmentRecord[];
}

async function boardReads(tx: StorageTx, ids: number[]): Promise<BoardReads> {
  return { tags: await tx.getTagsOfPosts(ids), claims: await tx.getClaims(ids), attachments: await tx.listPostAttachments(ids) };
}

/** A post with everything hanging on it (a merged post with its merge), and the voters who did something there. */
async function postState(tx: StorageTx, post: PostRecord, shared: BoardReads, merged: boolean, voters: Set<number>) {
  const comments = await tx.listComments(post.id);
  const state = {
    post,
    tags: shared.tags.get(post.id) ?? [],
    evidence: await tx.listEvidence(post.id),
    claim: shared.claims.get(post.id) ?? null,
    voters: await tx.listVoterIds(post.id),
    author: await tx.getPostAuthor(post.id),
    followers: await tx.listFollowerIds(post.id),
    comments,
    reactions: [...(await tx.getReactionCounts(comments.map((c) => c.id)))],
    commentEdits: await Promise.all(comments.map((c) => tx.listCommentEdits(c.id))),
    attachments: shared.attachments.filter((a) => a.post_id === post.id),
    commentAttachments: await tx.listCommentAttachments(comments.map((c) => c.id)),
    // The log only grows, and ids grow with it: its newest entry shows whether anything was added.
    latestActivity: (await tx.listActivity(post.id, { before: null, limit: 1 }))[0] ?? null,
    merge: merged ? await tx.getPostMerge(post.id) : null,
  };
  for (const id of [...state.voters, ...state.followers, state.author, ...comments.map((c) => c.voter_id)]) if (id !== null) voters.add(id);
  return state;
}

export async function snapshot(target: { storage: Storage }): Promise<unknown> {
  return target.storage.transaction('read', async (tx) => {
    const organizations = [];
    for (const org of await tx.listOrganizations()) {
      const boards = [];
      // Voters are reached through what they did: posts, votes, follows, comments, held posts.
      const voters = new Set<number>();
      for (const board of await tx.listBoards(org.id)) {
        const page = await tx.listPosts(board.id, { sort: 'new', limit: 500, offset: 0 });
        const merged = await mergedPosts(tx, board.id, page.rows);
        const shared = await boardReads(tx, [...page.rows, ...merged].map((p) => p.id));
        const posts = [];
        for (const post of page.rows) posts.push(await postState(tx, post, shared, false, voters));
        for (const post of merged) posts.push(await postState(tx, post, shared, true, voters));
        const changelog = await tx.listChangelogEntries(board.id, { limit: 500, offset: 0 });
        boards.push({ board, total: page.total, posts, moderated: await tx.isBoardModerated(board.id), changelog, fields: await tx.listFields(board.id) });
      }
      const held = [];
      for (const state of ['waiting', 'approved', 'rejected'] as const) held.push(...(await tx.listHeldPosts(org.id, state)));
      for (const post of held) voters.add(post.voter_id);
      organizations.push({
        org,
        keys: await tx.listApiKeys(org.id),
        webhooks: await tx.listWebhooks(org.id),
        boards,
        held,
        blocks: await tx.listVoterBlocks([...voters].sort((a, b) => a - b)),
        mail: await tx.getSetting(followerMailSettingName(org.id)),
        trash: await tx.listDeletedPosts(org.id, { limit: 500, offset: 0 }),
        views: await tx.listSavedViews(org.id),
      });
    }
    return { organizations, agentPublishing: await tx.getSetting('agent_publishing') };
  });
}
