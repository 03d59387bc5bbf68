/**
 * The trash aggregate over the record store: a deleted post's rows gathered table by table into
 * one `deleted_posts` row before the post's own delete removes them, and put back through the
 * store with the statistics and the similar-posts index moved as the writes that made them did.
 */
import type { DeletedPostRecord, DeletedPostSnapshot } from '../../domain/deleted-posts.js';
import type { PostRecord } from '../../domain/records.js';
import type { AggregateMethods } from '../contract/registry.js';
import type { DumpRow, DumpTable } from '../dump-tables.js';
import type { DeletedPostRow } from '../record-rows.js';
import { cloneRow, type RecordStore, type TableName } from '../record-store.js';
import { byNewestDeletion, deletedPostRecord, snapshotRow, storedRow, TRASHED_TABLES } from '../trash-rows.js';
import { aggregates } from './aggregates.js';
import { indexTitle } from './post-words.js';
import { postsMethods } from './posts.js';
import { pageOf } from './shared.js';
import { defaultLabelOf } from './statuses.js';

type Row = Record<string, unknown>;

/** Orders a table's rows by its key, as a dump does. */
function byKey(table: DumpTable): (a: DumpRow, b: DumpRow) => number {
  return (a, b) => {
    for (const field of table.key) {
      const x = a[field] as number | string;
      const y = b[field] as number | string;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}

/** The summary of a trash row, without its snapshot. */
function recordOf(row: DeletedPostRow): DeletedPostRecord {
  const { snapshot: _snapshot, ...record } = row;
  return cloneRow(record);
}

export function trashMethods(store: RecordStore): AggregateMethods<'trash'> {
  const trash = store.table('deleted_posts');
  const rowsOf = (name: TableName, index: string, key: number): Promise<Row[]> =>
    store.table(name).getAllFromIndex(index as never, key as never) as Promise<Row[]>;
  const one = async (name: TableName, key: number): Promise<Row[]> => {
    const row = await store.table(name).get(key as never);
    return row === undefined ? [] : [row as Row];
  };

  /** Every row that belongs to the post, by table. */
  async function gather(post: PostRecord): Promise<Partial<Record<TableName, Row[]>>> {
    const id = post.id;
    const comments = await rowsOf('comments', 'by_post', id);
    const perComment = async (name: TableName, index: string): Promise<Row[]> =>
      (await Promise.all(comments.map((comment) => rowsOf(name, index, comment['id'] as number)))).flat();
    const attachments = new Map<number, Row>();
    for (const row of [...(await rowsOf('attachments', 'by_post', id)), ...(await perComment('attachments', 'by_comment'))]) {
      attachments.set(row['id'] as number, row);
    }
    const bytes = (await Promise.all([...attachments.keys()].map((attachment) => one('attachment_bytes', attachment)))).flat();
    return {
      posts: [post as unknown as Row],
      post_tags: await rowsOf('post_tags', 'by_post', id),
      evidence: await rowsOf('evidence', 'by_post', id),
      claims: await one('claims', id),
      votes: await rowsOf('votes', 'by_post', id),
      follows: await rowsOf('follows', 'by_post', id),
      post_authors: await one('post_authors', id),
      comments,
      reactions: await perComment('reactions', 'by_comment'),
      comment_edits: await perComment('comment_edits', 'by_comment'),
      post_merges: await one('post_merges', id),
      activity: await rowsOf('activity', 'by_post', id),
      attachments: [...attachments.values()],
      attachment_bytes: bytes,
      post_links: await rowsOf('post_links', 'by_post', id),
    };
  }

  return {
    async trashPost(id, deletion) {
      const post = await store.table('posts').get(id);
      if (post === undefined) return null;
      const rows = await gather(post);
      const snapshot: Record<string, DumpRow[]> = {};
      for (const table of TRASHED_TABLES) {
        const kept = (rows[table.name] ?? []).map((row) => snapshotRow(table, row)).sort(byKey(table));
        if (kept.length > 0) snapshot[table.name] = cloneRow(kept);
      }
      await postsMethods(store).deletePost(id);
      const record = deletedPostRecord(post, deletion);
      await trash.put({ ...record, snapshot });
      return { ...record };
    },
    async getDeletedPost(organizationId, postId) {
      const row = await trash.get(postId);
      return row === undefined || row.organization_id !== organizationId ? null : recordOf(row);
    },
    async listDeletedPosts(organizationId, query) {
      let rows = (await trash.getAllFromIndex('by_organization', organizationId)).map(recordOf);
      if (query.boardId !== undefined) rows = rows.filter((row) => row.board_id === query.boardId);
      return pageOf(rows.sort(byNewestDeletion), query);
    },
    async restoreDeletedPost(organizationId, postId) {
      const row = await trash.get(postId);
      if (row === undefined || row.organization_id !== organizationId) return null;
      if ((await store.table('boards').get(row.board_id)) === undefined) return 'board_gone';
      if ((await store.table('posts').get(postId)) !== undefined) return 'id_taken';
      const stats = aggregates(store);
      const snapshot: DeletedPostSnapshot = row.snapshot;
      let post: PostRecord | undefined;
      for (const table of TRASHED_TABLES) {
        for (const kept of snapshot[table.name] ?? []) {
          const stored = storedRow(table, kept);
          if (table.name === 'posts') await keepLabel(store, stored as unknown as PostRecord);
          await store.table(table.name).put(stored as never);
          if (table.name === 'posts') {
            post = stored as unknown as PostRecord;
            await stats.added('posts', stored as never);
            await indexTitle(store, post);
          } else if (table.name === 'votes' || table.name === 'comments') {
            await stats.added(table.name, stored as never, post as never);
          }
        }
      }
      await trash.delete(postId);
      return cloneRow(post!);
    },
    async purgeDeletedPosts(before, limit) {
      const due = (await trash.getAll()).filter((row) => row.deleted_at < before);
      due.sort((a, b) => (a.deleted_at < b.deleted_at ? -1 : a.deleted_at > b.deleted_at ? 1 : a.post_id - b.post_id));
      const purged = due.slice(0, limit);
      for (const row of purged) await trash.delete(row.post_id);
      return purged.length;
    },
  };
}

/**
 * A restored post keeps its label while the label exists; one removed since (or a post deleted
 * before labels were stored) takes its category's default.
 */
async function keepLabel(store: RecordStore, post: PostRecord): Promise<void> {
  const label = post.status_label_id === undefined ? undefined : await store.table('statuses').get(post.status_label_id);
  if (label === undefined) post.status_label_id = await defaultLabelOf(store, post.board_id, post.status);
}

/** The aggregate's factory, as the record transaction loads it. */
export default trashMethods;
