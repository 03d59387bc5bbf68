/**
 * Fills the maintained statistics (`board_days`, `board_voters`) from the rows a database holds
 * when it is upgraded to them. Runs inside the upgrade's `versionchange` transaction and awaits
 * only its requests, so the transaction stays active until the last row is written; a failure
 * aborts the upgrade and leaves the previous version intact.
 */
import type { BoardDayRow, BoardVoterRow } from '../../src/storage/record-rows.js';
import { dayOf } from '../../src/storage/days.js';
import type { CommentRecord, PostRecord, VoteRecord } from '../../src/domain/records.js';
import type { IDBPTransaction } from 'idb';

/** The `versionchange` transaction an upgrade runs in. */
export type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

export function buildAggregates(tx: UpgradeTransaction): void {
  void (async () => {
    const posts = new Map<number, PostRecord>();
    for (const post of (await tx.objectStore('posts').getAll()) as PostRecord[]) if (!post.hidden) posts.set(post.id, post);
    const days = new Map<string, BoardDayRow>();
    const day = (board: number, on: string): BoardDayRow => {
      const key = `${board}/${on}`;
      let row = days.get(key);
      if (row === undefined) {
        row = { board_id: board, day: on, posts: 0, posts_with_votes: 0, post_comments: 0, votes: 0, comments: 0 };
        days.set(key, row);
      }
      return row;
    };
    for (const post of posts.values()) {
      const row = day(post.board_id, dayOf(post.created_at));
      row.posts += 1;
      if (post.vote_count > 0) row.posts_with_votes += 1;
      row.post_comments += post.comment_count;
    }
    const voters = new Map<string, BoardVoterRow>();
    for (const vote of (await tx.objectStore('votes').getAll()) as VoteRecord[]) {
      const post = posts.get(vote.post_id);
      if (post === undefined) continue;
      const on = dayOf(vote.created_at);
      day(post.board_id, on).votes += 1;
      const key = `${post.board_id}/${vote.voter_id}`;
      const voter = voters.get(key) ?? { board_id: post.board_id, voter_id: vote.voter_id, last_day: on, days: {} };
      voter.days[on] = (voter.days[on] ?? 0) + 1;
      if (on > voter.last_day) voter.last_day = on;
      voters.set(key, voter);
    }
    for (const comment of (await tx.objectStore('comments').getAll()) as CommentRecord[]) {
      const post = posts.get(comment.post_id);
      if (post !== undefined) day(post.board_id, dayOf(comment.created_at)).comments += 1;
    }
    const dayStore = tx.objectStore('board_days');
    for (const row of days.values()) dayStore.put(row).catch(() => undefined);
    const voterStore = tx.objectStore('board_voters');
    for (const row of voters.values()) voterStore.put(row).catch(() => undefined);
  })().catch(() => {
    // A failed request aborts the upgrade transaction, which fails the open with its error.
    try {
      tx.abort();
    } catch {
      // already finished
    }
  });
}
