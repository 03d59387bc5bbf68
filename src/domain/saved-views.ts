/**
 * Saved views of the dashboard's posts list (docs/pages.md, "Saved views"): a name the team gives
 * to a set of the list's filters, shared by every member of the organization. The filters are kept
 * as the list's query string, holding only the parameters the list knows, in one order.
 */

/** A saved view as stored. */
export interface SavedViewRecord {
  id: number;
  organization_id: number;
  /** 1–80 characters, trimmed; unique within the organization. */
  name: string;
  /** The list's filters as a query string (`status_label=4&tag=ux`), normalised; may be empty. */
  query: string;
  created_at: string;
}

/** The longest name of a saved view, in characters. */
export const SAVED_VIEW_NAME_MAX = 80;

/** The most views an organization keeps: the posts list shows them all. */
export const SAVED_VIEWS_MAX = 100;
