/** The boards aggregate of the storage contract: boards, their tags, and what imports made in them. */
import type { BoardRecord, ImportSourceRecord, TagRecord } from '../../domain/records.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Fields of a board to change; absent fields are unchanged. */
export type BoardPatch = Partial<
  Pick<BoardRecord, 'name' | 'description' | 'welcome_message' | 'published' | 'logo_url'>
>;

/** Boards, and the tags of each board with their links to posts. */
export interface BoardsTx {
  /** The caller has checked that the slug is free in the organization. */
  insertBoard(row: NewRecord<BoardRecord>): Promise<BoardRecord>;
  /** The board, or null. */
  getBoard(id: number): Promise<BoardRecord | null>;
  /** The organization's board with this exact slug, or null. */
  getBoardBySlug(organizationId: number, slug: string): Promise<BoardRecord | null>;
  /** created_at asc, id asc. */
  listBoards(organizationId: number): Promise<BoardRecord[]>;
  /** Absent fields are unchanged; the updated record, or null if there is no such board. */
  updateBoard(id: number, patch: BoardPatch): Promise<BoardRecord | null>;

  /**
   * For each name, the board's tag whose slug is `foldCase(name)`, created (name as given,
   * next id) when missing. Returns one tag per distinct slug, in order of first appearance.
   */
  ensureTags(boardId: number, names: string[]): Promise<TagRecord[]>;
  /** The board's tag with this slug (already folded), or null. */
  getTagBySlug(boardId: number, slug: string): Promise<TagRecord | null>;
  /** Replaces the post's tag set. */
  setPostTags(postId: number, tagIds: number[]): Promise<void>;
  /** Tags per post, each list by tag id asc; posts without tags map to []. */
  getTagsOfPosts(postIds: number[]): Promise<Map<number, TagRecord[]>>;
  /** How many tags the board holds (a resource limit). */
  countTags(boardId: number): Promise<number>;
  /** The board's tags by name (case-folded slug order), for the pages' tag choice. */
  listTags(boardId: number): Promise<TagRecord[]>;

  /** What imports made in the board, by source id (in no particular order). */
  listImportSources(boardId: number): Promise<ImportSourceRecord[]>;
  /** Records that an import made `record_id` from the row `source_id`; the caller checked it is new to the board. */
  insertImportSource(row: ImportSourceRecord): Promise<void>;
}

/** The boards aggregate: which methods write; no generic fallbacks (none answers from the others). */
export const BOARDS_AGGREGATE = {
  writes: {
    insertBoard: true,
    getBoard: false,
    getBoardBySlug: false,
    listBoards: false,
    updateBoard: true,
    ensureTags: true,
    getTagBySlug: false,
    setPostTags: true,
    getTagsOfPosts: false,
    countTags: false,
    listTags: false,
    listImportSources: false,
    insertImportSource: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<BoardsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const BOARDS_SCOPES = {
  insertBoard: 'organization.organization_id',
  getBoard: 'board',
  getBoardBySlug: 'organization',
  listBoards: 'organization',
  updateBoard: 'board',
  ensureTags: 'board',
  getTagBySlug: 'board',
  setPostTags: 'post',
  getTagsOfPosts: 'post[]',
  countTags: 'board',
  listTags: 'board',
  listImportSources: 'board',
  insertImportSource: 'board.board_id',
} satisfies ScopeTable<BoardsTx>;
