/**
 * The kinds of record a write lock names: each table's declared `lock` kind, which the contract's
 * `_SCOPES` tables and the SQL adapters' lock (adapters/sql/lock-owners.ts) share. Generated from
 * the tables' declaration (`schema/tables.ts`) by `npm run derive`
 * (scripts/derive-record-schema.mjs): do not edit it. A test fails while this file differs from
 * what the declaration gives.
 */

/** A record whose organization decides a call's write lock. */
export type OwnerKind =
  | 'organization'
  | 'status'
  | 'apiKey'
  | 'board'
  | 'post'
  | 'field'
  | 'changelogEntry'
  | 'voter'
  | 'comment'
  | 'heldPost'
  | 'attachment'
  | 'teamMember'
  | 'oauthGrant'
  | 'ssoSecret'
  | 'webhook'
  | 'savedView'
  | 'connection'
  | 'chatTarget';
