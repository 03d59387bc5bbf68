/**
 * Schema migrations, recorded in the table `fb_schema_migrations`.
 *
 * `migrate()` runs when a storage is created. It reads the version without locking; if anything
 * is missing it opens a transaction, takes the migration advisory lock (`pg_advisory_xact_lock`,
 * held to the end of that transaction), reads the version again and applies the missing steps in
 * that one transaction. Several processes starting at once on a new database therefore serialize:
 * the first migrates, the others find the work done. PostgreSQL's DDL is transactional, so a crash
 * part-way leaves the previous version intact.
 *
 * Each step is frozen once released: a database at version N was made by exactly steps 1..N.
 */
import type { PoolClient } from 'pg';
import { foldCase } from '../../src/storage/text.js';
import { LOCKS } from './locks.js';
import { beginUntimed } from './untimed.js';
import { PG_SCHEMA_V1, PG_SCHEMA_V2_INDEXES } from './schema.js';
import { PG_SCHEMA_PEOPLE } from './schema-people.js';
import { PG_SCHEMA_VOTER_LOCALE } from './schema-voter-locale.js';
import { PG_SCHEMA_COMPANY_REVENUE } from './schema-company-revenue.js';
import { PG_SCHEMA_TAG_STATUS_COUNTS } from './schema-tag-status-counts.js';
import { PG_SCHEMA_RANKED_COUNTS } from './schema-ranked-counts.js';
import { PG_SCHEMA_AGGREGATES } from './schema-aggregates.js';
import { PG_SCHEMA_TAG_COUNTS } from './schema-tag-counts.js';
import { PG_SCHEMA_INSTALLED_CODE } from './schema-installed-code.js';
import { indexStoredTitles, PG_SCHEMA_WORDS } from './schema-words.js';
import { PG_SCHEMA_VOTER_LINKS } from './schema-voter-links.js';
import { PG_SCHEMA_VOTERS } from './schema-voters.js';
import { indexSearch } from './schema-search.js';
import { PG_SCHEMA_SHIP_COUNTS } from './schema-ship-counts.js';
import { PG_SCHEMA_SHIPPED_LIST } from './schema-shipped-list.js';
import { PG_SCHEMA_TEAM_SCOPE } from './schema-team-scope.js';
import { createNewDatabase } from './new-database.js';
import { POSTGRES_DDL, stepSql } from '../../src/storage/schema/ddl.js';
import { NewerSchemaError } from '../../src/storage/schema/too-new.js';
import * as history from '../../src/storage/schema/history.js';
import { SCHEMA_STEPS, storeVersion, type SchemaStep } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import { installedFingerprint, installStatistics, PG_STATISTICS_FINGERPRINT } from './statistics.js';

/** One step of the schema. */
export interface PgMigration {
  readonly version: number;
  readonly description: string;
  /** Runs inside the migration transaction. */
  up(client: PoolClient): Promise<void>;
}

/** Fills the folded copies of title and body that `search` matches against, 500 posts at a time. */
async function foldExistingPosts(client: PoolClient): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ id: number; title: string; body: string }>(
      'SELECT id, title, body FROM fb_posts WHERE id > $1 ORDER BY id LIMIT 500',
      [after],
    );
    if (rows.length === 0) return;
    await client.query(
      `UPDATE fb_posts p SET title_folded = f.title, body_folded = f.body
         FROM unnest($1::int[], $2::text[], $3::text[]) AS f (id, title, body) WHERE p.id = f.id`,
      [rows.map((row) => row.id), rows.map((row) => foldCase(row.title)), rows.map((row) => foldCase(row.body))],
    );
    after = rows.at(-1)!.id;
  }
}

