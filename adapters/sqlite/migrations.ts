/**
 * Schema migrations. The applied versions are recorded in the table `fb_schema_migrations` (not in
 * `PRAGMA user_version`, which belongs to the application when it shares its database with us).
 *
 * `migrate()` runs on every open. It reads the version without locking; if anything is missing it
 * takes the write lock (`BEGIN IMMEDIATE`), reads the version again and applies the missing steps
 * in that one transaction. Two processes opening the same new file at once therefore serialize: the
 * second finds the work done. A crash part-way leaves the previous version intact.
 *
 * Each step is frozen once released: a database at version N was made by exactly steps 1..N.
 */
import type { Database } from 'better-sqlite3';
import { shortenStoredPrefixV1 as shortenStoredPrefix } from '../../src/storage/frozen-migration-rules.js';
import { foldCase } from '../../src/storage/text.js';
import { withBusyRetrySync } from './busy.js';
import { SCHEMA_V1, SCHEMA_V2_INDEXES, SCHEMA_PEOPLE } from './schema.js';
import { SCHEMA_STATS_AND_SEARCH } from './schema-stats-search.js';
import { SCHEMA_COUNTS } from './schema-counts.js';
import { SCHEMA_INSTALLED_CODE } from './schema-installed-code.js';
import { indexStoredTitles, SCHEMA_WORDS } from './schema-words.js';
import { SCHEMA_VOTER_LINKS } from './schema-voter-links.js';
import { SCHEMA_VOTERS } from './schema-voters.js';
import { SCHEMA_VOTER_LOCALE } from './schema-voter-locale.js';
import { SCHEMA_COMPANY_REVENUE } from './schema-company-revenue.js';
import { SCHEMA_TAG_STATUS_COUNTS } from './schema-tag-status-counts.js';
import { SCHEMA_RANKED_COUNTS } from './schema-ranked-counts.js';
import { SCHEMA_TEAM_SCOPE_API_KEYS, SCHEMA_TEAM_SCOPE_OAUTH_GRANTS } from './schema-team-scope.js';
import { assertForeignKeys, rebuildTable } from './rebuild-table.js';
import { createNewDatabase } from './new-database.js';
import { SQLITE_DDL, stepSql } from '../../src/storage/schema/ddl.js';
import { NewerSchemaError } from '../../src/storage/schema/too-new.js';
import * as history from '../../src/storage/schema/history.js';
import { SCHEMA_STEPS, storeVersion, type SchemaStep } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import { installedFingerprint, installStatistics, STATISTICS_FINGERPRINT } from './statistics.js';

export interface Migration {
  readonly version: number;
  readonly description: string;
  /**
   * True for a step that rebuilds tables (`rebuild-table.ts`): it runs with foreign keys off, and
   * every foreign key is checked before the transaction commits.
   */
  readonly withoutForeignKeys?: true;
  /** Runs inside the migration transaction. */
  up(db: Database): void;
}

/** Fills the folded copies of title and body that `search` matches against (see schema.ts). */
function foldExistingPosts(db: Database): void {
  const batch = db.prepare<[number], { id: number; title: string; body: string }>(
    'SELECT id, title, body FROM fb_posts WHERE id > ? ORDER BY id LIMIT 500',
  );
  const update = db.prepare<[string, string, number]>(
    'UPDATE fb_posts SET title_folded = ?, body_folded = ? WHERE id = ?',
  );
  let after = 0;
  for (;;) {
    const rows = batch.all(after);
    for (const row of rows) update.run(foldCase(row.title), foldCase(row.body), row.id);
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.id;
  }
}

/** Rewrites every stored key prefix by the frozen rule of this step (older versions kept 12 characters). */
function shortenKeyPrefixes(db: Database): void {
  const rows = db.prepare<[], { id: number; prefix: string }>('SELECT id, prefix FROM fb_api_keys').all();
  const update = db.prepare<[string, number]>('UPDATE fb_api_keys SET prefix = ? WHERE id = ?');
  for (const row of rows) {
    const shorter = shortenStoredPrefix(row.prefix);
    if (shorter !== row.prefix) update.run(shorter, row.id);
  }
}

