/**
 * What each method of the contract locks in a write transaction of a store that serializes writes
 * per organization (PostgreSQL: adapters/postgres/write-lock.ts; docs/scaling.md, "Writes per
 * organization"), declared beside the method, in the `_SCOPES` table of its aggregate's file, as
 * data read from the call's first argument. A table is typed over its aggregate's interface, so a
 * method added to the contract does not compile without its scope, whoever answers it (a store's
 * own statement or the record stores' default). Only the stores that lock read the tables: an
 * application that embeds a board does not carry them.
 *
 * - A call of one organization names it directly, or through a record that belongs to exactly one
 *   organization for its whole life (a board never changes organization, a post never changes
 *   board, a comment never changes post), so the answer never goes stale: it takes that
 *   organization's lock, and its reads and writes are exact against every other write of it.
 * - A call that is exact by itself takes no lock (`none`): one statement that reads, or changes one
 *   row conditionally (a one-time link or code is spent by `UPDATE … WHERE used_at IS NULL`: of
 *   concurrent uses one matches), or inserts a row under a fresh random key; the queues' leases
 *   pick rows with `FOR UPDATE SKIP LOCKED`, and their reports re-read the leased row `FOR UPDATE`
 *   before checking its lease. Sessions, sign-in links, OAuth codes and tokens, key lookups by
 *   hash and the webhook and mail senders are all of this kind: no organization's slow write ever
 *   holds them up, and they never hold up an organization. A method is `none` only while a store
 *   answers it in one such statement.
 * - A record that belongs to no organization and is read, then written (a setting; the set of
 *   organizations, which a fixture load or an import checks before adding to it) has a lock of its
 *   own (`setting`, `organizations`), which orders only the transactions touching that record.
 */

/**
 * A record whose organization decides a call's lock: the kinds the tables' declaration names (each
 * table's `lock`), generated into lock-kinds.ts.
 */
import type { OwnerKind } from '../lock-kinds.js';

export type { OwnerKind };
/**
 * A method's scope, read from its first argument:
 *
 * - `kind`: the argument is the id of a record of that kind (`'post'`: a post's id);
 * - `kind.field`: the argument is a row whose `field` is that id (`'organization.organization_id'`);
 * - `kind[]`: the argument is a list of such ids, all of one organization (the first decides);
 * - `none`: nothing (see above); `setting`: the setting the argument names; `organizations`: the
 *   set of organizations; `signInLink`: a sign-in link's organization, of its voter or team member.
 */
export type ScopeDeclaration = 'none' | 'setting' | 'organizations' | 'signInLink' | OwnerKind | `${OwnerKind}.${string}` | `${OwnerKind}[]`;

/** The scope of every method of an aggregate. */
export type ScopeTable<Aggregate> = Readonly<Record<keyof Aggregate, ScopeDeclaration>>;
