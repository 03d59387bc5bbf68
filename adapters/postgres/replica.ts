/**
 * Read transactions on a streaming replica, with read-your-writes for this process.
 *
 * After each write transaction commits, the storage records the primary's WAL position
 * (`pg_current_wal_insert_lsn()`, taken in the COMMIT's round trip). A read goes to the replica
 * only once the replica has replayed past the newest such position (`pg_last_wal_replay_lsn()`),
 * polled for at most `replicaWaitMs`; past that bound it reads from the primary. A replica that
 * cannot be reached or fails is left alone for `replicaRetryMs`, and reads go to the primary
 * meanwhile. See docs/scaling.md, "Read replicas".
 */
import type pg from 'pg';
import type { SessionRules } from './connection.js';

/** Polls of the replay position while a read waits for the replica to catch up, in ms. */
const POLL_MS = 2;

/** `X/Y` (two hex halves) as one number, so positions compare. */
export function parseLsn(lsn: string): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn);
  if (match === null) throw new TypeError(`feedback-board/postgres: not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffff_ffffn).toString(16).toUpperCase()}`;
}

/** How long to wait for a replica's replay, and how long to leave a failed one alone. */
export interface ReplicaTiming {
  waitMs: number;
  retryMs: number;
}

export class ReadReplica {
  readonly pool: pg.Pool;
  /** True when the adapter made the pool and therefore ends it. */
  readonly owned: boolean;
  readonly #timing: ReplicaTiming;
  #lastWrite = 0n;
  #downUntil = 0;

  /** False behind a transaction pooler: the replay check is sent unnamed. */
  readonly #named: boolean;

  constructor(pool: pg.Pool, owned: boolean, timing: ReplicaTiming, rules: SessionRules = { namedStatements: true, timeouts: '' }) {
    this.pool = pool;
    this.owned = owned;
    this.#timing = timing;
    this.#named = rules.namedStatements;
  }

  /** Records the primary's WAL position after a write of this process committed. */
  noteWrite(lsn: string): void {
    const position = parseLsn(lsn);
    if (position > this.#lastWrite) this.#lastWrite = position;
  }

  /** Sends reads to the primary for `retryMs` (the replica failed). */
  markDown(): void {
    this.#downUntil = Date.now() + this.#timing.retryMs;
  }

  /**
   * A replica connection that has replayed every write this process committed, or undefined when
   * the read must go to the primary (the replica is down, failing, or still behind after `waitMs`).
   */
  async connect(): Promise<pg.PoolClient | undefined> {
    if (Date.now() < this.#downUntil) return undefined;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      this.markDown();
      return undefined;
    }
    try {
      if (await this.#caughtUp(client)) return client;
      client.release();
      return undefined;
    } catch (error) {
      client.release(error as Error);
      this.markDown();
      return undefined;
    }
  }

  async #caughtUp(client: pg.PoolClient): Promise<boolean> {
    const target = this.#lastWrite;
    if (target === 0n) return true;
    const deadline = Date.now() + this.#timing.waitMs;
    for (;;) {
      // NULL on a server that is not a standby: it is current by definition.
      const { rows } = await client.query<{ ok: boolean }>({
        ...(this.#named ? { name: 'fb_replica_caught_up' } : {}),
        text: 'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) AS ok',
        values: [formatLsn(target)],
      });
      if (rows[0]?.ok === true) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((wake) => setTimeout(wake, POLL_MS));
    }
  }
}

/**
 * True for a failure of the replica rather than of the transaction's own logic: a lost or refused
 * connection, a server shutting down, or a query cancelled by the replica's recovery (40001 on a
 * standby). Such a read is run again on the primary.
 */
export function isReplicaFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return code.startsWith('08') || code.startsWith('57P') || code === '40001' || code.startsWith('EC');
  return typeof message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message);
}
