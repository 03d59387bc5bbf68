// Publishers of due changelog entries in one process: each has its own board over its own
// connection to the shared file, on a clock at `now` from the agreed moment, and starts at a moment agreed with the
// sibling processes; each publishes until it finds nothing due.
//
// argv[2]: JSON { corePath, adapterPath, file, publishers, now (epoch ms), startAt (epoch ms) }
// stdout: one JSON line per publisher: { published, started, ended } (this process's clock, ms) or { error }
import { pathToFileURL } from 'node:url';

const { corePath, adapterPath, file, publishers, now, startAt } = JSON.parse(process.argv[2]);
const { createFeedbackBoard } = await import(pathToFileURL(corePath).href);
const { createSqliteStorage } = await import(pathToFileURL(adapterPath).href);

// A day before `now` until the agreed moment: the service module loads then, with nothing due yet,
// so that every publisher starts at once.
let current = now - 86_400_000;
const boards = Array.from({ length: publishers }, () => createFeedbackBoard({ storage: createSqliteStorage({ path: file }), clock: { now: () => current } }));
await Promise.all(boards.map((board) => board.publishDueChangelogEntries()));
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
current = now;

const results = await Promise.all(
  boards.map(async (board) => {
    const started = performance.now();
    try {
      return { published: await board.publishDueChangelogEntries(), started, ended: performance.now() };
    } catch (error) {
      return { error: String(error?.message ?? error) };
    } finally {
      await board.close();
    }
  }),
);
for (const result of results) process.stdout.write(`${JSON.stringify(result)}\n`);
