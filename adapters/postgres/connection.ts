/**
 * The pool the storage runs on: one the adapter makes from a connection string (and ends on
 * close), or one the application made (left open).
 */
import pg from 'pg';

/** Where the data lives: a server the adapter connects to, or a `pg.Pool` the application owns. */
export type PostgresSource = { connectionString: string } | { pool: pg.Pool };

/** Options of {@link createPostgresStorage}. */
export interface PostgresOptions {
  /** Connections of a pool the adapter makes. Default 10. Ignored for `{ pool }`. */
  maxConnections?: number;
  /**
   * Longest a statement may run, waits for locks included, before the server cancels it, in ms.
   * Default 10 000. Applies to a pool the adapter makes.
   */
  statementTimeoutMs?: number;
  /** Longest wait for a connection (a new one, or a free one of a busy pool), in ms. Default 5000. */
  connectionTimeoutMs?: number;
  /** Stop migrating at this schema version (tests build older databases with it). Default: the newest. */
  migrationTarget?: number;
  /**
   * Longest time another process's key revocation may go unseen here: the handler's key cache TTL
   * is capped at this, in ms. Default 1000 (the contract's bound).
   */
  keyCacheTtlMs?: number;
  /**
   * How write transactions are serialized across processes. `'organization'` (the default): writes
   * of one organization wait for each other, writes of different organizations run at once, and a
   * write spanning organizations waits for all. `'store'`: every write waits for every other (one
   * writer at a time, as SQLite). See docs/scaling.md.
   */
  writeLock?: 'organization' | 'store';
  /**
   * A streaming replica for read transactions (a URL; the adapter makes its pool, sized and timed
   * as the primary's, and ends it on close). See docs/scaling.md, "Read replicas".
   */
  readConnectionString?: string;
  /** A replica pool the application made (left open on close), instead of `readConnectionString`. */
  readPool?: pg.Pool;
  /**
   * Longest a read waits for the replica to replay this process's latest write before it reads
   * from the primary instead, in ms. Default 200.
   */
  replicaWaitMs?: number;
  /** How long reads stay on the primary after the replica failed, in ms. Default 5000. */
  replicaRetryMs?: number;
  /**
   * The database (and the replica) is reached through a connection pooler in transaction mode
   * (PgBouncer's `pool_mode = transaction`, and the poolers of hosted PostgreSQL that follow its
   * rules), where each transaction may run on another server connection: `'transaction'` sends no
   * session state at all (no startup parameters but `application_name`, no named prepared
   * statements; the timeouts set per transaction with `SET LOCAL` in the round trip of its
   * `BEGIN`). `'none'`: a direct connection (or a pooler in session mode). Default: `'none'`,
   * unless the server refuses the timeouts as startup parameters (PgBouncer's "unsupported
   * startup parameter"), which only a pooler does: then `'transaction'`. See docs/scaling.md,
   * "Behind a connection pooler".
   */
  pooler?: 'none' | 'transaction';
}

export interface Connection {
  pool: pg.Pool;
  /** True when the adapter made the pool and therefore ends it. */
  owned: boolean;
}

/** What every transaction sends of its own, for the connection it runs on. */
export interface SessionRules {
  /** False behind a transaction pooler: every statement unnamed. */
  namedStatements: boolean;
  /**
   * `SET LOCAL` of the timeouts, sent after each `BEGIN` in its round trip (`''` when the
   * connection's own session holds them).
   */
  timeouts: string;
}

/** The `pooler` option, checked; undefined when it is to be detected. */
export function poolerOf(options: PostgresOptions): 'none' | 'transaction' | undefined {
  const pooler = options.pooler;
  if (pooler !== undefined && pooler !== 'none' && pooler !== 'transaction') {
    throw new RangeError(`feedback-board/postgres: pooler must be 'none' or 'transaction', not ${String(pooler)}`);
  }
  return pooler;
}

