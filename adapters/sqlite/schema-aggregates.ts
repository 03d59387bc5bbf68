/**
 * Maintained statistics: what analytics reads instead of walking every vote of a board.
 *
 * Tables (all counts over the board's NON-HIDDEN posts; a day is the UTC date `YYYY-MM-DD`, the
 * first ten characters of the stored ISO timestamp):
 *
 * - `fb_board_days (board_id, day)`: posts created that day, how many of them have a vote, the
 *   sum of their comment counts; votes cast that day; comments written that day.
 * - `fb_board_voter_days (board_id, voter_id, day)`: votes a voter cast on the board that day.
 * - `fb_board_voters (board_id, voter_id)`: the voter's latest such day, and
 *   `fb_board_last_days (board_id, day)`: how many voters have that day as their latest.
 *   "Distinct voters in a window" is then the sum of the window's days in the latter, plus a probe
 *   of the voter-day rows only for voters whose latest day lies beyond the window (none unless
 *   votes were cast with a clock set back).
 * - `fb_board_statuses (board_id, status)`: non-hidden posts per current status.
 *
 * Triggers keep them in step with every write, inside the statement (and so the transaction) that
 * makes it: whatever path changes a post, a vote or a comment, the aggregates follow. A post that is
 * hidden, unhidden or deleted moves its whole contribution (its own row, its votes, its comments)
 * with set-based statements. Deleting a post subtracts everything in a BEFORE trigger: the
 * cascaded deletes of its votes and comments run after the post row is gone, so their own
 * triggers (guarded by a visible post) do nothing then.
 *
 * This is schema version 6 as released. Since version 8 its triggers are dropped and the ones
 * generated from the declared counters are installed instead (statistics.ts); the tables stay.
 */

const day = (column: string) => `substr(${column}, 1, 10)`;

/** Adds (sign 1) or removes (sign -1) the votes and comments of post `P` (an expression) on board `B`. */
function postActivity(sign: 1 | -1, B: string, P: string): string {
  return `
  INSERT INTO fb_board_days (board_id, day, votes)
    SELECT ${B}, ${day('created_at')}, ${sign} * count(*) FROM fb_votes WHERE post_id = ${P} GROUP BY 2
    ON CONFLICT DO UPDATE SET votes = votes + excluded.votes;
  INSERT INTO fb_board_days (board_id, day, comments)
    SELECT ${B}, ${day('created_at')}, ${sign} * count(*) FROM fb_comments WHERE post_id = ${P} GROUP BY 2
    ON CONFLICT DO UPDATE SET comments = comments + excluded.comments;
  INSERT INTO fb_board_voter_days (board_id, voter_id, day, votes)
    SELECT ${B}, voter_id, ${day('created_at')}, ${sign} FROM fb_votes WHERE post_id = ${P}
    ON CONFLICT DO UPDATE SET votes = votes + excluded.votes;
  DELETE FROM fb_board_voter_days
    WHERE board_id = ${B} AND votes = 0 AND voter_id IN (SELECT voter_id FROM fb_votes WHERE post_id = ${P});
  DELETE FROM fb_board_voters
    WHERE board_id = ${B} AND voter_id IN (SELECT voter_id FROM fb_votes WHERE post_id = ${P});
  INSERT INTO fb_board_voters (board_id, voter_id, last_day)
    SELECT board_id, voter_id, max(day) FROM fb_board_voter_days
     WHERE board_id = ${B} AND voter_id IN (SELECT voter_id FROM fb_votes WHERE post_id = ${P})
     GROUP BY board_id, voter_id;`;
}

/**
 * Adds (sign 1) or removes (sign -1) a post row's own contribution (`r` is `new` or `old`), when
 * that row is visible.
 */
function postOwn(sign: 1 | -1, r: 'new' | 'old'): string {
  return `
  INSERT INTO fb_board_days (board_id, day, posts, posts_with_votes, post_comments)
    SELECT ${r}.board_id, ${day(`${r}.created_at`)}, ${sign}, ${sign} * (${r}.vote_count > 0), ${sign} * ${r}.comment_count
     WHERE ${r}.hidden = 0
    ON CONFLICT DO UPDATE SET posts = posts + excluded.posts,
      posts_with_votes = posts_with_votes + excluded.posts_with_votes,
      post_comments = post_comments + excluded.post_comments;
  INSERT INTO fb_board_statuses (board_id, status, posts) SELECT ${r}.board_id, ${r}.status, ${sign} WHERE ${r}.hidden = 0
    ON CONFLICT DO UPDATE SET posts = posts + excluded.posts;`;
}

