/** The accounts aggregate of the storage contract: organizations, their API keys, and settings. */
import type { ApiKeyRecord, OrganizationRecord } from '../../domain/records.js';
import type { StatusRecord } from '../../domain/statuses.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Fields of a status to change; absent fields are unchanged (a category never changes). */
export type StatusPatch = Partial<Pick<StatusRecord, 'name' | 'color' | 'position'>>;

/** Organizations, API keys, settings and each organization's statuses: small keyed records. */
export interface AccountsTx {
  /**
   * Inserts an organization with its five default statuses (DEFAULT_STATUSES, ids in that order);
   * the storage assigns the ids.
   */
  insertOrganization(row: NewRecord<OrganizationRecord>): Promise<OrganizationRecord>;
  /** The organization, or null. */
  getOrganization(id: number): Promise<OrganizationRecord | null>;
  /** id asc. */
  listOrganizations(): Promise<OrganizationRecord[]>;

  /** Inserts a key record; the storage assigns its id. */
  insertApiKey(row: NewRecord<ApiKeyRecord>): Promise<ApiKeyRecord>;
  /** The key record (revoked ones included), or null. */
  getApiKey(id: number): Promise<ApiKeyRecord | null>;
  /** The key record with this hash (revoked ones included), or null. */
  getApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** id asc, revoked keys included. */
  listApiKeys(organizationId: number): Promise<ApiKeyRecord[]>;
  /** Changes a key's label or revocation time; the updated record, or null if there is no such key. */
  updateApiKey(id: number, patch: Partial<Pick<ApiKeyRecord, 'label' | 'revoked_at'>>): Promise<ApiKeyRecord | null>;

  /** A stored setting's value, or null. */
  getSetting(name: string): Promise<string | null>;
  /** `null` removes the setting. */
  setSetting(name: string, value: string | null): Promise<void>;
  /**
   * Stores the setting unless one of that name exists, and answers the value the store keeps: the
   * existing one, or `value`. Atomic: of writers racing to create one setting (processes sharing a
   * store), exactly one value is kept and every one of them is answered it.
   */
  insertSettingIfAbsent(name: string, value: string): Promise<string>;

  /** The organization's statuses, by position, then id. */
  listStatuses(organizationId: number): Promise<StatusRecord[]>;
  /** The status (of any organization: the caller checks), or null. */
  getStatus(id: number): Promise<StatusRecord | null>;
  /** Inserts a status; the caller checked that its name is free in the organization. */
  insertStatus(row: NewRecord<StatusRecord>): Promise<StatusRecord>;
  /** The updated record, or null if there is no such status. */
  updateStatus(id: number, patch: StatusPatch): Promise<StatusRecord | null>;
  /**
   * Removes a status that is not a default: its posts move to its category's default first. The
   * number of posts moved, or null when there is no such status (the caller refuses a default).
   */
  deleteStatus(id: number): Promise<number | null>;
}

/** The accounts aggregate: which methods write; no generic fallbacks (each method has its own record). */
export const ACCOUNTS_AGGREGATE = {
  writes: {
    insertOrganization: true,
    getOrganization: false,
    listOrganizations: false,
    insertApiKey: true,
    getApiKey: false,
    getApiKeyByHash: false,
    listApiKeys: false,
    updateApiKey: true,
    getSetting: false,
    setSetting: true,
    insertSettingIfAbsent: true,
    listStatuses: false,
    getStatus: false,
    insertStatus: true,
    updateStatus: true,
    deleteStatus: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<AccountsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const ACCOUNTS_SCOPES = {
  insertOrganization: 'organizations',
  getOrganization: 'organization',
  listOrganizations: 'organizations',
  insertApiKey: 'organization.organization_id',
  getApiKey: 'apiKey',
  getApiKeyByHash: 'none',
  listApiKeys: 'organization',
  updateApiKey: 'apiKey',
  getSetting: 'setting',
  setSetting: 'setting',
  insertSettingIfAbsent: 'setting',
  listStatuses: 'organization',
  getStatus: 'status',
  insertStatus: 'organization.organization_id',
  updateStatus: 'status',
  deleteStatus: 'status',
} satisfies ScopeTable<AccountsTx>;
