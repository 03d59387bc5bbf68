/**
 * Schema step 15: the per-day counts ship statistics read, as SQLite keeps them
 * (adapters/sqlite/schema-counts.ts), so that the distinct voters of the posts shipped in a
 * period cost one row per day of the period instead of a walk of every vote on those posts.
 *
 * Over the board's NON-HIDDEN posts whose status is shipped and whose `shipped_at` is set (a merged
 * post is stored hidden; a held post is no post until approved), by the UTC day of `shipped_at`:
 *
 * - `fb_ship_days (board_id, day)`: such posts shipped that day;
 * - `fb_ship_voter_days (board_id, voter_id, day)`: a voter's votes on the posts shipped that day;
 * - `fb_ship_voters (board_id, voter_id)`: the latest such day, and `fb_ship_last_days (board_id,
 *   day)`: how many voters have that day as their latest. The voters of a period are then the
 *   period's days in `fb_ship_last_days`, plus a probe only for voters whose latest day lies
 *   beyond the period, as analytics counts its voters (schema-aggregates.ts).
 *
 * The step creates the tables and fills them from the stored posts and votes, in the migration's
 * transaction. The triggers that keep them in step are the statistics code (statistics.ts),
 * generated from the declared counters and installed by fingerprint, which rebuilds every
 * counter it keeps when it is installed.
 */

/** True when post `p` counts in ship statistics. */
const SHIPS = `NOT p.hidden AND p.status = 'shipped' AND p.shipped_at IS NOT NULL`;

export const PG_SCHEMA_SHIP_COUNTS = `
CREATE TABLE fb_ship_days (
  board_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  posts integer NOT NULL,
  PRIMARY KEY (board_id, day)
);

CREATE TABLE fb_ship_voter_days (
  board_id integer NOT NULL,
  voter_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  votes integer NOT NULL,
  PRIMARY KEY (board_id, voter_id, day)
);

CREATE TABLE fb_ship_voters (
  board_id integer NOT NULL,
  voter_id integer NOT NULL,
  last_day text COLLATE "C" NOT NULL,
  PRIMARY KEY (board_id, voter_id)
);
CREATE INDEX fb_ship_voters_last ON fb_ship_voters (board_id, last_day);

CREATE TABLE fb_ship_last_days (
  board_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  voters integer NOT NULL,
  PRIMARY KEY (board_id, day)
);

INSERT INTO fb_ship_days (board_id, day, posts)
  SELECT p.board_id, substr(p.shipped_at, 1, 10), count(*) FROM fb_posts p WHERE ${SHIPS} GROUP BY 1, 2;
INSERT INTO fb_ship_voter_days (board_id, voter_id, day, votes)
  SELECT p.board_id, v.voter_id, substr(p.shipped_at, 1, 10), count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE ${SHIPS} GROUP BY 1, 2, 3;
INSERT INTO fb_ship_voters (board_id, voter_id, last_day)
  SELECT board_id, voter_id, max(day) FROM fb_ship_voter_days GROUP BY 1, 2;
INSERT INTO fb_ship_last_days (board_id, day, voters)
  SELECT board_id, last_day, count(*) FROM fb_ship_voters GROUP BY 1, 2;
ANALYZE fb_ship_days, fb_ship_voter_days, fb_ship_voters, fb_ship_last_days;
`;
