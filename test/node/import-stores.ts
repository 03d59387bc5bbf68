/**
 * The stores the import tests run on (memory and a SQLite file in memory), and a store's dump as
 * text: two stores holding the same rows give the same text, so "nothing was stored" is a
 * comparison of dumps.
 */
import { PassThrough } from 'node:stream';
import { afterAll } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createSqliteStorage, sqliteDumpPort } from '../../adapters/sqlite/index.js';
import { exportStore } from '../../src/node/dump.js';
import type { Storage } from '../../src/storage/contract.js';
import type { DumpPort } from '../../src/storage/dump-tables.js';

const opened: Storage[] = [];
afterAll(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/** A new empty store of each kind, with its dump port; SQLite ones are closed after the file's tests. */
export const IMPORT_STORES: Readonly<Record<string, () => { storage: Storage; port: DumpPort }>> = {
  memory: () => {
    const storage = createMemoryStorage();
    return { storage, port: storage.dump };
  },
  sqlite: () => {
    const storage = createSqliteStorage({ path: ':memory:' });
    opened.push(storage);
    return { storage, port: sqliteDumpPort(storage) };
  },
};

/** The store's whole dump, as text. */
export async function dumpOf(port: DumpPort): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportStore(port, out, { packageVersion: '0.0.0-test' });
  return Buffer.concat(chunks).toString('utf8');
}
