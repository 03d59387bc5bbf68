/**
 * The rows a deleted post takes with it into the trash, shared by every store: the tables, in the
 * order rows are put back (each after the tables its rows name, as a dump loads them), and the
 * bytes of attachments as base64 text, so a snapshot is plain JSON in every store and moves with
 * a dump from one store to another.
 */
import type { DeletedPostRecord, DeletedPostSnapshot } from '../domain/deleted-posts.js';
import type { PostRecord } from '../domain/records.js';
import { DUMP_TABLES, type DumpRow, type DumpTable } from './dump-tables.js';
import type { TableName } from './record-store.js';

/** The tables whose rows belong to a post: those its delete removes. */
const POST_TABLES: ReadonlySet<TableName> = new Set<TableName>([
  'posts',
  'post_tags',
  'evidence',
  'claims',
  'votes',
  'follows',
  'post_authors',
  'comments',
  'reactions',
  'comment_edits',
  'post_merges',
  'activity',
  'attachments',
  'attachment_bytes',
  'post_links',
]);

/** The tables of a deleted post's snapshot, in the order their rows are put back. */
export const TRASHED_TABLES: readonly DumpTable[] = DUMP_TABLES.filter((table) => POST_TABLES.has(table.name));

/** Bytes as base64 text. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 text as bytes. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A row as a snapshot keeps it: its byte fields in base64. */
export function snapshotRow(table: DumpTable, row: DumpRow): DumpRow {
  if (table.binary.length === 0) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of table.binary) copy[field] = bytesToBase64(row[field] as Uint8Array);
  return copy;
}

/** A snapshot's row as stored: its byte fields as bytes again. */
export function storedRow(table: DumpTable, row: DumpRow): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...row };
  for (const field of table.binary) copy[field] = base64ToBytes(row[field] as string);
  return copy;
}

/** The post a snapshot holds. */
export function postOfSnapshot(snapshot: DeletedPostSnapshot): PostRecord {
  return snapshot['posts']![0] as unknown as PostRecord;
}

/** The trash record of a deleted post, from the post itself. */
export function deletedPostRecord(
  post: PostRecord,
  deletion: Omit<DeletedPostRecord, 'post_id' | 'board_id' | 'title' | 'vote_count' | 'comment_count'>,
): DeletedPostRecord {
  const { organization_id, deleted_at, actor_kind, actor_id } = deletion;
  return {
    post_id: post.id,
    organization_id,
    board_id: post.board_id,
    title: post.title,
    vote_count: post.vote_count,
    comment_count: post.comment_count,
    deleted_at,
    actor_kind,
    actor_id,
  };
}

/** Orders deleted posts newest deletion first: deleted_at desc, then post_id desc. */
export function byNewestDeletion(a: DeletedPostRecord, b: DeletedPostRecord): number {
  return a.deleted_at < b.deleted_at ? 1 : a.deleted_at > b.deleted_at ? -1 : b.post_id - a.post_id;
}