/** The board of a visible post (`id` an expression), for the vote and comment triggers. */
const boardOfVisible = (id: string) => `(SELECT board_id FROM fb_posts WHERE id = ${id} AND hidden = 0)`;
const isVisible = (id: string) => `EXISTS (SELECT 1 FROM fb_posts WHERE id = ${id} AND hidden = 0)`;

export const AGGREGATE_TABLES = `
CREATE TABLE fb_board_days (
  board_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  posts_with_votes INTEGER NOT NULL DEFAULT 0,
  post_comments INTEGER NOT NULL DEFAULT 0,
  votes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (board_id, day)
) WITHOUT ROWID;

CREATE TABLE fb_board_voter_days (
  board_id INTEGER NOT NULL,
  voter_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  votes INTEGER NOT NULL,
  PRIMARY KEY (board_id, voter_id, day)
) WITHOUT ROWID;

CREATE TABLE fb_board_voters (
  board_id INTEGER NOT NULL,
  voter_id INTEGER NOT NULL,
  last_day TEXT NOT NULL,
  PRIMARY KEY (board_id, voter_id)
) WITHOUT ROWID;
CREATE INDEX fb_board_voters_last ON fb_board_voters (board_id, last_day);

CREATE TABLE fb_board_last_days (
  board_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  voters INTEGER NOT NULL,
  PRIMARY KEY (board_id, day)
) WITHOUT ROWID;

CREATE TABLE fb_board_statuses (
  board_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  posts INTEGER NOT NULL,
  PRIMARY KEY (board_id, status)
) WITHOUT ROWID;
`;

/** Fills the aggregate tables from the rows already stored (run once, before the triggers exist). */
export const AGGREGATE_BUILD = `
INSERT INTO fb_board_days (board_id, day, posts, posts_with_votes, post_comments)
  SELECT board_id, ${day('created_at')}, count(*), sum(vote_count > 0), sum(comment_count)
    FROM fb_posts WHERE hidden = 0 GROUP BY 1, 2;
INSERT INTO fb_board_days (board_id, day, votes)
  SELECT p.board_id, ${day('v.created_at')}, count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE p.hidden = 0 GROUP BY 1, 2
  ON CONFLICT DO UPDATE SET votes = excluded.votes;
INSERT INTO fb_board_days (board_id, day, comments)
  SELECT p.board_id, ${day('c.created_at')}, count(*) FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id
   WHERE p.hidden = 0 GROUP BY 1, 2
  ON CONFLICT DO UPDATE SET comments = excluded.comments;
INSERT INTO fb_board_voter_days (board_id, voter_id, day, votes)
  SELECT p.board_id, v.voter_id, ${day('v.created_at')}, count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE p.hidden = 0 GROUP BY 1, 2, 3;
INSERT INTO fb_board_voters (board_id, voter_id, last_day)
  SELECT board_id, voter_id, max(day) FROM fb_board_voter_days GROUP BY 1, 2;
INSERT INTO fb_board_last_days (board_id, day, voters)
  SELECT board_id, last_day, count(*) FROM fb_board_voters GROUP BY 1, 2;
INSERT INTO fb_board_statuses (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts WHERE hidden = 0 GROUP BY 1, 2;
`;

/**
 * The triggers that keep `lastDays (board_id, day, voters)` counting the rows of `voters
 * (board_id, voter_id, last_day)` per latest day, named `{prefix}_insert`, `_delete`, `_update`.
 */
export function latestDayTriggers(prefix: string, voters: string, lastDays: string): string {
  return `
CREATE TRIGGER ${prefix}_insert AFTER INSERT ON ${voters}
BEGIN
  INSERT INTO ${lastDays} (board_id, day, voters) VALUES (new.board_id, new.last_day, 1)
    ON CONFLICT DO UPDATE SET voters = voters + 1;
END;

CREATE TRIGGER ${prefix}_delete AFTER DELETE ON ${voters}
BEGIN
  UPDATE ${lastDays} SET voters = voters - 1 WHERE board_id = old.board_id AND day = old.last_day;
END;

CREATE TRIGGER ${prefix}_update AFTER UPDATE OF last_day ON ${voters} WHEN old.last_day <> new.last_day
BEGIN
  UPDATE ${lastDays} SET voters = voters - 1 WHERE board_id = old.board_id AND day = old.last_day;
  INSERT INTO ${lastDays} (board_id, day, voters) VALUES (new.board_id, new.last_day, 1)
    ON CONFLICT DO UPDATE SET voters = voters + 1;
END;
`;
}

/**
 * The statements that count one vote of `voter` on `on` (a day): its row of votes per voter and
 * day in `voterDays`, and the voter's latest day in `voters`. `board` and `on` are SQL expressions.
 */
