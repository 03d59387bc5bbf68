/**
 * The latest-day tables (`LATEST_DAY_TABLES` in src/storage/counters.ts), written by hand: a
 * voter's row in `fb_board_voters` holds the latest day of their rows in `fb_board_voter_days`
 * (and likewise for ship statistics). A maximum is not a count, so no declared counter keeps it:
 * a new day row can only raise it, but a deleted one may be the latest, and then the remaining
 * rows give the new latest day (or the voter goes with the last one). The day rows are written
 * only by the counters' triggers, which insert and delete them and change only their counts.
 */
import { sqlTable } from '../../src/storage/counter-sql.js';
import type { LatestDayTable } from '../sql/latest-days.js';


/** The triggers on the day rows that keep the latest days, named `fb_stats_<table>_latest_*`. */
export function latestDayTriggers({ table, days }: LatestDayTable): string[] {
  const [latest, rows] = [sqlTable(table), sqlTable(days)];
  const voter = 'board_id = old.board_id AND voter_id = old.voter_id';
  return [
    `CREATE TRIGGER fb_stats_${table}_latest_insert AFTER INSERT ON ${rows}
BEGIN
  INSERT INTO ${latest} (board_id, voter_id, last_day) VALUES (new.board_id, new.voter_id, new.day)
    ON CONFLICT DO UPDATE SET last_day = excluded.last_day WHERE excluded.last_day > last_day;
END;`,
    `CREATE TRIGGER fb_stats_${table}_latest_delete AFTER DELETE ON ${rows}
BEGIN
  DELETE FROM ${latest} WHERE ${voter} AND last_day = old.day
    AND NOT EXISTS (SELECT 1 FROM ${rows} WHERE ${voter});
  UPDATE ${latest} SET last_day = (SELECT max(day) FROM ${rows} WHERE ${voter})
    WHERE ${voter} AND last_day = old.day;
END;`,
  ];
}
