import { createFeedbackBoard } from 'feedback-board';
import { createSqliteStorage } from 'feedback-board/adapters/sqlite';

// The file is created on first use; its schema is migrated on open.
const board = createFeedbackBoard({ storage: createSqliteStorage({ path: './feedback.db' }) });

// ...serve board.fetch, call board.dashboard, board.voters...

// On shutdown: closes the database.
await board.close();
