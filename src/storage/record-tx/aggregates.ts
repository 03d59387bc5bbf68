/**
 * The maintained statistics of the record store (`board_days`, `board_voters`), changed by the
 * same StorageTx method, and so the same transaction, as the write they summarize. Everything
 * counts over a board's non-hidden posts: hiding, unhiding or deleting a post moves its whole
 * contribution (its own row, its votes, its comments).
 */
import type { BoardDayRow, RecordStore } from '../record-store.js';
import { dayOf } from '../days.js';
import type { StoredPost } from './shared.js';

type DayCounts = Partial<Omit<BoardDayRow, 'board_id' | 'day'>>;

const EMPTY_DAY = { posts: 0, posts_with_votes: 0, post_comments: 0, votes: 0, comments: 0 };

export interface Aggregates {
  /** A post was inserted. */
  postAdded(post: StoredPost): Promise<void>;
  /** A post row changed (any field; only hidden, status and the counters matter). */
  postChanged(before: StoredPost, after: StoredPost): Promise<void>;
  /** A post is about to be deleted, with its votes and comments still stored. */
  postRemoving(post: StoredPost): Promise<void>;
  /** A vote on `post` was added (sign 1) or removed (-1); `post` is the row before its counter moved. */
  voteMoved(post: StoredPost, voterId: number, createdAt: string, sign: 1 | -1): Promise<void>;
  /** A comment was added to `post`. */
  commentAdded(post: StoredPost, createdAt: string): Promise<void>;
}

export function aggregates(store: RecordStore): Aggregates {
  const days = store.table('board_days');
  const voters = store.table('board_voters');
  const votes = store.table('votes');
  const comments = store.table('comments');

  async function bumpDay(boardId: number, day: string, counts: DayCounts): Promise<void> {
    const row = (await days.get([boardId, day])) ?? { board_id: boardId, day, ...EMPTY_DAY };
    await days.put({
      board_id: boardId,
      day,
      posts: row.posts + (counts.posts ?? 0),
      posts_with_votes: row.posts_with_votes + (counts.posts_with_votes ?? 0),
      post_comments: row.post_comments + (counts.post_comments ?? 0),
      votes: row.votes + (counts.votes ?? 0),
      comments: row.comments + (counts.comments ?? 0),
    });
  }

  async function bumpVoterDay(boardId: number, voterId: number, day: string, sign: 1 | -1): Promise<void> {
    const row = await voters.get([boardId, voterId]);
    const counts: Record<string, number> = { ...row?.days };
    const n = (counts[day] ?? 0) + sign;
    if (n > 0) counts[day] = n;
    else delete counts[day];
    const keys = Object.keys(counts);
    if (keys.length === 0) {
      await voters.delete([boardId, voterId]);
      return;
    }
    const last = keys.reduce((a, b) => (b > a ? b : a));
    await voters.put({ board_id: boardId, voter_id: voterId, last_day: last, days: counts });
  }

  async function own(post: StoredPost, sign: 1 | -1): Promise<void> {
    if (post.hidden) return;
    await bumpDay(post.board_id, dayOf(post.created_at), {
      posts: sign,
      posts_with_votes: post.vote_count > 0 ? sign : 0,
      post_comments: sign * post.comment_count,
    });
  }

  async function activity(post: StoredPost, sign: 1 | -1): Promise<void> {
    for (const vote of await votes.getAllFromIndex('by_post', post.id)) {
      await bumpDay(post.board_id, dayOf(vote.created_at), { votes: sign });
      await bumpVoterDay(post.board_id, vote.voter_id, dayOf(vote.created_at), sign);
    }
    for (const comment of await comments.getAllFromIndex('by_post', post.id)) {
      await bumpDay(post.board_id, dayOf(comment.created_at), { comments: sign });
    }
  }

  return {
    postAdded: (post) => own(post, 1),
    async postChanged(before, after) {
      const same =
        before.hidden === after.hidden &&
        before.vote_count > 0 === after.vote_count > 0 &&
        before.comment_count === after.comment_count;
      if (same) return;
      await own(before, -1);
      await own(after, 1);
      if (before.hidden !== after.hidden) await activity(after, after.hidden ? -1 : 1);
    },
    async postRemoving(post) {
      if (post.hidden) return;
      await own(post, -1);
      await activity(post, -1);
    },
    async voteMoved(post, voterId, createdAt, sign) {
      if (post.hidden) return;
      await bumpDay(post.board_id, dayOf(createdAt), { votes: sign });
      await bumpVoterDay(post.board_id, voterId, dayOf(createdAt), sign);
    },
    async commentAdded(post, createdAt) {
      if (!post.hidden) await bumpDay(post.board_id, dayOf(createdAt), { comments: 1 });
    },
  };
}
