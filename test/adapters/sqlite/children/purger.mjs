// Purgers and restorers of deleted posts in one process: each caller has its own connection to
// the shared file and starts at a moment agreed with the sibling processes. A purger purges the
// posts deleted before `before`, `batch` at a time, until a batch purges none; a restorer
// restores its posts one by one.
//
// argv[2]: JSON { modulePath, file, before, batch, purgers, restore: [post ids], organizationId, startAt (epoch ms) }
// stdout: one JSON line per caller: { purged } or { restored: [post ids] }, or { error }
import { pathToFileURL } from 'node:url';

const { modulePath, file, before, batch, purgers, restore, organizationId, startAt } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

const open = () => createSqliteStorage({ path: file });
const callers = [
  ...Array.from({ length: purgers }, () => ({ kind: 'purge', storage: open() })),
  ...(restore.length > 0 ? [{ kind: 'restore', storage: open() }] : []),
];
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));

const results = await Promise.all(
  callers.map(async ({ kind, storage }) => {
    try {
      if (kind === 'purge') {
        let purged = 0;
        for (;;) {
          const n = await storage.transaction('write', (tx) => tx.purgeDeletedPosts(before, batch));
          purged += n;
          if (n === 0) return { purged };
        }
      }
      const restored = [];
      for (const id of restore) {
        const post = await storage.transaction('write', (tx) => tx.restoreDeletedPost(organizationId, id));
        if (post !== null && typeof post === 'object') restored.push(post.id);
      }
      return { restored };
    } catch (error) {
      return { error: String(error?.message ?? error) };
    } finally {
      await storage.close();
    }
  }),
);
for (const result of results) process.stdout.write(`${JSON.stringify(result)}\n`);