/** The rules of the transactions for `pooler`; the statement timeout of `options`. */
export function sessionRules(pooler: 'none' | 'transaction', options: PostgresOptions): SessionRules {
  if (pooler === 'none') return { namedStatements: true, timeouts: '' };
  const statementTimeout = statementTimeoutOf(options);
  return {
    namedStatements: false,
    timeouts: `SET LOCAL statement_timeout = ${statementTimeout}; SET LOCAL idle_in_transaction_session_timeout = ${statementTimeout * 2}`,
  };
}

/**
 * True for a server refusing a startup parameter: PgBouncer's answer to the timeouts a direct
 * connection sets for its session ("unsupported startup parameter: statement_timeout").
 */
export function isRefusedStartupParameter(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('unsupported startup parameter');
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result <= 0) throw new RangeError(`feedback-board/postgres: ${name} must be a positive integer`);
  return result;
}

/** The replica's pool from the options, or undefined when reads go to the primary only. */
export function openReadPool(options: PostgresOptions, pooler: 'none' | 'transaction'): Connection | undefined {
  if (options.readPool !== undefined && options.readConnectionString !== undefined) {
    throw new RangeError('feedback-board/postgres: give readConnectionString or readPool, not both');
  }
  if (options.readPool !== undefined) return { pool: options.readPool, owned: false };
  if (options.readConnectionString === undefined) return undefined;
  return openPool({ connectionString: options.readConnectionString }, options, pooler);
}

function statementTimeoutOf(options: PostgresOptions): number {
  return positive('statementTimeoutMs', options.statementTimeoutMs, 10_000);
}

/** `replicaWaitMs` and `replicaRetryMs`, checked. */
export function replicaTiming(options: PostgresOptions): { waitMs: number; retryMs: number } {
  const waitMs = options.replicaWaitMs ?? 200;
  if (!Number.isInteger(waitMs) || waitMs < 0) throw new RangeError('feedback-board/postgres: replicaWaitMs must be an integer >= 0');
  return { waitMs, retryMs: positive('replicaRetryMs', options.replicaRetryMs, 5000) };
}

/**
 * A pool of `source` (an application's pool as it is). Directly, each connection's session holds
 * the timeouts (startup parameters); behind a transaction pooler no session state is sent, and
 * each transaction sets them (see {@link sessionRules}).
 */
export function openPool(source: PostgresSource, options: PostgresOptions, pooler: 'none' | 'transaction'): Connection {
  if ('pool' in source) return { pool: source.pool, owned: false };
  const statementTimeout = statementTimeoutOf(options);
  const session = pooler === 'none' ? { statement_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 2 } : {};
  const pool = new pg.Pool({
    connectionString: source.connectionString,
    max: positive('maxConnections', options.maxConnections, 10),
    connectionTimeoutMillis: positive('connectionTimeoutMs', options.connectionTimeoutMs, 5000),
    ...session,
    // The client gives up a little after the server would have: a dead server never hangs a request.
    query_timeout: statementTimeout + 2000,
    application_name: 'feedback-board',
  });
  // An idle connection the server drops (a restart) is reported here; without a listener it
  // would crash the process. The pool discards it and makes a new one on next use.
  pool.on('error', () => undefined);
  // A connection in use that the server ends between two statements (a shutdown, a stopped
  // replica, an administrator's pg_terminate_backend) reports it on the client itself, with no
  // statement to fail; without a listener that too would crash the process. Its next statement
  // fails instead, and the transaction destroys it (see storage.ts).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { pool, owned: true };
}

/** The `writeLock` option, checked. */
export function writeLockOf(options: PostgresOptions): 'organization' | 'store' {
  const mode = options.writeLock ?? 'organization';
  if (mode !== 'organization' && mode !== 'store') {
    throw new RangeError(`feedback-board/postgres: writeLock must be 'organization' or 'store', not ${String(mode)}`);
  }
  return mode;
}
