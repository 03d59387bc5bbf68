/**
 * The latest-day tables (`LATEST_DAY_TABLES` in src/storage/counters.ts) as both SQL stores share
 * them: what one is, and how it is recomputed from its day rows. How each store keeps it as rows
 * change is its own (triggers in SQLite, a PL/pgSQL function in PostgreSQL: `latest-days.ts` there).
 */
import { sqlTable } from '../../src/storage/counter-sql.js';

/** One latest-day table and the day rows it follows. */
export interface LatestDayTable {
  readonly table: string;
  readonly days: string;
}

/** Recomputes the latest days from the day rows. */
export function latestDayRebuild({ table, days }: LatestDayTable): string[] {
  return [
    `DELETE FROM ${sqlTable(table)};`,
    `INSERT INTO ${sqlTable(table)} (board_id, voter_id, last_day)
    SELECT board_id, voter_id, max(day) FROM ${sqlTable(days)} GROUP BY board_id, voter_id;`,
  ];
}
