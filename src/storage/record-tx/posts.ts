/**
 * The posts aggregate over the record store: insert, read, patch and the cascading delete of a
 * post, the board's count of posts, and its lists (filtered list, roadmap, changelog).
 */
import type { PostRecord, PostStatus } from '../../domain/records.js';
import type { PostPatch } from '../contract.js';
import { isListedPost } from '../contract/posts.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { matchesSearch } from '../text.js';
import { deleteAttachmentsOf } from './attachments.js';
import { aggregates } from './aggregates.js';
import { indexTitle, postIdsWithWord, unindexTitle } from './post-words.js';
import { defaultLabelOf } from './statuses.js';
import { byNewest, byShippedDesc, byTop, pageOf, patched, type StoredPost } from './shared.js';

const POST_PATCH_FIELDS = [
  'title',
  'body',
  'status',
  'hidden',
  'pinned',
  'queue_rank',
  'shipped_at',
  'proposal',
  'status_label_id',
  'fields',
] as const satisfies readonly (keyof PostPatch)[];

/** Roadmap columns, in roadmap order. */
const ROADMAP_STATUSES = ['open', 'planned', 'in_progress', 'shipped'] as const satisfies readonly PostStatus[];

export function postsMethods(store: RecordStore): AggregateMethods<'posts'> {
  const posts = store.table('posts');
  const merges = store.table('post_merges');
  const stats = aggregates(store);

  function postsWithStatus(boardId: number, status: PostStatus): Promise<StoredPost[]> {
    return posts.getAllFromIndex('by_board_status', [boardId, status]);
  }

  return {
    async insertPost(row) {
      const record: PostRecord = {
        id: await store.nextId('posts'),
        board_id: row.board_id,
        title: row.title,
        body: row.body,
        status: row.status,
        is_admin: row.is_admin,
        hidden: row.hidden,
        pinned: row.pinned,
        queue_rank: row.queue_rank,
        shipped_at: row.shipped_at,
        created_at: row.created_at,
        vote_count: 0,
        comment_count: 0,
        proposal: row.proposal === null ? null : { ...row.proposal },
        status_label_id: row.status_label_id ?? (await defaultLabelOf(store, row.board_id, row.status)),
        fields: row.fields ? { ...row.fields } : null,
      };
      await posts.put(record);
      await stats.added('posts', record);
      await indexTitle(store, record);
      return cloneRow(record);
    },
    async getPost(id) {
      const row = await posts.get(id);
      return row ? cloneRow(row) : null;
    },
    async updatePost(id, patch) {
      const row = await posts.get(id);
      if (!row) return null;
      const next = patched<PostRecord, (typeof POST_PATCH_FIELDS)[number]>(row, patch, POST_PATCH_FIELDS);
      if (patch.status !== undefined && patch.status_label_id === undefined) next.status_label_id = await defaultLabelOf(store, row.board_id, patch.status);
      await posts.put(next);
      await stats.changed('posts', row, next);
      if (next.title !== row.title) {
        await unindexTitle(store, id);
        await indexTitle(store, next);
      }
      return cloneRow(next);
    },
    async deletePost(id) {
      const post = await posts.get(id);
      if (!post) return false;
      await stats.removed('posts', post);
      const votes = store.table('votes');
      for (const vote of await votes.getAllFromIndex('by_post', id)) {
        await votes.delete([vote.post_id, vote.voter_id]);
      }
      const follows = store.table('follows');
      for (const follow of await follows.getAllFromIndex('by_post', id)) {
        await follows.delete([follow.post_id, follow.voter_id]);
      }
      await store.table('post_authors').delete(id);
      const comments = store.table('comments');
      const reactions = store.table('reactions');
      const edits = store.table('comment_edits');
      for (const comment of await comments.getAllFromIndex('by_post', id)) {
        for (const reaction of await reactions.getAllFromIndex('by_comment', comment.id)) {
          await reactions.delete([reaction.comment_id, reaction.voter_id, reaction.reaction]);
        }
        for (const edit of await edits.getAllFromIndex('by_comment', comment.id)) await edits.delete(edit.id);
        await deleteAttachmentsOf(store, 'by_comment', comment.id);
        await comments.delete(comment.id);
      }
      await deleteAttachmentsOf(store, 'by_post', id);
      const links = store.table('post_links');
      for (const link of await links.getAllFromIndex('by_post', id)) await links.delete(link.id);
      const evidence = store.table('evidence');
      for (const item of await evidence.getAllFromIndex('by_post', id)) {
        await evidence.delete(item.id);
      }
      const postTags = store.table('post_tags');
      for (const link of await postTags.getAllFromIndex('by_post', id)) {
        await postTags.delete([link.post_id, link.tag_id]);
      }
      await store.table('claims').delete(id);
      const mailQueue = store.table('mail_queue');
      for (const row of await mailQueue.getAllFromIndex('by_post', id)) await mailQueue.delete(row.id);
      const activity = store.table('activity');
      for (const entry of await activity.getAllFromIndex('by_post', id)) await activity.delete(entry.id);
      await merges.delete(id);
      await unindexTitle(store, id);
      await posts.delete(id);
      return true;
    },
    async countPosts(boardId) {
      return (await posts.getAllFromIndex('by_board', boardId)).length;
    },

    async listPosts(boardId, query) {
      const merged = new Set((await merges.getAllFromIndex('by_board', boardId)).map((merge) => merge.source_id));
      let rows = (
        query.status === undefined
          ? await posts.getAllFromIndex('by_board', boardId)
          : await postsWithStatus(boardId, query.status)
      ).filter(
        (post) =>
          !merged.has(post.id) &&
          (query.statusLabelId === undefined || post.status_label_id === query.statusLabelId) &&
          (query.field === undefined || post.fields?.[query.field.key] === query.field.value),
      );
      if (query.tagId !== undefined) {
        const links = await store.table('post_tags').getAllFromIndex('by_tag', query.tagId);
        const tagged = new Set(links.map((link) => link.post_id));
        rows = rows.filter((post) => tagged.has(post.id));
      }
      const search = query.search;
      if (search !== undefined && search !== '') {
        rows = rows.filter((post) => matchesSearch(post, search));
      }
      return pageOf(rows.sort(query.sort === 'top' ? byTop : byNewest), query);
    },
    async listRoadmap(boardId, query) {
      let ordered: StoredPost[] = [];
      for (const status of ROADMAP_STATUSES) {
        const column = (await postsWithStatus(boardId, status)).filter((post) => !post.hidden);
        ordered = ordered.concat(column.sort((a, b) => b.vote_count - a.vote_count || a.id - b.id));
      }
      return pageOf(ordered, query);
    },
    async listChangelog(boardId, query) {
      const shipped = (await postsWithStatus(boardId, 'shipped')).filter((post) => !post.hidden);
      return pageOf(shipped.sort(byShippedDesc), query);
    },

    async countPostsByWord(boardId, words, cap) {
      const counts = new Map<string, number>();
      for (const word of words) counts.set(word, Math.min((await postIdsWithWord(store, boardId, word)).length, cap));
      return counts;
    },
    async listPostsByWords(boardId, words) {
      const ids = new Set<number>();
      for (const word of words) for (const id of await postIdsWithWord(store, boardId, word)) ids.add(id);
      const found: PostRecord[] = [];
      for (const id of [...ids].sort((a, b) => a - b)) {
        const post = await posts.get(id);
        if (post && isListedPost(post)) found.push(cloneRow(post));
      }
      return found;
    },

    async insertPostMerge(row) {
      await merges.put(row);
    },
    async getPostMerge(sourceId) {
      const row = await merges.get(sourceId);
      return row ? cloneRow(row) : null;
    },
    async removePostMerge(sourceId) {
      const merge = await merges.get(sourceId);
      if (!merge) return false;
      const evidence = store.table('evidence');
      for (const id of merge.evidence_ids) {
        if ((await evidence.get(id))?.post_id === merge.target_id) await evidence.delete(id);
      }
      await merges.delete(sourceId);
      return true;
    },
    async moveComments(fromPostId, toPostId, commentIds) {
      const comments = store.table('comments');
      const from = await posts.get(fromPostId);
      const to = await posts.get(toPostId);
      if (!from || !to) throw new Error(`storage: moveComments between posts ${fromPostId} and ${toPostId}, one of which does not exist`);
      let moved = 0;
      for (const id of commentIds) {
        const comment = await comments.get(id);
        if (!comment || comment.post_id !== fromPostId) continue;
        const next = { ...comment, post_id: toPostId };
        await stats.removed('comments', comment, from);
        await comments.put(next);
        await stats.added('comments', next, to);
        moved += 1;
      }
      if (moved === 0) return;
      const fromNext = { ...from, comment_count: from.comment_count - moved };
      const toNext = { ...to, comment_count: to.comment_count + moved };
      await posts.put(fromNext);
      await stats.changed('posts', from, fromNext);
      await posts.put(toNext);
      await stats.changed('posts', to, toNext);
    },
  };
}
