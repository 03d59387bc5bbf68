/** The posts aggregate of the storage contract: post records and the board's lists of them. */
import type { AttachmentRecord } from '../../domain/attachments.js';
import type { PostLinkRecord } from '../../domain/integrations.js';
import type { ClaimRecord, EvidenceRecord, PostMergeRecord, PostRecord, PostStatus, TagRecord } from '../../domain/records.js';
import type { StatusRecord } from '../../domain/statuses.js';
import type { FieldValue, FieldValues } from '../../domain/fields.js';
import type { AggregateDefinition, Page, PageQuery } from './shared.js';
import type { ScopeTable } from './scopes.js';

/**
 * A post to insert: its counters start at 0; without `status_label_id` its label is the default
 * status of its category in the board's organization.
 */
export type NewPost = Omit<PostRecord, 'id' | 'vote_count' | 'comment_count' | 'status_label_id' | 'fields'> & {
  status_label_id?: number;
  /** The custom fields' values (checked by the caller against the board's fields); none when absent or null. */
  fields?: FieldValues | null;
};
/**
 * Fields of a post to change; absent fields are unchanged. A `status` without `status_label_id`
 * sets the label to the category's default; a `status_label_id` must name a status of the post's
 * organization whose category is the post's status after the patch (the caller checks).
 */
export type PostPatch = Partial<
  Pick<
    PostRecord,
    'title' | 'body' | 'status' | 'hidden' | 'pinned' | 'queue_rank' | 'shipped_at' | 'proposal' | 'status_label_id' | 'fields'
  >
>;

/** The filters, sort and page of {@link PostsTx.listPosts}. */
export interface PostListQuery extends PageQuery {
  status?: PostStatus;
  /**
   * Already folded with `foldCase`; non-empty. Matches posts where `foldCase(title)` or
   * `foldCase(body)` contains it as a substring. Every character is literal.
   */
  search?: string;
  /** Only posts carrying this tag. */
  tagId?: number;
  /** Only posts showing this status of the organization (see statuses.ts): counted, not maintained, and found through `status`, which callers set to its category (posts keep no index of their labels). */
  statusLabelId?: number;
  /** Only posts whose value of the custom field `key` equals `value` (a number equals only a number). */
  field?: { key: string; value: FieldValue };
  /**
   * `new`: created_at desc, id desc.
   * `top`: vote_count desc, created_at desc, id desc.
   */
  sort: 'new' | 'top';
}

/** What belongs to one post beside its row: what the single-post shape shows with it. */
export interface PostParts {
  /** Its tags, id asc. */
  tags: TagRecord[];
  /** Its evidence, added_at asc, then id. */
  evidence: EvidenceRecord[];
  /** Its claim as stored, expired or not, or null. */
  claim: ClaimRecord | null;
  /** Its images, id asc. */
  attachments: AttachmentRecord[];
  /** The issues linked to it, id asc. */
  links: PostLinkRecord[];
  /** The status it shows (its `status_label_id`), or null when there is none of that id. */
  status: StatusRecord | null;
}

/** The reads of other aggregates that the fallback of {@link PostsTx.getPostParts} makes (each documented where its aggregate declares it). */
export interface PostPartsReads {
  /** The boards aggregate's `getTagsOfPosts`. */
  getTagsOfPosts(postIds: number[]): Promise<Map<number, TagRecord[]>>;
  /** The agent aggregate's `listEvidence`. */
  listEvidence(postId: number): Promise<EvidenceRecord[]>;
  /** The agent aggregate's `getClaim`. */
  getClaim(postId: number): Promise<ClaimRecord | null>;
  /** The attachments aggregate's `listPostAttachments`. */
  listPostAttachments(postIds: readonly number[]): Promise<AttachmentRecord[]>;
  /** The integrations aggregate's `listPostLinks`. */
  listPostLinks(postId: number): Promise<PostLinkRecord[]>;
  /** The accounts aggregate's `getStatus`. */
  getStatus(id: number): Promise<StatusRecord | null>;
}

