/**
 * The saved views aggregate of the storage contract: the dashboard's named sets of filters of the
 * posts list, each of one organization, its name unique there.
 */
import type { SavedViewRecord } from '../../domain/saved-views.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Writing, listing, renaming and removing saved views. */
export interface SavedViewsTx {
  /** Stores a new view; the caller checked that its name is free in its organization. */
  insertSavedView(row: NewRecord<SavedViewRecord>): Promise<SavedViewRecord>;
  /** The view, or null. */
  getSavedView(id: number): Promise<SavedViewRecord | null>;
  /** The organization's views, oldest first (id asc). */
  listSavedViews(organizationId: number): Promise<SavedViewRecord[]>;
  /** Renames the view (the caller checked the name is free); the view after, or null if there is none. */
  renameSavedView(id: number, name: string): Promise<SavedViewRecord | null>;
  /** Removes the view; false if there was none. */
  deleteSavedView(id: number): Promise<boolean>;
}

/** The saved views aggregate: which methods write; no generic fallbacks. */
export const SAVED_VIEWS_AGGREGATE = {
  writes: {
    insertSavedView: true,
    getSavedView: false,
    listSavedViews: false,
    renameSavedView: true,
    deleteSavedView: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<SavedViewsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const SAVED_VIEWS_SCOPES = {
  insertSavedView: 'organization.organization_id',
  getSavedView: 'none',
  listSavedViews: 'organization',
  renameSavedView: 'savedView',
  deleteSavedView: 'savedView',
} satisfies ScopeTable<SavedViewsTx>;
