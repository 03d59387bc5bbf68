/**
 * Rows as SQLite returns them, and their conversion to the contract's records (0/1 to booleans,
 * the proposal's four columns to one object, JSON text to arrays). Every conversion builds a new
 * object, so records handed out never alias anything the adapter keeps.
 */
import type {
  ApiKeyRecord,
  BoardRecord,
  ClaimRecord,
  CommentRecord,
  EvidenceRecord,
  PostRecord,
  PostStatus,
  WebhookRecord,
} from '../../../src/domain/records.js';
import type { Sql, SqlParams } from '../sql.js';

type Flag = 0 | 1;

/** The columns of a post record, qualified with the alias `p` (the folded copies are not read). */
export const POST_COLUMNS = `p.id, p.board_id, p.title, p.body, p.status, p.is_admin, p.hidden,
  p.pinned, p.queue_rank, p.shipped_at, p.created_at, p.vote_count, p.comment_count,
  p.proposal_status, p.proposal_note, p.proposal_proposed_at, p.proposal_api_key_id`;

/**
 * A post from a row of {@link POST_COLUMNS} read as a tuple (`Sql.tuples`), the positions being
 * those of the column list.
 */
export function tupleToPost(t: readonly unknown[]): PostRecord {
  const proposalStatus = t[13] as PostStatus | null;
  return {
    id: t[0] as number,
    board_id: t[1] as number,
    title: t[2] as string,
    body: t[3] as string,
    status: t[4] as PostStatus,
    is_admin: t[5] === 1,
    hidden: t[6] === 1,
    pinned: t[7] === 1,
    queue_rank: t[8] as number | null,
    shipped_at: t[9] as string | null,
    created_at: t[10] as string,
    vote_count: t[11] as number,
    comment_count: t[12] as number,
    proposal:
      proposalStatus === null
        ? null
        : {
            status: proposalStatus,
            note: (t[14] as string | null) ?? '',
            proposed_at: (t[15] as string | null) ?? '',
            proposed_by_api_key_id: (t[16] as number | null) ?? 0,
          },
  };
}

/** The posts selected by `source` (whose SELECT list is {@link POST_COLUMNS}). */
export function selectPosts(sql: Sql, source: string, ...params: SqlParams): PostRecord[] {
  return sql.tuples(source, ...params).map(tupleToPost);
}

export type BoardRow = Omit<BoardRecord, 'published'> & { published: Flag };

export function toBoard(row: BoardRow): BoardRecord {
  return { ...row, published: row.published === 1 };
}

export type CommentRow = Omit<CommentRecord, 'is_admin' | 'hidden'> & { is_admin: Flag; hidden: Flag };

export function toComment(row: CommentRow): CommentRecord {
  return { ...row, is_admin: row.is_admin === 1, hidden: row.hidden === 1 };
}

export type WebhookRow = Omit<WebhookRecord, 'events' | 'active'> & { events: string; active: Flag };

export function toWebhook(row: WebhookRow): WebhookRecord {
  return { ...row, events: JSON.parse(row.events) as string[], active: row.active === 1 };
}

/** Records stored as they are: the row already is a fresh object of the record's shape. */
export type ApiKeyRow = ApiKeyRecord;
export type ClaimRow = ClaimRecord;
export type EvidenceRow = EvidenceRecord;
