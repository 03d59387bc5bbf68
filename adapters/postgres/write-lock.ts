/**
 * The locks of one write transaction, taken as its calls need them (write-scope.ts says what each
 * call needs), the first together with `BEGIN` in one round trip.
 *
 * - A call of one organization takes that organization's lock EXCLUSIVE and the store-wide lock
 *   SHARED: writes of one organization are serialized across every process, writes of different
 *   organizations run at once.
 * - A call that is exact by itself (`none`) takes no advisory lock; a transaction that made only
 *   such calls holds none, and so never waits for an organization's writes, nor they for it. Once
 *   such a transaction makes a call of one organization, reads included, it takes that
 *   organization's locks before the call runs (a sign-in link is spent, then its voter is found or
 *   created under the voter's organization's lock).
 * - A record of no organization (a setting, the set of organizations) is locked by its own lock
 *   before the call, whatever else the transaction holds: it orders only the transactions that
 *   touch that record.
 * - A later WRITE of another organization than the one locked upgrades to the exclusive store
 *   lock before it runs (as does a call scoped `store`, which no method is today). Reads are never
 *   checked: everything another organization's writers change is theirs, and everything spanning
 *   organizations changes only under the exclusive lock, which the shared one keeps out. A record
 *   that does not exist (its owner lookup finds nothing) belongs to nobody and needs no lock.
 * - The organization's lock is taken BEFORE the shared store lock. In the other order, a
 *   transaction queued for a busy organization would hold the shared lock while it waits, and the
 *   organization's holder could then never upgrade: every upgrade under load was a deadlock.
 *   Two transactions upgrading at the same moment still deadlock; PostgreSQL detects it and fails
 *   one of them (SQLSTATE 40P01), which is rolled back whole and answered as unavailable (retry).
 *   No service writes to two organizations in one transaction, so that takes a mix no service makes.
 *
 * Nothing periodic or routine takes the store lock EXCLUSIVE, and that matters beyond its own
 * wait: PostgreSQL's lock queue is first come, first served, so a SHARED request waits behind an
 * EXCLUSIVE one already waiting even while other SHARED holders run. An exclusive request made
 * every 500 ms (it used to be the senders' leases) lined every organization's writes up behind any
 * one slow transaction of one organization.
 *
 * Since a lock is held before the statements it guards run, and each statement of a READ
 * COMMITTED transaction sees everything committed before it started, every read made under a lock
 * sees the state the transaction's writes apply to, as with one global lock.
 */
import type pg from 'pg';
import type { StorageTx } from '../../src/storage/contract.js';
import { STORAGE_TX_WRITES } from '../../src/storage/contract/registry.js';
import { AsyncLock } from '../../src/storage/lock.js';
import { LOCKS, organizationLock, recordLock } from './locks.js';
import { INSERTED as INSERTED_BY_METHOD } from '../sql/lock-owners.js';
import { callScope, OWNER_SQL, type OwnerKind, type RecordScope } from './write-scope.js';

/** How write transactions lock: per organization (the default), or all behind one lock. */
export type WriteLockMode = 'organization' | 'store';

/**
 * What a transaction holds so far: nothing (`BEGIN` not sent), no advisory lock (`begun`), one
 * organization's locks, or the exclusive store lock.
 */
type Held = { state: 'none' } | { state: 'begun' } | { state: 'organization'; org: number } | { state: 'store' };

/** Organization of records by `kind:id`: facts that never change (see write-scope.ts). */
export class OwnerCache {
  readonly #owners = new Map<string, number>();
  static readonly LIMIT = 50_000;

  get(key: string): number | undefined {
    return this.#owners.get(key);
  }

  set(key: string, org: number): void {
    if (this.#owners.size >= OwnerCache.LIMIT) this.#owners.clear();
    this.#owners.set(key, org);
  }
}

/**
 * Per organization, the write transactions of this process in line for its lock: only the first
 * waits in the database, the others wait here, so a busy organization keeps at most one waiter per
 * process in PostgreSQL's lock queue.
 */
export class ProcessQueues {
  readonly #tails = new Map<number, Promise<void>>();

  /** Resolves when every earlier transaction of `org` in this process has ended; call the result to end yours. */
  async enter(org: number): Promise<() => void> {
    const before = this.#tails.get(org) ?? Promise.resolve();
    let leave!: () => void;
    const mine = new Promise<void>((done) => (leave = done));
    const tail = before.then(() => mine);
    this.#tails.set(org, tail);
    await before;
    return () => {
      leave();
      if (this.#tails.get(org) === tail) this.#tails.delete(org);
    };
  }
}

/**
 * The kind of record each insert returns. A record inserted under an organization's lock belongs
 * to that organization (the insert's own scope was checked to be it), so its owner is known
 * without a lookup: a transaction that inserts a post and then updates it makes no extra round
 * trip, while holding its organization's lock, to learn what it already knows. (Should the
 * transaction roll back, the id is never given again: PostgreSQL's sequences do not go back.)
 * Each table's declared `lock` names its insert (generated: ../sql/lock-owners.ts).
 */
const INSERTED: Readonly<Record<string, OwnerKind | undefined>> = INSERTED_BY_METHOD;

export class TransactionWriteLock {
  readonly #client: pg.PoolClient;
  readonly #mode: WriteLockMode;
  readonly #owners: OwnerCache;
  #held: Held = { state: 'none' };
  /** The records (`kind/name`) whose own locks the transaction holds. */
  readonly #records = new Set<string>();
  /** Calls made at once (`Promise.all`) take their locks one after another. */
  readonly #order = new AsyncLock();

