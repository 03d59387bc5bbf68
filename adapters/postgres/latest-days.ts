/**
 * The latest-day tables (`LATEST_DAY_TABLES` in src/storage/counters.ts), written by hand: a
 * voter's row in `fb_board_voters` holds the latest day of their rows in `fb_board_voter_days`.
 * A maximum is not a count, so no declared counter keeps it: a new day row can only raise it, but
 * a deleted one may be the latest, and then the remaining rows give the new latest day (or the
 * voter goes with the last one). The day rows are written only by the counters' triggers, which
 * insert and delete them and change only their counts.
 *
 * Every vote counted (a day row inserted, or its count raised) upserts the voter's row, raising
 * its latest day or keeping it, as the statistics here have always been written: the plans of the
 * analytics statement (the voters past a window found through `fb_board_voters_last`) were
 * settled on a voters table written that way.
 */
import { sqlTable } from '../../src/storage/counter-sql.js';
import type { LatestDayTable } from '../sql/latest-days.js';


/** The function and triggers on the day rows that keep the latest days, `fb_stats_<table>_latest`. */
export function latestDayFunctions({ table, days }: LatestDayTable): string[] {
  const [latest, rows] = [sqlTable(table), sqlTable(days)];
  const name = `fb_stats_${table}_latest`;
  const voter = (alias: string) => `${alias}.board_id = OLD.board_id AND ${alias}.voter_id = OLD.voter_id`;
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO ${latest} (board_id, voter_id, last_day) VALUES (NEW.board_id, NEW.voter_id, NEW.day)
      ON CONFLICT (board_id, voter_id) DO UPDATE SET last_day = greatest(${latest}.last_day, excluded.last_day);
  ELSE
    DELETE FROM ${latest} v WHERE ${voter('v')} AND v.last_day = OLD.day
      AND NOT EXISTS (SELECT 1 FROM ${rows} d WHERE ${voter('d')});
    UPDATE ${latest} v SET last_day = (SELECT max(d.day) FROM ${rows} d WHERE ${voter('d')})
      WHERE ${voter('v')} AND v.last_day = OLD.day;
  END IF;
  RETURN NULL;
END $$;`,
    `CREATE TRIGGER ${name} AFTER INSERT OR DELETE ON ${rows} FOR EACH ROW EXECUTE FUNCTION ${name}();`,
    `CREATE TRIGGER ${name}_counted AFTER UPDATE OF votes ON ${rows}
  FOR EACH ROW WHEN (NEW.votes > OLD.votes) EXECUTE FUNCTION ${name}();`,
  ];
}
