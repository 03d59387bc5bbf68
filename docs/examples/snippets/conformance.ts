// Runs the storage conformance suite against a storage of your own, from the package's
// `feedback-board/testing` entry (it needs the optional peer `fast-check`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import type { Storage } from 'feedback-board';
import { defineStorageConformance } from 'feedback-board/testing';

/** Your storage; here, a wrapper that could add tracing around the memory adapter. */
function createMyStorage(): Storage {
  const inner = createMemoryStorage();
  return { transaction: (mode, fn) => inner.transaction(mode, fn), close: () => inner.close() };
}

defineStorageConformance(
  {
    name: 'my storage',
    create: async () => createMyStorage(),
    // Persistent stores also give `reopen(storage)`: close it and open the same data again.
    // `skip: { 'test name': 'reason' }` skips a test that cannot apply, with the reason in its name.
  },
  { describe, it, expect, beforeEach, afterEach },
);