/** SQLite's own released steps, frozen: the shared steps continue after them. */
const HISTORY: readonly Migration[] = [
  { version: 1, description: 'tables', up: (db) => db.exec(SCHEMA_V1) },
  {
    version: 2,
    description: 'case-folded title and body for search; indexes for lists and statistics',
    up: (db) => {
      db.exec(`
        ALTER TABLE fb_posts ADD COLUMN title_folded TEXT NOT NULL DEFAULT '';
        ALTER TABLE fb_posts ADD COLUMN body_folded TEXT NOT NULL DEFAULT '';
      `);
      foldExistingPosts(db);
      db.exec(SCHEMA_V2_INDEXES);
    },
  },
  {
    version: 3,
    description: 'shorten stored key prefixes to at most a third of the key (4 characters past fbk_ at most)',
    up: shortenKeyPrefixes,
  },
  { version: 4, ...fromDeclaration(history.WEBHOOK_OUTBOX_TABLES_STEP) },
  {
    version: 5,
    description: 'team members, sessions and one-time sign-in links; an index of pending proposals',
    up: (db) => db.exec(SCHEMA_PEOPLE),
  },
  {
    version: 6,
    description: 'maintained statistics per board and day, built from the stored rows; trigram search index',
    up: (db) => SCHEMA_STATS_AND_SEARCH.forEach((part) => db.exec(part)),
  },
  {
    version: 7,
    description: 'maintained counts: posts per board and status, posts per tag, shipped posts and their voters per day',
    up: (db) => SCHEMA_COUNTS.forEach((part) => db.exec(part)),
  },
  {
    version: 8,
    description: 'the statistics triggers become installed code, recorded by fingerprint in fb_installed_code',
    up: (db) => db.exec(SCHEMA_INSTALLED_CODE),
  },
  {
    version: 9,
    description: 'the similar-posts word index: the words of every post title, by board and word',
    up: (db) => {
      db.exec(SCHEMA_WORDS);
      indexStoredTitles(db);
    },
  },
  {
    version: 10,
    description: 'voter sign-in links name an organization and e-mail address (the voter is created when one is used); a return path',
    up: (db) => db.exec(SCHEMA_VOTER_LINKS),
  },
  {
    version: 11,
    description: "voters' posts, blocks and follows: posts' authors, blocks of voters, follows, an index of a voter's comments",
    up: (db) => db.exec(SCHEMA_VOTERS),
  },
  { version: 12, ...fromDeclaration(history.MODERATION_TABLES_STEP) },
  { version: 13, ...fromDeclaration(history.OAUTH_TABLES_STEP) },
  { version: 14, ...fromDeclaration(history.MERGES_TABLES_STEP) },
  { version: 15, ...fromDeclaration(history.MAIL_TABLES_STEP) },
  { version: 16, ...fromDeclaration(history.POST_ACTIVITY_TABLES_STEP) },
  { version: 17, ...fromDeclaration(history.ATTACHMENTS_TABLES_STEP) },
  { version: 18, ...fromDeclaration(history.SSO_TABLES_STEP) },
  { version: 19, ...fromDeclaration(history.ACCESS_TABLES_STEP) },
  {
    version: 20,
    description: "each voter's language, for the mail they get",
    up: (db) => db.exec(SCHEMA_VOTER_LOCALE),
  },
  { version: 21, ...fromDeclaration(history.COMPANY_VOTERS_TABLES_STEP) },
  {
    version: 22,
    description: "posts by company revenue from the company voters' votes: an index of votes by voter, and of voters' companies by organization",
    up: (db) => db.exec(SCHEMA_COMPANY_REVENUE),
  },
  {
    version: 23,
    description: 'maintained counts: posts per tag and status, the total of a list by tag and status',
    up: (db) => db.exec(SCHEMA_TAG_STATUS_COUNTS),
  },
  {
    version: 24,
    description: 'maintained counts: visible ranked posts per board and status, the total of the agent queue',
    up: (db) => db.exec(SCHEMA_RANKED_COUNTS),
  },
  { version: 25, ...fromDeclaration(history.IMPORT_SOURCES_TABLES_STEP) },
  {
    version: 26,
    description: 'the team scope: API keys and OAuth grants may have the scope team (both tables rebuilt for their CHECK)',
    withoutForeignKeys: true,
    up: (db) => {
      rebuildTable(db, 'fb_api_keys', SCHEMA_TEAM_SCOPE_API_KEYS);
      rebuildTable(db, 'fb_oauth_grants', SCHEMA_TEAM_SCOPE_OAUTH_GRANTS);
    },
  },
];

