/**
 * The advisory locks the adapter takes, as (class, id) pairs of `pg_advisory_xact_lock(int, int)`.
 * The class is fixed for feedback-board ("FB" in its high bytes) so that an application sharing
 * the database can use other classes freely. Every lock is transaction-scoped: it is released by
 * COMMIT or ROLLBACK, and by the server when a connection dies, so a crashed process never leaves
 * one behind.
 */
const FB = 0x4642_0000;

/**
 * The second half of a store's locks: a hash of the schema its tables live in, so that stores in
 * different schemas of one database (`search_path`) do not wait for each other.
 */
const STORE = 'hashtext(current_schema())';

/** SQL calls taking the store-wide locks. */
export const LOCKS = {
  /** Held while the schema is migrated. */
  migrate: `pg_advisory_xact_lock(${FB + 2}, ${STORE})`,
  /**
   * The store-wide write lock, exclusive: held by a write transaction that writes to two
   * organizations (and by every write transaction when `writeLock` is `'store'`); it excludes every
   * write of an organization. Nothing periodic or routine takes it (see write-scope.ts).
   */
  write: `pg_advisory_xact_lock(${FB + 3}, ${STORE})`,
  /** The same lock, shared: held by every write transaction of one organization. */
  writeShared: `pg_advisory_xact_lock_shared(${FB + 3}, ${STORE})`,
} as const;

/**
 * SQL taking the write lock of one organization, exclusive, for the organization id `org` (an SQL
 * expression). Organizations hash into the 32-bit key with the schema; two that collide only wait
 * for each other, which costs time, never exactness.
 */
export function organizationLock(org: string): string {
  return `pg_advisory_xact_lock(${FB + 4}, hashtext(current_schema() || '/' || (${org})::text))`;
}

/**
 * SQL taking the lock of one record that belongs to no organization, exclusive: `name` (a plain
 * string, quoted here with `quote`) names the record within `kind` (`setting`, or `organizations`
 * for the set of them). Such a lock orders only the transactions that touch that record.
 */
export function recordLock(kind: 'setting' | 'organizations', name: string, quote: (text: string) => string): string {
  return `pg_advisory_xact_lock(${FB + 5}, hashtext(current_schema() || ${quote(`/${kind}/${name}`)}))`;
}

/** The class of the per-key rate-limit locks: `(RATE_LIMIT_CLASS, api_key_id)`. */
export const RATE_LIMIT_CLASS = FB + 1;
