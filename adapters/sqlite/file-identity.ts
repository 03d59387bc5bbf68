/**
 * Noticing that the database file was deleted or replaced under an open connection. SQLite keeps
 * writing to the unlinked file, so every write would be acknowledged and then lost when the
 * process ends. The file's identity (device and inode) is taken at open and compared before every
 * write transaction, and before a read transaction when the last comparison is older than
 * {@link READ_RECHECK_MS} (one `stat` costs about 3 µs, a few percent of a small read). Once it
 * differs or the file is gone, the storage refuses every transaction with a `service_unavailable`
 * error, which the HTTP face answers 503, until the very file opened is at its path again (moved
 * back). So no write is ever acknowledged into a lost file, and a read is answered from one for at
 * most that long.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { FeedbackBoardError } from '../../src/domain/errors.js';

/** How long a read may go without comparing the file's identity, in ms. */
export const READ_RECHECK_MS = 100;

export interface FileIdentity {
  /**
   * Throws the `service_unavailable` error while the file is not the one opened: compared always
   * before a write and while failing, and before a read once the last comparison is
   * {@link READ_RECHECK_MS} old.
   */
  check(write: boolean): void;
}

/** Files that have no identity to watch: in-memory and temporary databases. */
const isEphemeral = (path: string) => path === '' || path === ':memory:' || path.startsWith('file::memory:');

export function watchFileIdentity(path: string): FileIdentity | null {
  if (isEphemeral(path)) return null;
  const absolute = resolve(path);
  const opened = statSync(absolute, { bigint: true });
  let failure: FeedbackBoardError | null = null;
  let checkedAt = -Infinity;
  return {
    check(write) {
      // While failing, every transaction looks again: a file moved away and back (the same file,
      // by device and inode) is served again at once.
      if (failure !== null || write || performance.now() - checkedAt >= READ_RECHECK_MS) {
        checkedAt = performance.now();
        const now = statSync(absolute, { bigint: true, throwIfNoEntry: false });
        if (now !== undefined && now.ino === opened.ino && now.dev === opened.dev) failure = null;
        else if (failure === null) {
          const what = now === undefined ? 'was deleted' : 'was replaced by another file';
          const cause = new Error(
            `feedback-board/sqlite: the database file ${absolute} ${what} while open; refusing every request until this file is back at its path (or a restart with a file in place)`,
          );
          failure = new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used', { cause });
        }
      }
      if (failure !== null) throw failure;
    },
  };
}
