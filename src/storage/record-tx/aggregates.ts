/**
 * The maintained statistics of the record store (`board_days`, `board_voters`), changed by the
 * same StorageTx method, and so the same transaction, as the write they summarize: the declared
 * counters `BOARD_DAYS` and `BOARD_VOTER_DAYS` (see ../counters.ts), kept by the maintainer the
 * declarations drive. They count over a board's non-hidden posts: hiding, unhiding or deleting a
 * post moves its whole contribution (its own row, its votes, its comments).
 */
import type { RecordStore } from '../record-store.js';
import { BOARD_DAYS, BOARD_VOTER_DAYS } from '../counters.js';
import { counterMaintainer, tableSink, type CounterMaintainer, type CounterSink } from './counter-maintainer.js';

/**
 * Where the record store keeps `BOARD_VOTER_DAYS`: in the voter's row of `board_voters`, as votes
 * per day (only days with one) with the latest day beside them, so that distinct voters in a
 * window read one row per voter. The row goes with its last day.
 */
function voterDaysSink(store: RecordStore): CounterSink {
  const voters = store.table('board_voters');
  return async (key, { votes = 0 }) => {
    const [boardId, voterId, day] = key as [number, number, string];
    const days: Record<string, number> = { ...(await voters.get([boardId, voterId]))?.days };
    days[day] = (days[day] ?? 0) + votes;
    if (days[day]! <= 0) delete days[day];
    const last = Object.keys(days).sort().pop();
    if (last === undefined) return voters.delete([boardId, voterId]);
    return voters.put({ board_id: boardId, voter_id: voterId, last_day: last, days });
  };
}

/** The maintainer of the record store's statistics over `store`: posts, votes and comments report to it. */
export function aggregates(store: RecordStore): CounterMaintainer {
  return counterMaintainer(store, [
    [BOARD_DAYS, tableSink(store, BOARD_DAYS)],
    [BOARD_VOTER_DAYS, voterDaysSink(store)],
  ]);
}
