/**
 * The maintained statistics of a database written before it had them: the upgrade step builds
 * them from the rows (build-aggregates.ts), and the maintainer the declared counters drive keeps
 * them from there; after random writes before and after the upgrade, every counter table the
 * record store keeps equals its recount from the rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { UPGRADE_STEPS } from '../../../adapters/indexeddb/upgrade-steps.js';
import type { Storage } from '../../../src/storage/contract.js';
import { BOARD_DAYS, BOARD_VOTER_DAYS } from '../../../src/storage/counters.js';
import { sequence } from '../../../testing/random-arbitraries.js';
import { runSequence } from '../../../testing/random-commands.js';
import { recountCounterRows, storedCounterRows } from '../../../testing/raw-counters.js';
import { IDBFactory, writeAsOlderRelease } from './helpers.js';
import { readIndexedDbTables } from './page-api.js';

/** The version before the step that adds the statistics (version 6). */
const PREVIOUS = UPGRADE_STEPS.findIndex((step) => step.version === 6);

async function expectCountersExact(factory: IDBFactory, name: string): Promise<number> {
  const tables = await readIndexedDbTables(factory, name, ['posts', 'votes', 'comments', 'board_days', 'board_voters']);
  let rows = 0;
  for (const table of [BOARD_DAYS, BOARD_VOTER_DAYS]) {
    const recount = recountCounterRows(table, tables);
    rows += recount.length;
    expect({ table: table.name, rows: storedCounterRows(table, tables) }).toEqual({ table: table.name, rows: recount });
  }
  return rows;
}

describe('indexeddb statistics from an older database', () => {
  it('builds them in the upgrade, then keeps them by the declared counters', async () => {
    expect(PREVIOUS).toBeGreaterThanOrEqual(1);
    expect(PREVIOUS).toBeLessThan(SCHEMA_VERSION);
    const [before, after] = fc.sample(sequence, { seed: 20261127, numRuns: 2 });
    const factory = new IDBFactory();
    // The older release's writes, all in the one transaction it is given.
    await writeAsOlderRelease(factory, 'older', PREVIOUS, async (tx) => {
      const older: Storage = { transaction: (_mode, fn) => fn(tx), close: async () => undefined };
      await runSequence(older, before!);
    });

    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'older' });
    expect(storage.version).toBe(SCHEMA_VERSION);
    expect(await expectCountersExact(factory, 'older')).toBeGreaterThan(0);
    await runSequence(storage, after!);
    expect(await expectCountersExact(factory, 'older')).toBeGreaterThan(0);
    await storage.close();
  });
});
