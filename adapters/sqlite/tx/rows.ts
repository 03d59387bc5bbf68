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

type Flag = 0 | 1;

/** The columns of a post record, qualified with the alias `p` (the folded copies are not read). */
export const POST_COLUMNS = `p.id, p.board_id, p.title, p.body, p.status, p.is_admin, p.hidden,
  p.pinned, p.queue_rank, p.shipped_at, p.created_at, p.vote_count, p.comment_count,
  p.proposal_status, p.proposal_note, p.proposal_proposed_at, p.proposal_api_key_id`;

export interface PostRow {
  id: number;
  board_id: number;
  title: string;
  body: string;
  status: PostStatus;
  is_admin: Flag;
  hidden: Flag;
  pinned: Flag;
  queue_rank: number | null;
  shipped_at: string | null;
  created_at: string;
  vote_count: number;
  comment_count: number;
  proposal_status: PostStatus | null;
  proposal_note: string | null;
  proposal_proposed_at: string | null;
  proposal_api_key_id: number | null;
}

export function toPost(row: PostRow): PostRecord {
  return {
    id: row.id,
    board_id: row.board_id,
    title: row.title,
    body: row.body,
    status: row.status,
    is_admin: row.is_admin === 1,
    hidden: row.hidden === 1,
    pinned: row.pinned === 1,
    queue_rank: row.queue_rank,
    shipped_at: row.shipped_at,
    created_at: row.created_at,
    vote_count: row.vote_count,
    comment_count: row.comment_count,
    proposal:
      row.proposal_status === null
        ? null
        : {
            status: row.proposal_status,
            note: row.proposal_note ?? '',
            proposed_at: row.proposal_proposed_at ?? '',
            proposed_by_api_key_id: row.proposal_api_key_id ?? 0,
          },
  };
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
