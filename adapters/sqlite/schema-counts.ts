/**
 * Schema version 7: counts that lists and ship statistics read instead of counting rows.
 *
 * - `fb_board_post_counts (board_id, status)`: every post of the board per status, hidden ones
 *   included (what the post list's `total` counts, and the posts-per-board limit).
 * - `fb_tag_posts (tag_id)`: how many posts carry the tag (the `total` of a list by tag).
 * - Ship statistics, over the board's NON-HIDDEN posts whose status is shipped, by the UTC day of
 *   their `shipped_at`:
 *   - `fb_ship_days (board_id, day)`: such posts shipped that day;
 *   - `fb_ship_voter_days (board_id, voter_id, day)`: a voter's votes on the posts shipped that day;
 *   - `fb_ship_voters (board_id, voter_id)`: the latest such day, and `fb_ship_last_days
 *     (board_id, day)`: how many voters have that day as their latest. The distinct voters of the
 *     posts shipped in a window are then read as analytics reads its voters (see
 *     schema-aggregates.ts): the window's days in `fb_ship_last_days`, plus a probe only for
 *     voters whose latest day lies beyond the window.
 *
 * The shipped index gains the columns ship statistics show (see {@link SHIPPED_INDEX}).
 *
 * Triggers keep them in step inside the statement that changes a post, a vote or a tag link. A
 * post whose ship contribution changes (shipped or not, hidden or not, another shipped day) moves
 * its votes from the old day to the new one with set-based statements; a deleted post is taken
 * out in a BEFORE trigger, before the cascade removes its votes.
 *
 * This is schema version 7 as released. Since version 8 its triggers are dropped and the ones
 * generated from the declared counters are installed instead (statistics.ts); the tables and the
 * index stay.
 */
import { latestDayTriggers, voterDayAdded, voterDayRemoved } from './schema-aggregates.js';

const day = (column: string) => `substr(${column}, 1, 10)`;

/** True when post row `r` counts in ship statistics. */
const ships = (r: string) => `(${r}.hidden = 0 AND ${r}.status = 'shipped' AND ${r}.shipped_at IS NOT NULL)`;

/** Voters of post `P`, the rows whose latest day must be computed again after a change. */
const votersOf = (P: string) => `(SELECT voter_id FROM fb_votes WHERE post_id = ${P})`;

/**
 * Adds (sign 1) or removes (sign -1) post `r`'s contribution (`r` is `new` or `old`): the post on
 * its shipped day and every vote on it; then recomputes its voters' latest days.
 */
function shipContribution(sign: 1 | -1, r: 'new' | 'old'): string {
  return `
  INSERT INTO fb_ship_days (board_id, day, posts) VALUES (${r}.board_id, ${day(`${r}.shipped_at`)}, ${sign})
    ON CONFLICT DO UPDATE SET posts = posts + excluded.posts;
  INSERT INTO fb_ship_voter_days (board_id, voter_id, day, votes)
    SELECT ${r}.board_id, voter_id, ${day(`${r}.shipped_at`)}, ${sign} FROM fb_votes WHERE post_id = ${r}.id
    ON CONFLICT DO UPDATE SET votes = votes + excluded.votes;
  DELETE FROM fb_ship_voter_days
    WHERE board_id = ${r}.board_id AND votes = 0 AND voter_id IN ${votersOf(`${r}.id`)};
  DELETE FROM fb_ship_voters WHERE board_id = ${r}.board_id AND voter_id IN ${votersOf(`${r}.id`)};
  INSERT INTO fb_ship_voters (board_id, voter_id, last_day)
    SELECT board_id, voter_id, max(day) FROM fb_ship_voter_days
     WHERE board_id = ${r}.board_id AND voter_id IN ${votersOf(`${r}.id`)}
     GROUP BY board_id, voter_id;`;
}

/** The shipped post a vote row is on (`id` an expression), when it counts. */
const shippedPost = (id: string) => `(SELECT p.board_id FROM fb_posts p WHERE p.id = ${id} AND ${ships('p')})`;
const shippedDay = (id: string) => `(SELECT ${day('p.shipped_at')} FROM fb_posts p WHERE p.id = ${id})`;

export const COUNT_TABLES = `
CREATE TABLE fb_board_post_counts (
  board_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  posts INTEGER NOT NULL,
  PRIMARY KEY (board_id, status)
) WITHOUT ROWID;

CREATE TABLE fb_tag_posts (
  tag_id INTEGER PRIMARY KEY,
  posts INTEGER NOT NULL
);

CREATE TABLE fb_ship_days (
  board_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  posts INTEGER NOT NULL,
  PRIMARY KEY (board_id, day)
) WITHOUT ROWID;

CREATE TABLE fb_ship_voter_days (
  board_id INTEGER NOT NULL,
  voter_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  votes INTEGER NOT NULL,
  PRIMARY KEY (board_id, voter_id, day)
) WITHOUT ROWID;

CREATE TABLE fb_ship_voters (
  board_id INTEGER NOT NULL,
  voter_id INTEGER NOT NULL,
  last_day TEXT NOT NULL,
  PRIMARY KEY (board_id, voter_id)
) WITHOUT ROWID;
CREATE INDEX fb_ship_voters_last ON fb_ship_voters (board_id, last_day);

CREATE TABLE fb_ship_last_days (
  board_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  voters INTEGER NOT NULL,
  PRIMARY KEY (board_id, day)
) WITHOUT ROWID;
`;

