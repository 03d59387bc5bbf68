/**
 * What a test of one shared migration step needs on PostgreSQL: a database of the test file (made
 * before its tests, dropped after them), schemas in it migrated to just before the step, and
 * statements run on a connection of their own (to fill the old schema as an older version would).
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { SCHEMA_STEPS, storeVersion } from '../../../src/storage/schema/steps.js';
import { createTestDatabase, createTestSchema, dropTestDatabase } from './server.js';

export interface BeforeStep {
  /** The step's index in `SCHEMA_STEPS` (-1 when no step's description starts so). */
  readonly step: number;
  /** A new schema of the file's database at the version before the step; its URL. */
  schema(): Promise<string>;
}

/** Registers the file's database `name` and answers schemas before the step whose description starts with `description`. */
export function beforeStep(name: string, description: string): BeforeStep {
  let database: string;
  beforeAll(async () => {
    database = await createTestDatabase(name);
  });
  afterAll(async () => {
    await dropTestDatabase(database);
  });
  const step = SCHEMA_STEPS.findIndex((candidate) => candidate.description.startsWith(description));
  return {
    step,
    async schema() {
      const url = await createTestSchema(database);
      await (await createPostgresStorage({ connectionString: url }, { migrationTarget: storeVersion('postgres', step) - 1 })).close();
      return url;
    },
  };
}

/** Runs `text` (one or several statements) on a connection of its own to `url`. */
export async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
