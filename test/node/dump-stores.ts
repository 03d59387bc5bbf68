/**
 * The stores the dump tests move data between (memory, SQLite, PostgreSQL), each with its dump
 * port, and the two steps of a round trip: a store's dump as text, and a load of that text.
 */
import { PassThrough, Readable } from 'node:stream';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createSqliteStorage, sqliteDumpPort } from '../../adapters/sqlite/index.js';
import { createPostgresStorage, postgresDumpPort } from '../../adapters/postgres/index.js';
import type { Storage } from '../../src/storage/contract.js';
import type { DumpPort } from '../../src/storage/dump-tables.js';
import { exportStore, importStore, type DumpHeader } from '../../src/node/dump.js';
import { createTestDatabase, createTestSchema, dropTestDatabase } from '../adapters/postgres/server.js';

/** A store and the port its dumps go through. */
export interface Dumpable {
  storage: Storage;
  port: DumpPort;
}

/** Opens empty stores of every adapter; `close` closes them and drops the PostgreSQL database. */
export function dumpableStores(): { adapters: Record<string, () => Promise<Dumpable>>; close(): Promise<void> } {
  let database: Promise<string> | undefined;
  const opened: Storage[] = [];
  const adapters: Record<string, () => Promise<Dumpable>> = {
    memory: async () => {
      const storage = createMemoryStorage();
      return { storage, port: storage.dump };
    },
    sqlite: async () => {
      const storage = createSqliteStorage({ path: ':memory:' });
      opened.push(storage);
      return { storage, port: sqliteDumpPort(storage) };
    },
    postgres: async () => {
      database ??= createTestDatabase('fb_dump');
      const storage = await createPostgresStorage({ connectionString: await createTestSchema(await database) }, { maxConnections: 2 });
      opened.push(storage);
      return { storage, port: postgresDumpPort(storage) };
    },
  };
  return {
    adapters,
    async close() {
      for (const storage of opened.splice(0)) await storage.close();
      if (database !== undefined) await dropTestDatabase(await database);
    },
  };
}

/** The dump of the store behind `port`, as text. */
export async function dumpOf(port: DumpPort): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportStore(port, out, { packageVersion: '0.0.0-test' });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

/** Loads a dump's text into the store behind `port`. */
export const load = (port: DumpPort, text: string): Promise<DumpHeader> => importStore(port, Readable.from([text]));
