/**
 * What a storage call locks in a PostgreSQL write transaction, read from its arguments (see
 * adapters/postgres/write-lock.ts, and docs/scaling.md, "Writes per organization"): the kinds of
 * scope and the functions that read one from a call's arguments. Each method's scope is declared
 * beside its SQL (`<FILE>_SCOPES` in `tx/*.ts`), so that a new storage method is its contract and
 * its statement with its scope; adapters/postgres/write-scope.ts gathers them, and its test checks
 * every method of the contract has one.
 *
 * - A call of one organization names it directly, or through a record that belongs to exactly one
 *   organization for its whole life (a board never changes organization, a post never changes
 *   board, a comment never changes post), so the answer never goes stale: it takes that
 *   organization's lock, and its reads and writes are exact against every other write of it.
 * - A call that is exact by itself takes no advisory lock (`none`): one statement that reads, or
 *   changes one row conditionally (a one-time link or code is spent by `UPDATE … WHERE used_at IS
 *   NULL`: of concurrent uses one matches), or inserts a row under a fresh random key; the queues'
 *   leases pick rows with `FOR UPDATE SKIP LOCKED`, and their reports re-read the leased row
 *   `FOR UPDATE` before checking its lease. Sessions, sign-in links, OAuth codes and tokens, key
 *   lookups by hash and the webhook and mail senders are all of this kind: they order themselves
 *   against nothing but the rows they touch, so no organization's slow write ever holds them up,
 *   and they never hold up an organization.
 * - A record that belongs to no organization and is read, then written (a setting; the set of
 *   organizations, which a fixture load or an import checks before adding to it) has a lock of its
 *   own (`record`), which orders only the transactions touching that record.
 * - `store`, the store-wide exclusive lock, is what a method without a scope would take (correct,
 *   only not parallel); no method of the contract is `store` today. The lock is still taken by a
 *   transaction that writes to a second organization (write-lock.ts), which no service does.
 */
import type { StorageMethodName } from '../../src/storage/contract/registry.js';
import type { OwnerKind } from './lock-owners.js';

/**
 * A record whose organization decides a call's lock: the kinds are the tables' declared `lock`s,
 * generated with the SQL finding each one's organization (`lock-owners.ts`).
 */
export type { OwnerKind };

/** A record of no organization with a lock of its own. */
export interface RecordScope {
  record: 'setting' | 'organizations';
  name: string;
}

/**
 * What a call locks: the organization of a record (to look up), a record of its own, nothing, or
 * the store-wide lock.
 */
export type CallScope = { kind: OwnerKind; id: number } | RecordScope | 'none' | 'store';

/** How a method's scope is read from its arguments. */
export type ScopeOf = (...args: any[]) => CallScope;

/** Scopes of some methods of the contract, by name (a file's share). */
export type MethodScopes = Partial<Record<StorageMethodName, ScopeOf>>;

/** The record's organization; a malformed id names no record, so nothing of one organization is locked. */
export const by =
  (kind: OwnerKind) =>
  (id: unknown): CallScope =>
    typeof id === 'number' && Number.isInteger(id) ? { kind, id } : 'none';
export const byField =
  (kind: OwnerKind, field: string) =>
  (row: Record<string, unknown> | null | undefined): CallScope =>
    by(kind)(row?.[field]);
export const byFirst =
  (kind: OwnerKind) =>
  (ids: unknown): CallScope =>
    Array.isArray(ids) ? by(kind)(ids[0]) : 'none';
/** Exact by itself: a read, a conditional change of one row, an insert under a random key, a lease. */
export const none = (): CallScope => 'none';
export const setting = (name: unknown): CallScope => (typeof name === 'string' ? { record: 'setting', name } : 'none');
/** The set of organizations: listed, then added to, by a fixture load and an import. */
export const organizations = (): CallScope => ({ record: 'organizations', name: '' });

export const organization = by('organization');
/**
 * A sign-in link belongs to the organization of its voter link, or of its team member; the links
 * of different organizations never meet (a link is found by its random token when it is used, and
 * spent by one conditional statement), so creating one needs no more than the organization's lock,
 * and one of no organization none.
 */
export const signInLink = (row: { kind?: unknown; subject_id?: unknown; organization_id?: unknown } | null | undefined): CallScope =>
  typeof row?.organization_id === 'number'
    ? by('organization')(row.organization_id)
    : row?.kind === 'team'
      ? by('teamMember')(row.subject_id)
      : row?.kind === 'voter'
        ? by('voter')(row.subject_id)
        : 'none';
export const board = by('board');
export const post = by('post');
export const comment = by('comment');
