import { createFeedbackBoard, type Storage, type TransactionMode } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

/** A storage that counts transactions by mode and hands everything else to `inner`. */
function counted(inner: Storage): Storage & { counts: Record<TransactionMode, number> } {
  const counts = { read: 0, write: 0 };
  return {
    counts,
    transaction(mode, fn) {
      counts[mode] += 1;
      return inner.transaction(mode, fn);
    },
    close: () => inner.close(),
  };
}

const storage = counted(createMemoryStorage());
const board = createFeedbackBoard({ storage });
const org = await board.dashboard.organizations.create({ name: 'Acme' });
const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
await (await board.api(key)).boards.create({ slug: 'features', name: 'Features' });

// One operation is one transaction. The first request of a key also reads the key; later ones
// find it in the handler's key cache.
const list = () =>
  board.fetch(new Request('http://localhost/api/v1/boards/features/posts', { headers: { 'X-API-Key': key } }));
storage.counts.read = 0;
await list();
await list();
console.log(storage.counts.read); // → 3

// A transaction is all or nothing: a throw undoes every write it made.
const failed = await storage
  .transaction('write', async (tx) => {
    await tx.insertOrganization({ name: 'Globex', created_at: new Date().toISOString() });
    throw new Error('changed my mind');
  })
  .catch((error: Error) => error.message);
const organizations = await storage.transaction('read', (tx) => tx.listOrganizations());
console.log(failed, organizations.map((o) => o.name)); // → changed my mind [ 'Acme' ]
