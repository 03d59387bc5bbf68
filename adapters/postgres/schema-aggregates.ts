/**
 * Maintained statistics for PostgreSQL (a migration step of its own; see migrations.ts): the same
 * tables and rules as SQLite's (adapters/sqlite/schema-aggregates.ts), so analytics reads at most
 * one row per day of its window instead of every vote of the board.
 *
 * All counts are over the board's NON-HIDDEN posts; a day is the UTC date, the first ten
 * characters of the stored ISO timestamp.
 *
 * - `fb_board_days (board_id, day)`: posts created that day, how many of them have a vote, the sum
 *   of their comment counts; votes cast that day; comments written that day.
 * - `fb_board_voter_days (board_id, voter_id, day)`: votes a voter cast on the board that day.
 * - `fb_board_voters (board_id, voter_id)`: the voter's latest such day, and
 *   `fb_board_last_days (board_id, day)`: how many voters have that day as their latest.
 * - `fb_board_statuses (board_id, status)`: non-hidden posts per current status.
 * - `fb_board_post_counts (board_id, status)`: every post per status, hidden ones included (the
 *   post list's `total` without a search or tag, and the posts-per-board limit).
 *
 * Row triggers keep them in step inside the transaction of every write (writes are serialized by
 * the adapter's write lock, so the upserts never race). A post that is hidden, unhidden or deleted
 * moves its whole contribution with set-based statements; a deleted post is taken out in a BEFORE
 * trigger, and the cascaded deletes of its votes and comments then find no visible post.
 *
 * This is schema step 5 as released. Since step 7 its functions and triggers are dropped and the
 * ones generated from the declared counters are installed instead (statistics.ts); the tables stay.
 */

const day = (column: string) => `substr(${column}, 1, 10)`;

/**
 * A row trigger function that keeps `table.count` as the number of rows per key: a deleted or
 * updated row takes one from its old key (`keys`: the counter's column and the row's column), an
 * inserted or updated row adds one to its new key.
 */
