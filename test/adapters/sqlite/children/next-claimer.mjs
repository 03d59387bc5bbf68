// Claim-next callers of one process: each caller has its own connection to the shared file, and
// all of them call claimNextPost once, together, at a moment agreed with the sibling processes.
//
// argv[2]: JSON { modulePath, file, boardId, apiKeyIds, startAt (epoch ms) }
// stdout: one JSON line per caller: { apiKeyId, postId (or null), error (or null) }
import { pathToFileURL } from 'node:url';

const { modulePath, file, boardId, apiKeyIds, startAt } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

const callers = apiKeyIds.map((apiKeyId) => ({ apiKeyId, storage: createSqliteStorage({ path: file }) }));
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));

const now = new Date();
const results = await Promise.all(
  callers.map(async ({ apiKeyId, storage }) => {
    try {
      const claim = await storage.transaction('write', (tx) =>
        tx.claimNextPost({
          board_id: boardId,
          api_key_id: apiKeyId,
          agent_label: `caller ${apiKeyId}`,
          now: now.toISOString(),
          expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        }),
      );
      return { apiKeyId, postId: claim?.post_id ?? null, error: null };
    } catch (error) {
      return { apiKeyId, postId: null, error: String(error?.message ?? error) };
    } finally {
      await storage.close();
    }
  }),
);
for (const result of results) process.stdout.write(`${JSON.stringify(result)}\n`);