/** Every step: SQLite's history, then the steps shared by every store (src/storage/schema/steps.ts). */
export const MIGRATIONS: readonly Migration[] = [
  ...HISTORY,
  ...SCHEMA_STEPS.map((step, index): Migration => ({ version: storeVersion('sqlite', index), ...fromDeclaration(step) })),
];

/** A step written once for every store (history.ts, steps.ts): its statements made from the declaration. */
function fromDeclaration(step: SchemaStep): Omit<Migration, 'version'> {
  return { description: step.description, up: (db) => stepSql(SQLITE_DDL, TABLES, step).forEach((statement) => db.exec(statement)) };
}

/** The newest schema version this package knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Opening a database whose schema was written by a newer version of the package. */
export class SchemaTooNewError extends NewerSchemaError {
  /** The file is at schema version `found`; this version of the package knows up to `supported`. */
  constructor(found: number, supported: number) {
    super('feedback-board/sqlite', found, supported, 'open it');
    this.name = 'SchemaTooNewError';
  }
}

/** The applied schema version; 0 for a database the adapter has never opened. */
export function readSchemaVersion(db: Database): number {
  const table = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'fb_schema_migrations'")
    .get();
  if (table === undefined) return 0;
  const version = db.prepare('SELECT max(version) FROM fb_schema_migrations').pluck().get();
  return typeof version === 'number' ? version : 0;
}

export interface MigrateOptions {
  /** Stop at this version (tests use it to build an older database). Default: the newest. */
  target?: number;
  /** How long to wait for another connection's write lock, in ms. */
  busyTimeoutMs: number;
}

/** True when the database runs this version's statistics code (see statistics.ts). */
const statisticsCurrent = (db: Database): boolean => installedFingerprint(db) === STATISTICS_FINGERPRINT;

/**
 * Brings the schema to `target`; returns the version found before. At the newest version, also
 * installs this version's statistics code (rebuilding the counters) when the database runs other
 * code, in the same transaction. Throws {@link SchemaTooNewError} for a newer schema, whatever
 * the target.
 */
export function migrate(db: Database, options: MigrateOptions): number {
  const target = options.target ?? SCHEMA_VERSION;
  const seen = readSchemaVersion(db);
  if (seen > SCHEMA_VERSION) throw new SchemaTooNewError(seen, SCHEMA_VERSION);
  const newest = target === SCHEMA_VERSION;
  if (seen >= target && (!newest || statisticsCurrent(db))) return seen;

  // Foreign keys can be switched off only outside a transaction: before it, for a step that rebuilds
  // tables; the keys are checked before it commits, and switched back on after it.
  const rebuilds = MIGRATIONS.some((m) => m.withoutForeignKeys && m.version > seen && m.version <= target);
  const keysOff = rebuilds && db.pragma('foreign_keys', { simple: true }) === 1;
  if (keysOff) db.pragma('foreign_keys = OFF');
  try {
    return migrateLocked(db, options.busyTimeoutMs, target, keysOff);
  } finally {
    if (keysOff) db.pragma('foreign_keys = ON');
  }
}

/** Applies the missing steps up to `target` in one `BEGIN IMMEDIATE` transaction; returns the version found. */
function migrateLocked(db: Database, busyTimeoutMs: number, target: number, checkKeys: boolean): number {
  const newest = target === SCHEMA_VERSION;
  withBusyRetrySync(() => db.exec('BEGIN IMMEDIATE'), busyTimeoutMs);
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS fb_schema_migrations (
      version INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const current = readSchemaVersion(db);
    if (current > SCHEMA_VERSION) throw new SchemaTooNewError(current, SCHEMA_VERSION);
    const record = db.prepare<[number, string, string]>(
      'INSERT INTO fb_schema_migrations (version, description, applied_at) VALUES (?, ?, ?)',
    );
    // A new database at the newest version is made from the declaration, and records every step.
    const fresh = current === 0 && newest;
    if (fresh) createNewDatabase(db);
    for (const migration of MIGRATIONS) {
      if (migration.version <= current || migration.version > target) continue;
      if (!fresh) migration.up(db);
      record.run(migration.version, migration.description, new Date().toISOString());
    }
    if (newest && !statisticsCurrent(db)) installStatistics(db);
    if (checkKeys) assertForeignKeys(db);
    db.exec('COMMIT');
    return current;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
