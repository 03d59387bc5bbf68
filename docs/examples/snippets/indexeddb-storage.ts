import { createFeedbackBoard } from 'feedback-board';
import { createIndexedDbStorage, isIndexedDbStorageError } from 'feedback-board/adapters/indexeddb';

// Opening is asynchronous: the database is created or upgraded first.
const storage = await createIndexedDbStorage({ name: 'my-app-feedback' });
const board = createFeedbackBoard({ storage });

// Storage failures are not API errors: over board.fetch they are a 500 (and logged); in-process
// they reject with an IndexedDbStorageError whose code says what happened.
board.storage.transaction('read', (tx) => tx.listOrganizations()).catch((error: unknown) => {
  if (isIndexedDbStorageError(error) && error.code === 'version_changed') location.reload();
});
