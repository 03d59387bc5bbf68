/**
 * A write transaction that takes its resources only once its first call names what it locks.
 *
 * A write transaction of one organization waits for every earlier one of that organization: in
 * PostgreSQL for the organization's lock, and, inside one process, in JavaScript behind the
 * earlier ones of the process (ProcessQueues), so that at most one per process and organization
 * waits in the database. Waiting there, it holds nothing: the transaction's first call is read
 * first (its organization looked up, through the pool, when the process does not know it yet), the
 * transaction waits for its turn, and only then takes a write slot and a connection. A burst of one
 * organization's writes behind one slow transaction therefore costs the other organizations
 * nothing but the one slot its first waiter holds in each process; when waiters held their slots
 * and connections, such a burst filled a process's write slots and stopped every organization's
 * writes through that process until the slow transaction ended.
 *
 * The `tx` handed to the transaction's function is a front over the connection's methods: one
 * small object per transaction on a prototype built once, forwarding each call once the first has
 * taken what the transaction needs.
 */
import type pg from 'pg';
import type { StorageTx } from '../../src/storage/contract.js';
import { STORAGE_TX_WRITES } from '../../src/storage/contract/registry.js';
import type { TxScope } from '../../src/storage/guarded-tx.js';
import type { Slots } from './slots.js';
import { OWNER_SQL, callScope, type OwnerKind } from './write-scope.js';
import { OwnerCache, ProcessQueues, TransactionWriteLock, type WriteLockMode } from './write-lock.js';

/** What the sessions of one storage share. */
export interface WriteSessionHost {
  pool: pg.Pool;
  slots: Slots;
  queues: ProcessQueues;
  owners: OwnerCache;
  mode: WriteLockMode;
  /** What opens a transaction: `BEGIN`, with the timeouts behind a transaction pooler. */
  begin: string;
  /** The write methods of a connection, behind the lock `attach` sets for the transaction. */
  writesOn(client: pg.PoolClient, lock: TransactionWriteLock): TxScope;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

interface Front {
  session: WriteSession;
}

/** The prototype of every front: each method forwards to the session. */
const FRONT: Record<string, AnyMethod> = {};
for (const name of Object.keys(STORAGE_TX_WRITES)) {
  FRONT[name] = function (this: Front, ...args) {
    return this.session.call(name, args);
  };
}

export class WriteSession {
  readonly tx: StorageTx;
  readonly #host: WriteSessionHost;
  #target: Record<string, AnyMethod> | undefined;
  #attaching: Promise<void> | undefined;
  #ended = false;
  #leave: (() => void) | undefined;
  #slot = false;
  #scope: TxScope | undefined;
  /** The connection, once the first call took one. */
  client: pg.PoolClient | undefined;
  /** The transaction's lock, once the first call took a connection. */
  lock: TransactionWriteLock | undefined;

  constructor(host: WriteSessionHost) {
    this.#host = host;
    const front = Object.create(FRONT) as Front;
    front.session = this;
    this.tx = front as unknown as StorageTx;
  }

  call(name: string, args: unknown[]): Promise<unknown> {
    if (this.#target !== undefined) return this.#target[name]!(...args);
    if (this.#ended) return Promise.reject(new Error(`feedback-board/postgres: ${name}() called after its transaction ended`));
    this.#attaching ??= this.#attach(name, args);
    return this.#attaching.then(() => this.#target![name]!(...args));
  }

  async #attach(name: string, args: unknown[]): Promise<void> {
    const host = this.#host;
    const scope = host.mode === 'store' ? 'store' : callScope(name, args);
    if (typeof scope === 'object' && 'kind' in scope) {
      const org = await this.#ownerOf(scope);
      if (org !== undefined) this.#leave = await host.queues.enter(org);
    }
    if (this.#ended) throw new Error(`feedback-board/postgres: ${name}() called after its transaction ended`);
    await host.slots.acquire();
    this.#slot = true;
    this.client = await host.pool.connect();
    this.lock = new TransactionWriteLock(this.client, host.mode, host.owners, host.begin);
    this.#scope = host.writesOn(this.client, this.lock);
    this.#target = this.#scope.tx as unknown as Record<string, AnyMethod>;
  }

  /** Which organization owns a record; looked up once per process (it never changes). */
  async #ownerOf(scope: { kind: OwnerKind; id: number }): Promise<number | undefined> {
    if (scope.kind === 'organization') return scope.id;
    const key = `${scope.kind}:${scope.id}`;
    const known = this.#host.owners.get(key);
    if (known !== undefined) return known;
    const result = await this.#host.pool.query<{ org: number }>(OWNER_SQL[scope.kind], [scope.id]);
    const org = result.rows[0]?.org;
    if (org !== undefined) this.#host.owners.set(key, org);
    return org;
  }

  /** True once `BEGIN` was sent. */
  get begun(): boolean {
    return this.lock?.begun ?? false;
  }

  /**
   * Ends the transaction's use of its `tx` (later calls reject) and waits for a first call still
   * taking its resources, so that `release` frees all of them.
   */
  async close(): Promise<void> {
    this.#ended = true;
    this.#scope?.end();
    await this.#attaching?.catch(() => undefined);
    this.#scope?.end();
  }

  /** Gives back the connection (destroyed with `discard`), the write slot and the organization's turn. */
  release(discard?: Error): void {
    this.client?.release(discard);
    this.client = undefined;
    if (this.#slot) this.#host.slots.release();
    this.#slot = false;
    this.#leave?.();
    this.#leave = undefined;
  }
}