/** Every step, in order. */
/** PostgreSQL's own released steps, frozen: the shared steps continue after them. */
const HISTORY: readonly PgMigration[] = [
  { version: 1, description: 'tables', up: async (client) => void (await client.query(PG_SCHEMA_V1)) },
  {
    version: 2,
    description: 'case-folded title and body for search; indexes for lists and statistics; shared rate-limit log',
    up: async (client) => {
      await client.query(`
        ALTER TABLE fb_posts ADD COLUMN title_folded text NOT NULL DEFAULT '';
        ALTER TABLE fb_posts ADD COLUMN body_folded text NOT NULL DEFAULT '';
      `);
      await foldExistingPosts(client);
      await client.query(PG_SCHEMA_V2_INDEXES);
    },
  },
  { version: 3, ...fromDeclaration(history.WEBHOOK_OUTBOX_TABLES_STEP) },
  {
    version: 4,
    description: 'team members, sessions and one-time sign-in links; the index of pending proposals',
    up: async (client) => void (await client.query(PG_SCHEMA_PEOPLE)),
  },
  {
    version: 5,
    description: 'maintained statistics per board and day, built from the stored rows',
    up: async (client) => {
      for (const part of PG_SCHEMA_AGGREGATES) await client.query(part);
    },
  },
  {
    version: 6,
    description: 'the posts of each tag, kept by trigger, for the total of a list by tag',
    up: async (client) => void (await client.query(PG_SCHEMA_TAG_COUNTS)),
  },
  {
    version: 7,
    description: 'the statistics triggers become installed code, recorded by fingerprint in fb_installed_code',
    up: async (client) => void (await client.query(PG_SCHEMA_INSTALLED_CODE)),
  },
  {
    version: 8,
    description: 'the similar-posts word index: the words of every post title, by board and word',
    up: async (client) => {
      await client.query(PG_SCHEMA_WORDS);
      await indexStoredTitles(client);
    },
  },
  {
    version: 9,
    description: 'voter sign-in links name an organization and e-mail address (the voter is created when one is used); a return path',
    up: async (client) => void (await client.query(PG_SCHEMA_VOTER_LINKS)),
  },
  {
    version: 10,
    description: "voters' posts, blocks and follows: posts' authors, blocks of voters, follows",
    up: async (client) => void (await client.query(PG_SCHEMA_VOTERS)),
  },
  {
    version: 11,
    description: 'trigram indexes (pg_trgm) over the folded title and body for search, where the extension can be installed',
    up: async (client) => void (await indexSearch(client)),
  },
  { version: 12, ...fromDeclaration(history.MODERATION_TABLES_STEP) },
  { version: 13, ...fromDeclaration(history.OAUTH_TABLES_STEP) },
  { version: 14, ...fromDeclaration(history.MERGES_TABLES_STEP) },
  {
    version: 15,
    description: "ship statistics' counts per board and shipped day: posts, voters' votes, voters by latest day, built from the stored rows",
    up: async (client) => void (await client.query(PG_SCHEMA_SHIP_COUNTS)),
  },
  { version: 16, ...fromDeclaration(history.MAIL_TABLES_STEP) },
  { version: 17, ...fromDeclaration(history.POST_ACTIVITY_TABLES_STEP) },
  { version: 18, ...fromDeclaration(history.ATTACHMENTS_TABLES_STEP) },
  { version: 19, ...fromDeclaration(history.SSO_TABLES_STEP) },
  { version: 20, ...fromDeclaration(history.ACCESS_TABLES_STEP) },
  {
    version: 21,
    description: "ship statistics' list of shipped posts from the shipped index alone: title and vote count included in it",
    up: async (client) => void (await client.query(PG_SCHEMA_SHIPPED_LIST)),
  },
  {
    version: 22,
    description: "each voter's language, for the mail they get",
    up: async (client) => void (await client.query(PG_SCHEMA_VOTER_LOCALE)),
  },
  { version: 23, ...fromDeclaration(history.COMPANY_VOTERS_TABLES_STEP) },
  {
    version: 24,
    description: "posts by company revenue from the company voters' votes: an index of voters' companies by organization",
    up: async (client) => void (await client.query(PG_SCHEMA_COMPANY_REVENUE)),
  },
  {
    version: 25,
    description: 'maintained counts: posts per tag and status, the total of a list by tag and status',
    up: async (client) => void (await client.query(PG_SCHEMA_TAG_STATUS_COUNTS)),
  },
  {
    version: 26,
    description: 'maintained counts: visible ranked posts per board and status, the total of the agent queue',
    up: async (client) => void (await client.query(PG_SCHEMA_RANKED_COUNTS)),
  },
  { version: 27, ...fromDeclaration(history.IMPORT_SOURCES_TABLES_STEP) },
  {
    version: 28,
    description: 'the team scope: API keys and OAuth grants may have the scope team',
    up: async (client) => void (await client.query(PG_SCHEMA_TEAM_SCOPE)),
  },
];

