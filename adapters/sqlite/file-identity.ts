/**
 * Noticing that the database file was deleted or replaced under an open connection. SQLite keeps
 * writing to the unlinked file, so every write would be acknowledged and then lost when the
 * process ends. The file's identity (device and inode) is taken at open and compared before every
 * transaction (one `stat`, about a microsecond); once it differs or the file is gone, the storage
 * refuses every transaction with a `service_unavailable` error, which the HTTP face answers 503.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { FeedbackBoardError } from '../../src/domain/errors.js';

export interface FileIdentity {
  /** Throws the `service_unavailable` error once the file is not the one opened. */
  check(): void;
}

/** Files that have no identity to watch: in-memory and temporary databases. */
const isEphemeral = (path: string) => path === '' || path === ':memory:' || path.startsWith('file::memory:');

export function watchFileIdentity(path: string): FileIdentity | null {
  if (isEphemeral(path)) return null;
  const absolute = resolve(path);
  const opened = statSync(absolute, { bigint: true });
  let failure: FeedbackBoardError | null = null;
  return {
    check() {
      if (failure === null) {
        const now = statSync(absolute, { bigint: true, throwIfNoEntry: false });
        if (now === undefined || now.ino !== opened.ino || now.dev !== opened.dev) {
          const what = now === undefined ? 'was deleted' : 'was replaced by another file';
          const cause = new Error(
            `feedback-board/sqlite: the database file ${absolute} ${what} while open; refusing every request until restarted with the file in place`,
          );
          failure = new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used', { cause });
        }
      }
      if (failure !== null) throw failure;
    },
  };
}
