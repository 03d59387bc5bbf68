/**
 * What a storage call locks in a PostgreSQL write transaction, read from its arguments (see
 * adapters/postgres/write-lock.ts, and docs/scaling.md, "Writes per organization"). Each method's
 * scope is declared as data beside the method, in the `_SCOPES` table of its aggregate's contract
 * file (src/storage/contract/scopes.ts says what each declaration means), whoever answers it: a
 * statement of the SQL stores' own or the record stores' default. This reads a declaration as a
 * function of a call's arguments; adapters/postgres/write-scope.ts gathers the tables, and its test
 * checks every method of the contract has one.
 *
 * `store`, the store-wide exclusive lock, is what a method without a scope would take (correct,
 * only not parallel); no method of the contract is `store`. The lock is still taken by a
 * transaction that writes to a second organization (write-lock.ts), which no service does.
 */
import type { OwnerKind, ScopeDeclaration } from '../../src/storage/contract/scopes.js';

export type { OwnerKind, ScopeDeclaration };

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

/** The record's organization; a malformed id names no record, so nothing of one organization is locked. */
const by =
  (kind: OwnerKind) =>
  (id: unknown): CallScope =>
    typeof id === 'number' && Number.isInteger(id) ? { kind, id } : 'none';
const byField =
  (kind: OwnerKind, field: string) =>
  (row: Record<string, unknown> | null | undefined): CallScope =>
    by(kind)(row?.[field]);
const byFirst =
  (kind: OwnerKind) =>
  (ids: unknown): CallScope =>
    Array.isArray(ids) ? by(kind)(ids[0]) : 'none';
const none = (): CallScope => 'none';
const setting = (name: unknown): CallScope => (typeof name === 'string' ? { record: 'setting', name } : 'none');
/** The set of organizations: listed, then added to, by a fixture load and an import. */
const organizations = (): CallScope => ({ record: 'organizations', name: '' });
/**
 * A sign-in link belongs to the organization of its voter link, or of its team member; the links
 * of different organizations never meet (a link is found by its random token when it is used, and
 * spent by one conditional statement), so creating one needs no more than the organization's lock,
 * and one of no organization none.
 */
const signInLink = (row: { kind?: unknown; subject_id?: unknown; organization_id?: unknown } | null | undefined): CallScope =>
  typeof row?.organization_id === 'number'
    ? by('organization')(row.organization_id)
    : row?.kind === 'team'
      ? by('teamMember')(row.subject_id)
      : row?.kind === 'voter'
        ? by('voter')(row.subject_id)
        : 'none';

/** A scope's declaration as the function reading it from a call's arguments. */
export function scopeOf(declaration: ScopeDeclaration): ScopeOf {
  switch (declaration) {
    case 'none':
      return none;
    case 'setting':
      return setting;
    case 'organizations':
      return organizations;
    case 'signInLink':
      return signInLink;
  }
  if (declaration.endsWith('[]')) return byFirst(declaration.slice(0, -2) as OwnerKind);
  const dot = declaration.indexOf('.');
  if (dot !== -1) return byField(declaration.slice(0, dot) as OwnerKind, declaration.slice(dot + 1));
  return by(declaration as OwnerKind);
}
