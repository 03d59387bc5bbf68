/**
 * The maintained counters after random writes: every counter table the target keeps equals the
 * same table recomputed from the rows it counts (raw-counters.ts), for all the declared counters
 * (src/storage/counters.ts). The target's `readTables` gives the rows; without it the test is
 * skipped, with the reason in its name.
 */
import fc from 'fast-check';
import { COUNTER_TABLES } from '../src/storage/counters.js';
import type { CountedTable } from '../src/storage/counter-model.js';
import type { SuiteContext } from './harness.js';
import { sequence } from './random-arbitraries.js';
import { runSequence } from './random-commands.js';
import { recountCounterRows, storedCounterRows } from './raw-counters.js';

const SEED = 20261124;
const RUNS = 25;
const COUNTED: readonly CountedTable[] = ['posts', 'votes', 'comments', 'post_tags', 'board_voters', 'ship_voters'];
const NAME = `${RUNS} random operation sequences leave every maintained counter equal to its recount from the rows`;

export function counterTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const read = ctx.target.readTables;

  ctx.t.describe('maintained counters', () => {
    if (read === undefined) {
      ctx.t.it.skip?.(`${NAME} (skipped: the target gives no readTables)`, () => undefined);
      return;
    }
    ctx.test(NAME, async () => {
      await fc.assert(
        fc.asyncProperty(sequence, async (commands) => {
          const storage = await ctx.target.create();
          try {
            await runSequence(storage, commands);
            const tables = await read(storage, [...COUNTED, ...COUNTER_TABLES.map((table) => table.name)]);
            const kept = COUNTER_TABLES.filter((table) => table.name in tables);
            expect(kept.length).toBeGreaterThan(0);
            let counted = 0;
            for (const table of kept) {
              const recount = recountCounterRows(table, tables);
              counted += recount.length;
              expect({ table: table.name, rows: storedCounterRows(table, tables) }).toEqual({ table: table.name, rows: recount });
            }
            // Every sequence starts with visible posts and votes: there is something to count.
            expect(counted).toBeGreaterThan(0);
          } finally {
            await storage.close();
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }, 120_000);
  });
}
