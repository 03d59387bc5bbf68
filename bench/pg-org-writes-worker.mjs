// One process of bench/pg-org-writes.mjs: WRITERS concurrent writers on its own storage, writer w
// writing to the board of organization (process × WRITERS + w) mod ORGS. Each write transaction
// reads the board, inserts a post and updates it (the shape of a service write: a read, then
// writes that depend on it). Starts at START (epoch ms), stops SECONDS later, and prints
// {"done", "errors", "cpu"} (its own CPU seconds in the window) as one JSON line.
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';

const [url, writeLock, orgs, index, boardsJson, start, seconds, writers] = process.argv.slice(2);
const boards = JSON.parse(boardsJson).slice(0, Number(orgs));
const storage = await createPostgresStorage({ connectionString: url }, { writeLock, maxConnections: 2 * Number(writers) });

const now = new Date().toISOString();
async function writeOnce(boardId, n) {
  await storage.transaction('write', async (tx) => {
    const board = await tx.getBoard(boardId);
    const post = await tx.insertPost({
      board_id: board.id,
      title: `write ${index}-${n}`,
      body: '',
      status: 'open',
      is_admin: false,
      hidden: false,
      pinned: false,
      queue_rank: null,
      shipped_at: null,
      created_at: now,
      proposal: null,
    });
    await tx.updatePost(post.id, { pinned: true });
  });
}

// Warm-up: connections and prepared statements.
await Promise.all(boards.map((b, i) => writeOnce(b, -1 - i)));
await new Promise((go) => setTimeout(go, Math.max(0, Number(start) - Date.now())));
const deadline = Number(start) + Number(seconds) * 1000;
const cpuBefore = process.cpuUsage();
let done = 0;
let errors = 0;
await Promise.all(
  Array.from({ length: Number(writers) }, async (_, w) => {
    const boardId = boards[(Number(index) * Number(writers) + w) % boards.length];
    for (let n = 0; Date.now() < deadline; n++) {
      try {
        await writeOnce(boardId, n);
        done += 1;
      } catch {
        errors += 1;
      }
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ done, errors, cpu: (cpu.user + cpu.system) / 1e6 }));
await storage.close();
