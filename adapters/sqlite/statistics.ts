/**
 * The statistics code of SQLite: the triggers generated from every declared counter
 * (counter-triggers.ts), the hand-written latest-day triggers (latest-days.ts), and the queries
 * that rebuild all of their tables from the stored rows.
 *
 * Triggers are code, not schema: they change with the package, not with the data. So no frozen
 * migration step creates them. At every open, the fingerprint of this version's statistics code
 * is compared with the one `fb_installed_code` records; when they differ (a new database, one
 * made by an earlier version, or a version whose code was different), {@link installStatistics}
 * drops the installed triggers, rebuilds every counter from the stored rows and creates the
 * triggers of this version, inside the migration's transaction. A database is therefore never
 * counted by code other than the one that built its counters.
 */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { COUNTER_TABLES } from '../../src/storage/counters.js';
import { rebuildSql, statisticsParts } from '../../src/storage/counter-sql.js';
import { SQLITE_DIALECT, sqliteCounterTriggers } from './counter-triggers.js';
import { latestDayRebuild } from '../sql/latest-days.js';
import { latestDayTriggers } from './latest-days.js';

/** The name of the statistics code in `fb_installed_code`. */
const CODE_NAME = 'statistics';

const parts = statisticsParts(COUNTER_TABLES);

/** Every trigger of the statistics, in creation order. */
export const STATISTICS_TRIGGERS: readonly string[] = [...sqliteCounterTriggers(COUNTER_TABLES), ...parts.latest.flatMap(latestDayTriggers)];

/** The statements that rebuild every statistics table from the stored rows, in order. */
export const STATISTICS_REBUILD: readonly string[] = [
  ...parts.counters.flatMap((table) => rebuildSql(SQLITE_DIALECT, table)),
  ...parts.latest.flatMap(latestDayRebuild),
  ...parts.overLatest.flatMap((table) => rebuildSql(SQLITE_DIALECT, table)),
];

/** The fingerprint of this version's statistics code: SHA-256 of its triggers and rebuild. */
export const STATISTICS_FINGERPRINT = createHash('sha256')
  .update([...STATISTICS_TRIGGERS, ...STATISTICS_REBUILD].join('\n'))
  .digest('hex');

/** The fingerprint of the statistics code installed in the database (none before version 8). */
export function installedFingerprint(db: Database): string | undefined {
  return db
    .prepare<[string], string>('SELECT fingerprint FROM fb_installed_code WHERE name = ?')
    .pluck()
    .get(CODE_NAME);
}

/** The names of the statistics triggers the database holds. */
export function installedTriggers(db: Database): string[] {
  return db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name GLOB 'fb_stats_*' ORDER BY name").pluck().all();
}

/**
 * Replaces the installed statistics code with this version's and rebuilds every statistics table
 * from the stored rows. Runs inside the caller's write transaction (the tables are rebuilt with no
 * trigger in place, then the triggers created), so no write is counted twice or missed.
 */
export function installStatistics(db: Database): void {
  for (const name of installedTriggers(db)) db.exec(`DROP TRIGGER ${name}`);
  for (const statement of STATISTICS_REBUILD) db.exec(statement);
  for (const statement of STATISTICS_TRIGGERS) db.exec(statement);
  db.prepare(
    `INSERT INTO fb_installed_code (name, fingerprint, installed_at) VALUES (?, ?, ?)
      ON CONFLICT DO UPDATE SET fingerprint = excluded.fingerprint, installed_at = excluded.installed_at`,
  ).run(CODE_NAME, STATISTICS_FINGERPRINT, new Date().toISOString());
}