export function counterFunction(
  name: string,
  table: string,
  count: string,
  keys: readonly (readonly [counter: string, row: string])[],
  alias: string,
): string {
  const columns = keys.map(([counter]) => counter).join(', ');
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE ${table} SET ${count} = ${count} - 1 WHERE ${keys.map(([counter, row]) => `${counter} = OLD.${row}`).join(' AND ')};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO ${table} AS ${alias} (${columns}, ${count}) VALUES (${keys.map(([, row]) => `NEW.${row}`).join(', ')}, 1)
      ON CONFLICT (${columns}) DO UPDATE SET ${count} = ${alias}.${count} + 1;
  END IF;
  RETURN NULL;
END $$;`;
}

export const PG_AGGREGATE_TABLES = `
CREATE TABLE fb_board_days (
  board_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  posts integer NOT NULL DEFAULT 0,
  posts_with_votes integer NOT NULL DEFAULT 0,
  post_comments integer NOT NULL DEFAULT 0,
  votes integer NOT NULL DEFAULT 0,
  comments integer NOT NULL DEFAULT 0,
  PRIMARY KEY (board_id, day)
);

CREATE TABLE fb_board_voter_days (
  board_id integer NOT NULL,
  voter_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  votes integer NOT NULL,
  PRIMARY KEY (board_id, voter_id, day)
);

CREATE TABLE fb_board_voters (
  board_id integer NOT NULL,
  voter_id integer NOT NULL,
  last_day text COLLATE "C" NOT NULL,
  PRIMARY KEY (board_id, voter_id)
);
CREATE INDEX fb_board_voters_last ON fb_board_voters (board_id, last_day);

CREATE TABLE fb_board_last_days (
  board_id integer NOT NULL,
  day text COLLATE "C" NOT NULL,
  voters integer NOT NULL,
  PRIMARY KEY (board_id, day)
);

CREATE TABLE fb_board_statuses (
  board_id integer NOT NULL,
  status text COLLATE "C" NOT NULL,
  posts integer NOT NULL,
  PRIMARY KEY (board_id, status)
);

CREATE TABLE fb_board_post_counts (
  board_id integer NOT NULL,
  status text COLLATE "C" NOT NULL,
  posts integer NOT NULL,
  PRIMARY KEY (board_id, status)
);
`;

/** Fills the tables from the rows already stored (run once, before the triggers exist). */
export const PG_AGGREGATE_BUILD = `
INSERT INTO fb_board_days (board_id, day, posts, posts_with_votes, post_comments)
  SELECT board_id, ${day('created_at')}, count(*), count(*) FILTER (WHERE vote_count > 0), sum(comment_count)
    FROM fb_posts WHERE NOT hidden GROUP BY 1, 2;
INSERT INTO fb_board_days AS d (board_id, day, votes)
  SELECT p.board_id, ${day('v.created_at')}, count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE NOT p.hidden GROUP BY 1, 2
  ON CONFLICT (board_id, day) DO UPDATE SET votes = excluded.votes;
INSERT INTO fb_board_days AS d (board_id, day, comments)
  SELECT p.board_id, ${day('c.created_at')}, count(*) FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id
   WHERE NOT p.hidden GROUP BY 1, 2
  ON CONFLICT (board_id, day) DO UPDATE SET comments = excluded.comments;
INSERT INTO fb_board_voter_days (board_id, voter_id, day, votes)
  SELECT p.board_id, v.voter_id, ${day('v.created_at')}, count(*) FROM fb_votes v JOIN fb_posts p ON p.id = v.post_id
   WHERE NOT p.hidden GROUP BY 1, 2, 3;
INSERT INTO fb_board_voters (board_id, voter_id, last_day)
  SELECT board_id, voter_id, max(day) FROM fb_board_voter_days GROUP BY 1, 2;
INSERT INTO fb_board_last_days (board_id, day, voters)
  SELECT board_id, last_day, count(*) FROM fb_board_voters GROUP BY 1, 2;
INSERT INTO fb_board_statuses (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts WHERE NOT hidden GROUP BY 1, 2;
INSERT INTO fb_board_post_counts (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts GROUP BY 1, 2;
`;

export const PG_AGGREGATE_TRIGGERS = `
-- A post's own contribution: its row on its creation day, and its status. (PL/pgSQL, not SQL:
-- its statements' plans are cached for the session instead of planned at every call.)
CREATE FUNCTION fb_agg_own(p_board integer, p_created text, p_voted boolean, p_comments integer, p_status text, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fb_board_days AS d (board_id, day, posts, posts_with_votes, post_comments)
    VALUES (p_board, ${day('p_created')}, p_sign, p_sign * p_voted::int, p_sign * p_comments)
    ON CONFLICT (board_id, day) DO UPDATE SET posts = d.posts + excluded.posts,
      posts_with_votes = d.posts_with_votes + excluded.posts_with_votes,
      post_comments = d.post_comments + excluded.post_comments;
  INSERT INTO fb_board_statuses AS s (board_id, status, posts) VALUES (p_board, p_status, p_sign)
    ON CONFLICT (board_id, status) DO UPDATE SET posts = s.posts + excluded.posts;
END $$;

-- A post's votes and comments, added (sign 1) or taken out (sign -1); then its voters' latest days.
CREATE FUNCTION fb_agg_activity(p_board integer, p_post integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fb_board_days AS d (board_id, day, votes)
    SELECT p_board, ${day('v.created_at')}, p_sign * count(*) FROM fb_votes v WHERE v.post_id = p_post GROUP BY 2
    ON CONFLICT (board_id, day) DO UPDATE SET votes = d.votes + excluded.votes;
  INSERT INTO fb_board_days AS d (board_id, day, comments)
    SELECT p_board, ${day('c.created_at')}, p_sign * count(*) FROM fb_comments c WHERE c.post_id = p_post GROUP BY 2
    ON CONFLICT (board_id, day) DO UPDATE SET comments = d.comments + excluded.comments;
  INSERT INTO fb_board_voter_days AS d (board_id, voter_id, day, votes)
    SELECT p_board, v.voter_id, ${day('v.created_at')}, p_sign FROM fb_votes v WHERE v.post_id = p_post
    ON CONFLICT (board_id, voter_id, day) DO UPDATE SET votes = d.votes + excluded.votes;
  DELETE FROM fb_board_voter_days vd
    WHERE vd.board_id = p_board AND vd.votes = 0 AND vd.voter_id IN (SELECT v.voter_id FROM fb_votes v WHERE v.post_id = p_post);
  DELETE FROM fb_board_voters bv
    WHERE bv.board_id = p_board AND bv.voter_id IN (SELECT v.voter_id FROM fb_votes v WHERE v.post_id = p_post);
  INSERT INTO fb_board_voters (board_id, voter_id, last_day)
    SELECT vd.board_id, vd.voter_id, max(vd.day) FROM fb_board_voter_days vd
     WHERE vd.board_id = p_board AND vd.voter_id IN (SELECT v.voter_id FROM fb_votes v WHERE v.post_id = p_post)
     GROUP BY vd.board_id, vd.voter_id;
END $$;

CREATE FUNCTION fb_agg_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW.hidden THEN
      PERFORM fb_agg_own(NEW.board_id, NEW.created_at, NEW.vote_count > 0, NEW.comment_count, NEW.status, 1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT OLD.hidden THEN
      PERFORM fb_agg_own(OLD.board_id, OLD.created_at, OLD.vote_count > 0, OLD.comment_count, OLD.status, -1);
      PERFORM fb_agg_activity(OLD.board_id, OLD.id, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.hidden <> NEW.hidden OR OLD.status <> NEW.status
     OR (OLD.vote_count > 0) <> (NEW.vote_count > 0) OR OLD.comment_count <> NEW.comment_count THEN
    IF NOT OLD.hidden THEN
      PERFORM fb_agg_own(OLD.board_id, OLD.created_at, OLD.vote_count > 0, OLD.comment_count, OLD.status, -1);
    END IF;
    IF NOT NEW.hidden THEN
      PERFORM fb_agg_own(NEW.board_id, NEW.created_at, NEW.vote_count > 0, NEW.comment_count, NEW.status, 1);
    END IF;
  END IF;
  IF NOT OLD.hidden AND NEW.hidden THEN
    PERFORM fb_agg_activity(NEW.board_id, NEW.id, -1);
  ELSIF OLD.hidden AND NOT NEW.hidden THEN
    PERFORM fb_agg_activity(NEW.board_id, NEW.id, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER fb_agg_posts AFTER INSERT OR UPDATE OF hidden, status, vote_count, comment_count ON fb_posts
  FOR EACH ROW EXECUTE FUNCTION fb_agg_posts();
CREATE TRIGGER fb_agg_post_delete BEFORE DELETE ON fb_posts
  FOR EACH ROW EXECUTE FUNCTION fb_agg_posts();

CREATE FUNCTION fb_agg_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
  r fb_votes;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  SELECT board_id INTO b FROM fb_posts WHERE id = r.post_id AND NOT hidden;
  IF b IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fb_board_days AS d (board_id, day, votes) VALUES (b, ${day('r.created_at')}, 1)
      ON CONFLICT (board_id, day) DO UPDATE SET votes = d.votes + 1;
    INSERT INTO fb_board_voter_days AS d (board_id, voter_id, day, votes) VALUES (b, r.voter_id, ${day('r.created_at')}, 1)
      ON CONFLICT (board_id, voter_id, day) DO UPDATE SET votes = d.votes + 1;
    INSERT INTO fb_board_voters AS v (board_id, voter_id, last_day) VALUES (b, r.voter_id, ${day('r.created_at')})
      ON CONFLICT (board_id, voter_id) DO UPDATE SET last_day = greatest(v.last_day, excluded.last_day);
  ELSE
    UPDATE fb_board_days SET votes = votes - 1 WHERE board_id = b AND day = ${day('r.created_at')};
    UPDATE fb_board_voter_days SET votes = votes - 1
      WHERE board_id = b AND voter_id = r.voter_id AND day = ${day('r.created_at')};
    DELETE FROM fb_board_voter_days WHERE board_id = b AND voter_id = r.voter_id AND votes = 0;
    DELETE FROM fb_board_voters WHERE board_id = b AND voter_id = r.voter_id;
    INSERT INTO fb_board_voters (board_id, voter_id, last_day)
      SELECT board_id, voter_id, max(day) FROM fb_board_voter_days
       WHERE board_id = b AND voter_id = r.voter_id GROUP BY board_id, voter_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER fb_agg_votes AFTER INSERT OR DELETE ON fb_votes FOR EACH ROW EXECUTE FUNCTION fb_agg_votes();

CREATE FUNCTION fb_agg_comments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
  r fb_comments;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  SELECT board_id INTO b FROM fb_posts WHERE id = r.post_id AND NOT hidden;
  IF b IS NULL THEN RETURN NULL; END IF;
  INSERT INTO fb_board_days AS d (board_id, day, comments)
    VALUES (b, ${day('r.created_at')}, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
    ON CONFLICT (board_id, day) DO UPDATE SET comments = d.comments + excluded.comments;
  RETURN NULL;
END $$;

CREATE TRIGGER fb_agg_comments AFTER INSERT OR DELETE ON fb_comments FOR EACH ROW EXECUTE FUNCTION fb_agg_comments();

-- Every post per board and status, hidden ones included.
${counterFunction('fb_count_posts', 'fb_board_post_counts', 'posts', [['board_id', 'board_id'], ['status', 'status']], 'c')}

CREATE TRIGGER fb_count_posts AFTER INSERT OR DELETE ON fb_posts FOR EACH ROW EXECUTE FUNCTION fb_count_posts();
CREATE TRIGGER fb_count_posts_status AFTER UPDATE OF status ON fb_posts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION fb_count_posts();

-- The count of voters per latest day follows every change of a voter's latest day.
${counterFunction('fb_agg_last_days', 'fb_board_last_days', 'voters', [['board_id', 'board_id'], ['day', 'last_day']], 'l')}

CREATE TRIGGER fb_agg_voters AFTER INSERT OR DELETE ON fb_board_voters
  FOR EACH ROW EXECUTE FUNCTION fb_agg_last_days();
CREATE TRIGGER fb_agg_voters_update AFTER UPDATE OF last_day ON fb_board_voters
  FOR EACH ROW WHEN (OLD.last_day IS DISTINCT FROM NEW.last_day) EXECUTE FUNCTION fb_agg_last_days();
`;

/** The step's statements, in the order they run. */
export const PG_SCHEMA_AGGREGATES: readonly string[] = [PG_AGGREGATE_TABLES, PG_AGGREGATE_BUILD, PG_AGGREGATE_TRIGGERS];
