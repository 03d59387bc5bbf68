/**
 * The statistics code of PostgreSQL: the functions and triggers generated from the declared
 * counters this adapter keeps (counter-functions.ts), the hand-written latest-day function
 * (latest-days.ts), and the queries that rebuild all of their tables from the stored rows.
 *
 * Triggers are code, not schema: they change with the package, not with the data, so no frozen
 * migration step creates them. When a storage is created, the fingerprint of this version's
 * statistics code is compared with the one `fb_installed_code` records; when they differ (a new
 * database, one made by an earlier version, or a version whose code was different),
 * {@link installStatistics} drops the installed functions, rebuilds every counter from the stored
 * rows and creates the functions of this version, in the migration's transaction.
 */
import { createHash } from 'node:crypto';
import { COUNTER_TABLES } from '../../src/storage/counters.js';
import { rebuildSql, statisticsParts } from '../../src/storage/counter-sql.js';
import { PG_DIALECT, pgCounterFunctions } from './counter-functions.js';
import { latestDayRebuild } from '../sql/latest-days.js';
import { latestDayFunctions } from './latest-days.js';
import { LOCKS } from './locks.js';

/** What runs statements: a client inside the caller's transaction. */
interface Client {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** The name of the statistics code in `fb_installed_code`. */
const CODE_NAME = 'statistics';

/** The counter tables PostgreSQL keeps: every declared one, as SQLite (ship statistics' since schema step 15). */
export const PG_COUNTER_TABLES = COUNTER_TABLES;

const parts = statisticsParts(PG_COUNTER_TABLES);

/** Every function and trigger of the statistics, in creation order. */
export const PG_STATISTICS_FUNCTIONS: readonly string[] = [...pgCounterFunctions(PG_COUNTER_TABLES), ...parts.latest.flatMap(latestDayFunctions)];

/** The statements that rebuild every statistics table from the stored rows, in order. */
export const PG_STATISTICS_REBUILD: readonly string[] = [
  ...parts.counters.flatMap((table) => rebuildSql(PG_DIALECT, table)),
  ...parts.latest.flatMap(latestDayRebuild),
  ...parts.overLatest.flatMap((table) => rebuildSql(PG_DIALECT, table)),
];

/** The fingerprint of this version's statistics code: SHA-256 of its functions and rebuild. */
export const PG_STATISTICS_FINGERPRINT = createHash('sha256')
  .update([...PG_STATISTICS_FUNCTIONS, ...PG_STATISTICS_REBUILD].join('\n'))
  .digest('hex');

/** The fingerprint of the statistics code installed in the database (none before version 7). */
export async function installedFingerprint(client: Client): Promise<string | undefined> {
  const { rows } = await client.query<{ fingerprint: string }>('SELECT fingerprint FROM fb_installed_code WHERE name = $1', [CODE_NAME]);
  return rows[0]?.fingerprint;
}

/** The statistics functions of the store's schema, as `name()`. */
export async function installedFunctions(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'fb\\_stats\\_%' ORDER BY 1`,
  );
  return rows.map((row) => row.signature);
}

/**
 * Replaces the installed statistics code with this version's and rebuilds every statistics table
 * from the stored rows, inside the caller's transaction and under the write lock (writes of
 * other processes wait for it): the tables are rebuilt with no trigger in place, then the
 * triggers created, so no write is counted twice or missed.
 */
export async function installStatistics(client: Client): Promise<void> {
  await client.query(`SELECT ${LOCKS.write}`);
  for (const signature of await installedFunctions(client)) await client.query(`DROP FUNCTION ${signature} CASCADE`);
  for (const statement of PG_STATISTICS_REBUILD) await client.query(statement);
  for (const statement of PG_STATISTICS_FUNCTIONS) await client.query(statement);
  await client.query(
    `INSERT INTO fb_installed_code (name, fingerprint, installed_at) VALUES ($1, $2, $3)
      ON CONFLICT (name) DO UPDATE SET fingerprint = excluded.fingerprint, installed_at = excluded.installed_at`,
    [CODE_NAME, PG_STATISTICS_FINGERPRINT, new Date().toISOString()],
  );
}
