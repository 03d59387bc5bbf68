// One claimant process of the multi-process claim test. It claims, extends, releases and lets
// expire the claims of a few posts, through the adapter's Storage only. Every outcome is logged
// in the table `claim_log` by the same transaction that produced it, so the log's order is the
// order in which the transactions committed.
//
// argv[2]: JSON { modulePath, file, apiKeyId, postIds, operations }
// stdout: one JSON line with counts when done.
import { pathToFileURL } from 'node:url';

const { modulePath, file, apiKeyId, postIds, operations } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

const storage = createSqliteStorage({ path: file });
const log = storage.database.prepare(
  `INSERT INTO claim_log (pid, post_id, api_key_id, op, outcome, now, expires_at, holder_key)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
);
const counts = {
  claims: 0, created: 0, extended: 0, conflict: 0,
  releases: 0, released: 0, none: 0, releaseConflict: 0,
  reads: 0,
};
const errors = [];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

for (let i = 0; i < operations; i += 1) {
  const postId = pick(postIds);
  const roll = Math.random();
  const now = new Date();
  try {
    if (roll < 0.55) {
      counts.claims += 1;
      // Short lives, so that claims also end by expiring and get taken over.
      const expiresAt = new Date(now.getTime() + 2 + Math.floor(Math.random() * 25)).toISOString();
      const label = Math.random() < 0.5 ? `agent-${apiKeyId}` : undefined;
      const result = await storage.transaction('write', async (tx) => {
        const outcome = await tx.claimPost({
          post_id: postId, api_key_id: apiKeyId, agent_label: label, now: now.toISOString(), expires_at: expiresAt,
        });
        const holder = outcome.claim.api_key_id;
        log.run(process.pid, postId, apiKeyId, 'claim', outcome.outcome, now.toISOString(), expiresAt, holder);
        return outcome;
      });
      counts[result.outcome] += 1;
    } else if (roll < 0.85) {
      counts.releases += 1;
      const result = await storage.transaction('write', async (tx) => {
        const outcome = await tx.releaseClaim(postId, apiKeyId, now.toISOString());
        log.run(process.pid, postId, apiKeyId, 'release', outcome, now.toISOString(), null, null);
        return outcome;
      });
      counts[result === 'conflict' ? 'releaseConflict' : result] += 1;
    } else {
      counts.reads += 1;
      await storage.transaction('read', (tx) => tx.listQueue(1, { apiKeyId, now: now.toISOString(), limit: 50 }));
    }
  } catch (error) {
    errors.push(String(error?.message ?? error));
  }
  if (Math.random() < 0.3) await sleep(Math.floor(Math.random() * 3));
}

const busyRetries = storage.busyRetries;
await storage.close();
process.stdout.write(`${JSON.stringify({ pid: process.pid, apiKeyId, counts, busyRetries, errors })}\n`);