/** Every step: PostgreSQL's history, then the steps shared by every store (src/storage/schema/steps.ts). */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  ...HISTORY,
  ...SCHEMA_STEPS.map((step, index): PgMigration => ({ version: storeVersion('postgres', index), ...fromDeclaration(step) })),
];

/** A step written once for every store (history.ts, steps.ts): its statements made from the declaration. */
function fromDeclaration(step: SchemaStep): Omit<PgMigration, 'version'> {
  return {
    description: step.description,
    up: async (client) => {
      for (const statement of stepSql(POSTGRES_DDL, TABLES, step)) await client.query(statement);
    },
  };
}

/** The newest schema version this package knows. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;

/** The database's schema was written by a newer version of the package. */
export class PgSchemaTooNewError extends NewerSchemaError {
  /** The database is at schema version `found`; this version of the package knows up to `supported`. */
  constructor(found: number, supported: number) {
    super('feedback-board/postgres', found, supported, 'use it');
    this.name = 'PgSchemaTooNewError';
  }
}

/** The applied schema version; 0 for a database the adapter has never used. */
export async function readPgSchemaVersion(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('fb_schema_migrations') IS NOT NULL AS present",
  );
  if (!rows[0]!.present) return 0;
  const version = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM fb_schema_migrations');
  return version.rows[0]!.v ?? 0;
}

/** True when the database runs this version's statistics code (see statistics.ts). */
const statisticsCurrent = async (client: PoolClient): Promise<boolean> => (await installedFingerprint(client)) === PG_STATISTICS_FINGERPRINT;

/**
 * Brings the schema to `target` (default: the newest); returns the version found before. At the
 * newest version, also installs this version's statistics code (rebuilding the counters) when the
 * database runs other code, in the same transaction. Throws {@link PgSchemaTooNewError} for a
 * newer schema, whatever the target.
 */
export async function migratePg(pooled: PoolClient, target = PG_SCHEMA_VERSION): Promise<number> {
  const seen = await readPgSchemaVersion(pooled);
  if (seen > PG_SCHEMA_VERSION) throw new PgSchemaTooNewError(seen, PG_SCHEMA_VERSION);
  const newest = target === PG_SCHEMA_VERSION;
  if (seen >= target && (!newest || (await statisticsCurrent(pooled)))) return seen;

  // A step or the statistics' rebuild may take minutes on a large store, and another process may
  // wait that long for the migration lock: neither is bound by a request's timeouts.
  const client = await beginUntimed(pooled);
  try {
    await client.query(`SELECT ${LOCKS.migrate}`);
    await client.query(`CREATE TABLE IF NOT EXISTS fb_schema_migrations (
      version integer PRIMARY KEY,
      description text NOT NULL,
      applied_at text NOT NULL
    )`);
    const current = await readPgSchemaVersion(client);
    if (current > PG_SCHEMA_VERSION) throw new PgSchemaTooNewError(current, PG_SCHEMA_VERSION);
    // A new database at the newest version is made from the declaration, and records every step.
    const fresh = current === 0 && newest;
    if (fresh) await createNewDatabase(client);
    for (const migration of PG_MIGRATIONS) {
      if (migration.version <= current || migration.version > target) continue;
      if (!fresh) await migration.up(client);
      await client.query('INSERT INTO fb_schema_migrations (version, description, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.description,
        new Date().toISOString(),
      ]);
    }
    if (newest && !(await statisticsCurrent(client))) await installStatistics(client);
    await client.query('COMMIT');
    return current;
  } catch (error) {
    await pooled.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