  /** `BEGIN`, and behind a transaction pooler the timeouts' `SET LOCAL`: sent before any lock. */
  readonly #beginning: string;

  constructor(client: pg.PoolClient, mode: WriteLockMode, owners: OwnerCache, beginning = 'BEGIN') {
    this.#client = client;
    this.#mode = mode;
    this.#owners = owners;
    this.#beginning = beginning;
  }

  /** True once `BEGIN` was sent (a transaction that made no call has nothing to end). */
  get begun(): boolean {
    return this.#held.state !== 'none';
  }

  /** Notes the owner of the record a call returned, when the call inserted one under an organization's lock. */
  after(method: string, result: unknown): void {
    const kind = INSERTED[method];
    const id = (result as { id?: unknown } | null | undefined)?.id;
    if (kind === undefined || this.#held.state !== 'organization' || typeof id !== 'number') return;
    this.#owners.set(`${kind}:${id}`, this.#held.org);
  }

  /** Takes what the call `method(...args)` needs before it runs. */
  before(method: string, args: readonly unknown[], writes: boolean): Promise<void> {
    return this.#order.run(() => this.#take(method, args, writes));
  }

  async #take(method: string, args: readonly unknown[], writes: boolean): Promise<void> {
    const held = this.#held;
    if (held.state === 'store' && this.#mode === 'store') return;
    const scope = this.#mode === 'store' ? 'store' : callScope(method, args);
    if (scope === 'none') {
      if (held.state === 'none') await this.#begin('', { state: 'begun' });
      return;
    }
    if (scope === 'store') {
      if (held.state === 'store') return;
      if (held.state === 'none') return this.#begin(`SELECT ${LOCKS.write}`, { state: 'store' });
      return this.#upgrade();
    }
    if ('record' in scope) return this.#lockRecord(scope);
    if (held.state === 'store' || (held.state === 'organization' && !writes)) return;
    if (held.state === 'none') return this.#first(scope);
    const org = await this.#ownerOf(scope);
    // Gone (or never there): nothing of one organization to lock.
    if (org === undefined || (held.state === 'organization' && org === held.org)) return;
    if (held.state === 'organization') return this.#upgrade();
    // No organization's lock yet: taken here, waited for in the database (the transaction may hold
    // rows already, so it does not wait in this process's queue, where PostgreSQL could not see a
    // deadlock; see write-session.ts).
    await this.#client.query(`SELECT ${organizationLock(String(org))}; SELECT ${LOCKS.writeShared}`);
    this.#held = { state: 'organization', org };
  }

  async #first(scope: { kind: OwnerKind; id: number }): Promise<void> {
    // Looked up outside the transaction (known already, unless the record is gone): which
    // organization owns a record never changes. The transaction's turn in this process's queue of
    // the organization was taken before its connection (write-session.ts).
    const org = await this.#ownerOf(scope);
    // Gone (or never there): nothing of one organization to lock.
    if (org === undefined) return this.#begin('', { state: 'begun' });
    // The organization's lock first, the shared store lock second: a transaction waiting for a busy
    // organization holds nothing, so the one that holds it can still upgrade (see above).
    await this.#begin(`SELECT ${organizationLock(String(org))}; SELECT ${LOCKS.writeShared}`, { state: 'organization', org });
  }

  /** Sends `BEGIN` and `locks` (SQL, or nothing) in one round trip, then records what is held. */
  async #begin(locks: string, held: Held): Promise<void> {
    // Until the locks are known to be held, a failure must still roll back what BEGIN opened.
    this.#held = { state: 'begun' };
    await this.#client.query(locks === '' ? this.#beginning : `${this.#beginning}; ${locks}`);
    this.#held = held;
  }

  async #upgrade(): Promise<void> {
    await this.#client.query(`SELECT ${LOCKS.write}`);
    this.#held = { state: 'store' };
  }

  async #lockRecord(scope: RecordScope): Promise<void> {
    const key = `${scope.record}/${scope.name}`;
    if (this.#records.has(key)) return;
    const lock = `SELECT ${recordLock(scope.record, scope.name, (text) => this.#client.escapeLiteral(text))}`;
    if (this.#held.state === 'none') await this.#begin(lock, { state: 'begun' });
    else await this.#client.query(lock);
    this.#records.add(key);
  }

  async #ownerOf(scope: { kind: keyof typeof OWNER_SQL; id: number }): Promise<number | undefined> {
    if (scope.kind === 'organization') return scope.id;
    const key = `${scope.kind}:${scope.id}`;
    const known = this.#owners.get(key);
    if (known !== undefined) return known;
    const result = await this.#client.query<{ org: number }>(OWNER_SQL[scope.kind], [scope.id]);
    const org = result.rows[0]?.org;
    if (org !== undefined) this.#owners.set(key, org);
    return org;
  }
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * `methods` with the lock of the running transaction (`current()`, the connection's write
 * transaction of the moment) taken before each call, as that call needs.
 */
export function lockedMethods(methods: StorageTx, current: () => TransactionWriteLock): StorageTx {
  const locked: Record<string, AnyMethod> = {};
  for (const [name, writes] of Object.entries(STORAGE_TX_WRITES)) {
    const method = (methods as unknown as Record<string, AnyMethod>)[name]!;
    locked[name] = async (...args) => {
      const lock = current();
      await lock.before(name, args, writes);
      const result = await method(...args);
      lock.after(name, result);
      return result;
    };
  }
  return locked as unknown as StorageTx;
}