/** Posts: the records, their count per board, and the public lists of a board. */
export interface PostsTx {
  /** vote_count and comment_count start at 0. */
  insertPost(row: NewPost): Promise<PostRecord>;
  /** The post, or null. */
  getPost(id: number): Promise<PostRecord | null>;
  /**
   * The parts of post `postId` (see {@link PostParts}), with status `statusId` (the post's
   * `status_label_id`), each as the aggregate that holds it answers. Optional: the fallback asks
   * those aggregates one by one; SQL reads them in one statement.
   */
  getPostParts(postId: number, statusId: number): Promise<PostParts>;
  /** Absent fields are unchanged; returns the updated record, or null if there is no such post. */
  updatePost(id: number, patch: PostPatch): Promise<PostRecord | null>;
  /** Deletes the post with its votes, follows, author, comments (and their reactions), claim, evidence and tag links. */
  deletePost(id: number): Promise<boolean>;
  /**
   * How many posts the board holds, hidden ones included (a resource limit). Optional: the
   * fallback is the `total` of {@link PostsTx.listPosts}.
   */
  countPosts(boardId: number): Promise<number>;
  /**
   * Every post of the board (hidden included, merged posts left out) matching the query; see
   * {@link PostListQuery}.
   */
  listPosts(boardId: number, query: PostListQuery): Promise<Page<PostRecord>>;
  /**
   * The board's pinned posts that are not merged, hidden ones included, by id: a handful at most,
   * read to put them first in a list (SQL reads them from an index of pinned posts alone).
   */
  listPinnedPosts(boardId: number): Promise<PostRecord[]>;
  /**
   * Non-hidden posts with status open, planned, in_progress or shipped: in that status order,
   * then vote_count desc, then id asc.
   */
  listRoadmap(boardId: number, query: PageQuery): Promise<Page<PostRecord>>;
  /** Non-hidden shipped posts: shipped_at desc, id desc. */
  listChangelog(boardId: number, query: PageQuery): Promise<Page<PostRecord>>;
  /**
   * For each word (as `wordsOf` makes them), how many posts of the board, hidden ones included,
   * have it among the words of their title, counted up to `cap`: a word on more posts maps to
   * `cap`. Read from the word index, never by scanning the board's posts.
   */
  countPostsByWord(boardId: number, words: readonly string[], cap: number): Promise<Map<string, number>>;
  /**
   * The board's listed posts (see `isListedPost`) with at least one of the words among the words
   * of their title, each once, id asc. Read from the word index.
   */
  listPostsByWords(boardId: number, words: readonly string[]): Promise<PostRecord[]>;

  /**
   * Records a merge: from now on the source is a merged post, left out of
   * {@link PostsTx.listPosts}. The caller has already made the changes the record lists (the
   * source hidden, comments moved, votes and evidence added); a source can hold one record.
   */
  insertPostMerge(row: PostMergeRecord): Promise<void>;
  /** The merge record of a merged post, or null for a post that is not merged. */
  getPostMerge(sourceId: number): Promise<PostMergeRecord | null>;
  /**
   * Ends a merge: deletes the record with the evidence entries it lists as copied to the target
   * (those still there). False when the post is not merged. The caller restores the rest.
   */
  removePostMerge(sourceId: number): Promise<boolean>;
  /**
   * Moves these comments (ids of comments of the post `fromPostId`) to the post `toPostId`, with
   * their reactions and replies' links, keeping both posts' `comment_count`.
   */
  moveComments(fromPostId: number, toPostId: number, commentIds: readonly number[]): Promise<void>;
}

/**
 * Whether a post is listed: shown in lists to everyone who can read the board. The similar-posts
 * lookup returns only listed posts; SQL stores repeat this test as `listedPost`.
 */
export function isListedPost(post: Pick<PostRecord, 'hidden'>): boolean {
  return !post.hidden;
}

/** How many posts the fallback of `listPinnedPosts` reads at a time. */
const PINNED_SCAN_PAGE = 500;

/** The posts aggregate: which methods write, and the fallbacks of `getPostParts`, `countPosts` and `listPinnedPosts`. */
export const POSTS_AGGREGATE = {
  writes: {
    insertPost: true,
    getPost: false,
    getPostParts: false,
    updatePost: true,
    deletePost: true,
    countPosts: false,
    listPosts: false,
    listPinnedPosts: false,
    listRoadmap: false,
    listChangelog: false,
    countPostsByWord: false,
    listPostsByWords: false,
    insertPostMerge: true,
    getPostMerge: false,
    removePostMerge: true,
    moveComments: true,
  },
  fallbacks: {
    getPostParts: (self) => async (postId, statusId) => ({
      tags: (await self.getTagsOfPosts([postId])).get(postId) ?? [],
      evidence: await self.listEvidence(postId),
      claim: await self.getClaim(postId),
      attachments: await self.listPostAttachments([postId]),
      links: await self.listPostLinks(postId),
      status: await self.getStatus(statusId),
    }),
    countPosts: (self) => async (boardId) => (await self.listPosts(boardId, { sort: 'new', limit: 1, offset: 0 })).total,
    // Every post of the board, in pages: a store without an index of pinned posts reads them all anyway.
    listPinnedPosts: (self) => async (boardId) => {
      const pinned: PostRecord[] = [];
      for (let offset = 0; ; offset += PINNED_SCAN_PAGE) {
        const page = await self.listPosts(boardId, { sort: 'new', limit: PINNED_SCAN_PAGE, offset });
        pinned.push(...page.rows.filter((post) => post.pinned));
        if (offset + PINNED_SCAN_PAGE >= page.total) return pinned.sort((a, b) => a.id - b.id);
      }
    },
  },
} satisfies AggregateDefinition<PostsTx, PostsTx & PostPartsReads>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const POSTS_SCOPES = {
  insertPost: 'board.board_id',
  getPost: 'post',
  getPostParts: 'post',
  updatePost: 'post',
  deletePost: 'post',
  countPosts: 'board',
  listPosts: 'board',
  listPinnedPosts: 'board',
  listRoadmap: 'board',
  listChangelog: 'board',
  countPostsByWord: 'board',
  listPostsByWords: 'board',
  insertPostMerge: 'post.source_id',
  getPostMerge: 'post',
  removePostMerge: 'post',
  moveComments: 'post',
} satisfies ScopeTable<PostsTx>;