/** Fills the tables from the rows already stored (run once, before the triggers exist). */
export const COUNT_BUILD = `
INSERT INTO fb_board_post_counts (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts GROUP BY 1, 2;
INSERT INTO fb_tag_posts (tag_id, posts) SELECT tag_id, count(*) FROM fb_post_tags GROUP BY 1;
INSERT INTO fb_ship_days (board_id, day, posts)
  SELECT p.board_id, ${day('p.shipped_at')}, count(*) FROM fb_posts p WHERE ${ships('p')} GROUP BY 1, 2;
INSERT INTO fb_ship_voter_days (board_id, voter_id, day, votes)
  SELECT p.board_id, v.voter_id, ${day('p.shipped_at')}, count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE ${ships('p')} GROUP BY 1, 2, 3;
INSERT INTO fb_ship_voters (board_id, voter_id, last_day)
  SELECT board_id, voter_id, max(day) FROM fb_ship_voter_days GROUP BY 1, 2;
INSERT INTO fb_ship_last_days (board_id, day, voters)
  SELECT board_id, last_day, count(*) FROM fb_ship_voters GROUP BY 1, 2;
`;

export const COUNT_TRIGGERS = `
CREATE TRIGGER fb_count_post_insert AFTER INSERT ON fb_posts
BEGIN
  INSERT INTO fb_board_post_counts (board_id, status, posts) VALUES (new.board_id, new.status, 1)
    ON CONFLICT DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER fb_count_post_delete AFTER DELETE ON fb_posts
BEGIN
  UPDATE fb_board_post_counts SET posts = posts - 1 WHERE board_id = old.board_id AND status = old.status;
END;

CREATE TRIGGER fb_count_post_status AFTER UPDATE OF status ON fb_posts WHEN old.status <> new.status
BEGIN
  UPDATE fb_board_post_counts SET posts = posts - 1 WHERE board_id = old.board_id AND status = old.status;
  INSERT INTO fb_board_post_counts (board_id, status, posts) VALUES (new.board_id, new.status, 1)
    ON CONFLICT DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER fb_count_tag_insert AFTER INSERT ON fb_post_tags
BEGIN
  INSERT INTO fb_tag_posts (tag_id, posts) VALUES (new.tag_id, 1) ON CONFLICT DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER fb_count_tag_delete AFTER DELETE ON fb_post_tags
BEGIN
  UPDATE fb_tag_posts SET posts = posts - 1 WHERE tag_id = old.tag_id;
END;

CREATE TRIGGER fb_count_tag_gone AFTER DELETE ON fb_tags
BEGIN
  DELETE FROM fb_tag_posts WHERE tag_id = old.id;
END;

${latestDayTriggers('fb_ship_voter', 'fb_ship_voters', 'fb_ship_last_days')}
CREATE TRIGGER fb_ship_post_insert AFTER INSERT ON fb_posts WHEN ${ships('new')}
BEGIN
  INSERT INTO fb_ship_days (board_id, day, posts) VALUES (new.board_id, ${day('new.shipped_at')}, 1)
    ON CONFLICT DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER fb_ship_post_leave AFTER UPDATE OF hidden, status, shipped_at ON fb_posts
  WHEN ${ships('old')} AND NOT (${ships('new')} AND ${day('old.shipped_at')} = ${day('new.shipped_at')})
BEGIN ${shipContribution(-1, 'old')}
END;

CREATE TRIGGER fb_ship_post_join AFTER UPDATE OF hidden, status, shipped_at ON fb_posts
  WHEN ${ships('new')} AND NOT (${ships('old')} AND ${day('old.shipped_at')} = ${day('new.shipped_at')})
BEGIN ${shipContribution(1, 'new')}
END;

CREATE TRIGGER fb_ship_post_delete BEFORE DELETE ON fb_posts WHEN ${ships('old')}
BEGIN ${shipContribution(-1, 'old')}
END;

CREATE TRIGGER fb_ship_vote_insert AFTER INSERT ON fb_votes WHEN ${shippedPost('new.post_id')} IS NOT NULL
BEGIN
  ${voterDayAdded('fb_ship_voter_days', 'fb_ship_voters', shippedPost('new.post_id'), 'new.voter_id', shippedDay('new.post_id'))}
END;

CREATE TRIGGER fb_ship_vote_delete AFTER DELETE ON fb_votes WHEN ${shippedPost('old.post_id')} IS NOT NULL
BEGIN
  ${voterDayRemoved('fb_ship_voter_days', 'fb_ship_voters', shippedPost('old.post_id'), 'old.voter_id', shippedDay('old.post_id'))}
END;
`;

/**
 * The shipped index also carries what ship statistics show of a post (its vote count and title),
 * so their list is read from the index alone; the changelog still walks it in the same order.
 */
export const SHIPPED_INDEX = `
DROP INDEX fb_posts_shipped;
CREATE INDEX fb_posts_shipped ON fb_posts (board_id, shipped_at, id, vote_count, title)
  WHERE hidden = 0 AND status = 'shipped';
`;

export const SCHEMA_COUNTS: readonly string[] = [COUNT_TABLES, COUNT_BUILD, COUNT_TRIGGERS, SHIPPED_INDEX];