export function voterDayAdded(voterDays: string, voters: string, board: string, voter: string, on: string): string {
  return `INSERT INTO ${voterDays} (board_id, voter_id, day, votes)
    VALUES (${board}, ${voter}, ${on}, 1)
    ON CONFLICT DO UPDATE SET votes = votes + 1;
  INSERT INTO ${voters} (board_id, voter_id, last_day)
    VALUES (${board}, ${voter}, ${on})
    ON CONFLICT DO UPDATE SET last_day = max(last_day, excluded.last_day);`;
}

/**
 * The statements that take that vote back out: one vote fewer on the day (its row gone at zero),
 * and the voter's latest day recomputed from the days left (the voter gone with the last one).
 */
export function voterDayRemoved(voterDays: string, voters: string, board: string, voter: string, on: string): string {
  return `UPDATE ${voterDays} SET votes = votes - 1
    WHERE board_id = ${board} AND voter_id = ${voter} AND day = ${on};
  DELETE FROM ${voterDays}
    WHERE board_id = ${board} AND voter_id = ${voter} AND day = ${on}
      AND votes = 0;
  DELETE FROM ${voters} WHERE board_id = ${board} AND voter_id = ${voter};
  INSERT INTO ${voters} (board_id, voter_id, last_day)
    SELECT board_id, voter_id, max(day) FROM ${voterDays}
     WHERE board_id = ${board} AND voter_id = ${voter} GROUP BY board_id, voter_id;`;
}

export const AGGREGATE_TRIGGERS = `${latestDayTriggers('fb_agg_voter', 'fb_board_voters', 'fb_board_last_days')}
CREATE TRIGGER fb_agg_post_insert AFTER INSERT ON fb_posts WHEN new.hidden = 0
BEGIN ${postOwn(1, 'new')}
END;

CREATE TRIGGER fb_agg_post_update AFTER UPDATE OF hidden, status, vote_count, comment_count ON fb_posts
  WHEN old.hidden <> new.hidden OR old.status <> new.status
    OR (old.vote_count > 0) <> (new.vote_count > 0) OR old.comment_count <> new.comment_count
BEGIN ${postOwn(-1, 'old')} ${postOwn(1, 'new')}
END;

CREATE TRIGGER fb_agg_post_hide AFTER UPDATE OF hidden ON fb_posts WHEN old.hidden = 0 AND new.hidden = 1
BEGIN ${postActivity(-1, 'new.board_id', 'new.id')}
END;

CREATE TRIGGER fb_agg_post_unhide AFTER UPDATE OF hidden ON fb_posts WHEN old.hidden = 1 AND new.hidden = 0
BEGIN ${postActivity(1, 'new.board_id', 'new.id')}
END;

CREATE TRIGGER fb_agg_post_delete BEFORE DELETE ON fb_posts WHEN old.hidden = 0
BEGIN ${postOwn(-1, 'old')} ${postActivity(-1, 'old.board_id', 'old.id')}
END;

CREATE TRIGGER fb_agg_vote_insert AFTER INSERT ON fb_votes WHEN ${isVisible('new.post_id')}
BEGIN
  INSERT INTO fb_board_days (board_id, day, votes) VALUES (${boardOfVisible('new.post_id')}, ${day('new.created_at')}, 1)
    ON CONFLICT DO UPDATE SET votes = votes + 1;
  ${voterDayAdded('fb_board_voter_days', 'fb_board_voters', boardOfVisible('new.post_id'), 'new.voter_id', day('new.created_at'))}
END;

CREATE TRIGGER fb_agg_vote_delete AFTER DELETE ON fb_votes WHEN ${isVisible('old.post_id')}
BEGIN
  UPDATE fb_board_days SET votes = votes - 1
    WHERE board_id = ${boardOfVisible('old.post_id')} AND day = ${day('old.created_at')};
  ${voterDayRemoved('fb_board_voter_days', 'fb_board_voters', boardOfVisible('old.post_id'), 'old.voter_id', day('old.created_at'))}
END;

CREATE TRIGGER fb_agg_comment_insert AFTER INSERT ON fb_comments WHEN ${isVisible('new.post_id')}
BEGIN
  INSERT INTO fb_board_days (board_id, day, comments) VALUES (${boardOfVisible('new.post_id')}, ${day('new.created_at')}, 1)
    ON CONFLICT DO UPDATE SET comments = comments + 1;
END;

CREATE TRIGGER fb_agg_comment_delete AFTER DELETE ON fb_comments WHEN ${isVisible('old.post_id')}
BEGIN
  UPDATE fb_board_days SET comments = comments - 1
    WHERE board_id = ${boardOfVisible('old.post_id')} AND day = ${day('old.created_at')};
END;
`;
