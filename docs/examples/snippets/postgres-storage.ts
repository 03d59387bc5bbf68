import pg from 'pg';
import { createFeedbackBoard } from 'feedback-board';
import { createPostgresStorage } from 'feedback-board/adapters/postgres';

// The schema is migrated on first use (several processes starting at once are safe).
const storage = await createPostgresStorage({ connectionString: 'postgres://app@db.internal/feedback' });
const board = createFeedbackBoard({ storage });

// Or on the application's own pool (tables are named fb_*; set statement_timeout yourself):
const pool = new pg.Pool({ connectionString: 'postgres://app@db.internal/app', max: 20, statement_timeout: 10_000 });
// A connection the server ends reports an error here; with no listener, Node ends the process.
pool.on('error', (error) => console.error('idle connection lost', error));
pool.on('connect', (client) => client.on('error', (error) => console.error('connection lost', error)));
const shared = createFeedbackBoard({ storage: await createPostgresStorage({ pool }) });

// On shutdown: ends the pool the adapter made; the application's pool stays open.
await board.close();
await shared.close();
await pool.end();
