/**
 * A new database is made from the table declaration, not by replaying the migration steps: it has
 * exactly the catalogue of a database upgraded through every released step (tables, columns with
 * their types, nullability and defaults, keys, references, checks, indexes, triggers), and records
 * every version.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, readSchemaVersion, SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { sqliteCatalog } from '../../helpers/catalog.js';
import { tempDir } from './helpers.js';

let temp: ReturnType<typeof tempDir>;
beforeEach(() => {
  temp = tempDir();
});
afterEach(() => temp.remove());

/** A database file brought to the newest version from `from` (0: new), step by step up to `from`. */
function database(name: string, from: number): Database.Database {
  const db = new Database(temp.file(name));
  db.pragma('foreign_keys = ON');
  for (let version = 1; version <= from; version++) migrate(db, { target: version, busyTimeoutMs: 1000 });
  migrate(db, { busyTimeoutMs: 1000 });
  return db;
}

describe('sqlite new database', () => {
  it('has the catalogue of a database upgraded through every released step', () => {
    const made = database('new.db', 0);
    const upgraded = database('upgraded.db', SCHEMA_VERSION);
    try {
      expect(readSchemaVersion(made)).toBe(SCHEMA_VERSION);
      const catalog = sqliteCatalog(made);
      expect(Object.keys(catalog).length).toBeGreaterThan(100);
      expect(catalog).toEqual(sqliteCatalog(upgraded));
      const recorded = made.prepare('SELECT version, description FROM fb_schema_migrations ORDER BY version').all();
      expect(recorded).toEqual(MIGRATIONS.map(({ version, description }) => ({ version, description })));
    } finally {
      made.close();
      upgraded.close();
    }
  });

  it('and of one upgraded from the first version in one go', () => {
    const made = database('new.db', 0);
    const upgraded = database('v1.db', 1);
    try {
      expect(sqliteCatalog(made)).toEqual(sqliteCatalog(upgraded));
    } finally {
      made.close();
      upgraded.close();
    }
  });
});
