/**
 * A read of everything the storage holds that the API could change, as plain data, so a test can
 * show that a refused request changed nothing: `expect(await snapshot(board)).toEqual(before)`.
 */
import type { Storage } from '../../src/storage/contract.js';

export async function snapshot(target: { storage: Storage }): Promise<unknown> {
  return target.storage.transaction('read', async (tx) => {
    const organizations = [];
    for (const org of await tx.listOrganizations()) {
      const boards = [];
      for (const board of await tx.listBoards(org.id)) {
        const page = await tx.listPosts(board.id, { sort: 'new', limit: 500, offset: 0 });
        const tags = await tx.getTagsOfPosts(page.rows.map((p) => p.id));
        const posts = [];
        for (const post of page.rows) {
          const comments = await tx.listComments(post.id);
          posts.push({
            post,
            tags: tags.get(post.id) ?? [],
            evidence: await tx.listEvidence(post.id),
            claim: await tx.getClaim(post.id),
            voters: await tx.listVoterIds(post.id),
            author: await tx.getPostAuthor(post.id),
            followers: await tx.listFollowerIds(post.id),
            comments,
            reactions: [...(await tx.getReactionCounts(comments.map((c) => c.id)))],
            attachments: await tx.listPostAttachments([post.id]),
            commentAttachments: await tx.listCommentAttachments(comments.map((c) => c.id)),
          });
        }
        boards.push({ board, total: page.total, posts, moderated: await tx.isBoardModerated(board.id) });
      }
      organizations.push({
        org,
        keys: await tx.listApiKeys(org.id),
        webhooks: await tx.listWebhooks(org.id),
        boards,
        held: [...(await tx.listHeldPosts(org.id, 'waiting')), ...(await tx.listHeldPosts(org.id, 'rejected'))],
      });
    }
    return { organizations, agentPublishing: await tx.getSetting('agent_publishing') };
  });
}
