/** The post lists: filtered list, agent queue, roadmap and changelog. */
import type { PostStatus } from '../../domain/records.js';
import type { StorageTx } from '../contract.js';
import type { RecordStore } from '../record-store.js';
import { matchesSearch } from '../text.js';
import {
  byNewest,
  byShippedDesc,
  byTop,
  byVotesThenOldest,
  pageOf,
  type StoredPost,
} from './shared.js';

type PostListMethods = Pick<StorageTx, 'listPosts' | 'listQueue' | 'listRoadmap' | 'listChangelog'>;

/** The statuses a queued post may have: every one but shipped and declined. */
const QUEUE_STATUSES = ['open', 'planned', 'in_progress'] as const satisfies readonly PostStatus[];
/** Roadmap columns, in roadmap order. */
const ROADMAP_STATUSES = ['open', 'planned', 'in_progress', 'shipped'] as const satisfies readonly PostStatus[];

export function postListMethods(store: RecordStore): PostListMethods {
  const posts = store.table('posts');

  function postsWithStatus(boardId: number, status: PostStatus): Promise<StoredPost[]> {
    return posts.getAllFromIndex('by_board_status', [boardId, status]);
  }

  return {
    async listPosts(boardId, query) {
      let rows =
        query.status === undefined
          ? await posts.getAllFromIndex('by_board', boardId)
          : await postsWithStatus(boardId, query.status);
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

    async listQueue(boardId, query) {
      const candidates: StoredPost[] = [];
      for (const status of QUEUE_STATUSES) {
        for (const post of await postsWithStatus(boardId, status)) {
          if (!post.hidden && (post.queue_rank !== null || post.status === 'planned')) candidates.push(post);
        }
      }
      const claims = store.table('claims');
      const eligible: StoredPost[] = [];
      for (const post of candidates) {
        const claim = await claims.get(post.id);
        const heldByOther = claim !== undefined && query.now < claim.expires_at && claim.api_key_id !== query.apiKeyId;
        if (!heldByOther) eligible.push(post);
      }
      const ranked = eligible
        .filter((post) => post.queue_rank !== null)
        .sort((a, b) => (a.queue_rank ?? 0) - (b.queue_rank ?? 0) || a.id - b.id);
      const unranked = eligible.filter((post) => post.queue_rank === null).sort(byVotesThenOldest);
      return pageOf([...ranked, ...unranked], { limit: query.limit, offset: 0 });
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
  };
}
