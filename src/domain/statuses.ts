/**
 * An organization's statuses: the names it shows for its posts' states. Each status has one of the
 * five post statuses as its category; a post's `status` is always its label's category, so every
 * rule written for the five (filters, roadmap, changelog, statistics, proposals) holds whatever
 * the labels are called. Every organization has one default status per category, which may be
 * renamed and recoloured but not removed.
 */
import type { PostStatus } from './records.js';

/** A stored status of an organization. */
export interface StatusRecord {
  id: number;
  organization_id: number;
  name: string;
  /** `#rrggbb`, lower case. */
  color: string;
  category: PostStatus;
  /** Order of the organization's statuses (then id). */
  position: number;
  /** The category's default: the label of a post given the category alone; never removed. */
  is_default: boolean;
}

/** A post's label as the API shows it. */
export interface StatusLabel {
  id: number;
  name: string;
  color: string;
}

/**
 * The five statuses every organization starts with, in the categories' order (a new
 * organization's statuses get their ids in this order).
 */
export const DEFAULT_STATUSES: readonly { readonly category: PostStatus; readonly name: string; readonly color: string }[] = [
  { category: 'open', name: 'Open', color: '#374151' },
  { category: 'planned', name: 'Planned', color: '#2b3f8f' },
  { category: 'in_progress', name: 'In progress', color: '#7a4d00' },
  { category: 'shipped', name: 'Shipped', color: '#145c2a' },
  { category: 'declined', name: 'Declined', color: '#8f1d1d' },
];

/**
 * Whether `name` is the default name of `category`'s status: a label the organization did not
 * rename, which the pages and mails show in their own language.
 */
export function isDefaultName(category: string, name: string): boolean {
  return DEFAULT_STATUSES.some((status) => status.category === category && status.name === name);
}
