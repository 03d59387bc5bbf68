/**
 * The filters of the dashboard's posts list (docs/pages.md, "Filters and saved views"), read from
 * its query string: status, status label, tag, custom field and sort go to the API's list as they
 * are; company, minimum revenue and creation dates, which the API's list does not take, keep the
 * posts of that list that pass them. A saved view is the filters' query string, normalised here.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { FieldRecord } from '../../domain/fields.js';
import type { Post } from '../../domain/responses.js';
import type { CompanyRecord } from '../../domain/sso.js';
import type { Status } from '../../domain/team-responses.js';
import type { TagRecord } from '../../domain/records.js';
import type { PageContext } from '../context.js';
import { STATUSES } from '../layout.js';

/** The list's parameters a view keeps, in the order its query string holds them. */
export const FILTER_KEYS = ['board', 'sort', 'status', 'status_label', 'tag', 'field', 'company', 'min_revenue', 'created_after', 'created_before'] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters as written in the query string (trimmed; '' when absent). */
export type RawFilters = Record<FilterKey, string>;

/** The orders of the list: the `sort` parameter, its label, and the list's caption. */
export const SORTS = [
  { value: 'new', label: 'Newest', caption: 'newest first' },
  { value: 'top', label: 'Most votes', caption: 'most votes first' },
  { value: 'revenue', label: 'Company revenue', caption: 'highest company revenue first' },
] as const;

/** The longest value of one parameter that is read at all. */
const MAX_VALUE = 200;

/** The filters of a query string, each trimmed, the first value of each kept. */
export function rawFilters(params: URLSearchParams): RawFilters {
  const raw = {} as RawFilters;
  for (const key of FILTER_KEYS) raw[key] = (params.get(key) ?? '').trim();
  // An unknown sort is the default, newest first.
  if (!SORTS.some((s) => s.value === raw.sort)) raw.sort = '';
  return raw;
}

/** The query string of the filters: known parameters only, in one order, empty ones left out. */
export function filterQuery(raw: RawFilters, without: readonly FilterKey[] = []): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (raw[key] !== '' && !without.includes(key)) query.append(key, raw[key]);
  return query.toString();
}

/** A query string reduced to the list's filters (what a view stores, and where a form goes back to). */
export function normalisedQuery(query: string): string {
  return filterQuery(rawFilters(new URLSearchParams(query)));
}

/** What the page offers to filter by: the organization's statuses and companies, the board's tags and fields. */
export interface FilterChoices {
  statuses: readonly Status[];
  companies: readonly CompanyRecord[];
  tags: readonly TagRecord[];
  fields: readonly FieldRecord[];
}

/** The filters read and checked: what goes to the API's list, and what the page checks itself. */
export interface CheckedFilters {
  sort: (typeof SORTS)[number];
  /** Parameters of the API's list (`GET /boards/{slug}/posts`). */
  api: Record<string, string>;
  company: CompanyRecord | null;
  minRevenue: number | null;
  /** Inclusive lower and exclusive upper bounds of `created_at` (ISO timestamps). */
  createdFrom: string | null;
  createdUntil: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as the timestamp of that day's start (UTC), or null when it is no such day. */
function dayStart(text: string): string | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date.toISOString() : null;
}

/** The filters checked against the choices: the checked filters, or the reasons they cannot be used. */
export function checkFilters(raw: RawFilters, choices: FilterChoices): CheckedFilters | string[] {
  const errors: string[] = [];
  for (const key of FILTER_KEYS) if (raw[key].length > MAX_VALUE) errors.push(`The ${key.replace('_', ' ')} filter is too long (at most ${MAX_VALUE} characters).`);
  if (errors.length > 0) return errors;
  const sort = SORTS.find((s) => s.value === raw.sort) ?? SORTS[0];
  const api: Record<string, string> = {};
  if (raw.status !== '') {
    if ((STATUSES as readonly string[]).includes(raw.status)) api['status'] = raw.status;
    else errors.push(`Unknown status “${raw.status}”: choose one of ${STATUSES.join(', ')}.`);
  }
  if (raw.status_label !== '') {
    const label = choices.statuses.find((s) => String(s.id) === raw.status_label);
    if (label) api['status_label'] = raw.status_label;
    else errors.push(`Unknown status label “${raw.status_label}”: choose one of your statuses.`);
  }
  if (raw.tag !== '') api['tag'] = raw.tag;
  if (raw.field !== '') {
    const colon = raw.field.indexOf(':');
    const key = colon < 1 ? '' : raw.field.slice(0, colon);
    if (key === '') errors.push(`The custom field filter “${raw.field}” must be written key:value, such as plan:Pro.`);
    else if (!choices.fields.some((f) => f.key === key)) errors.push(`This board has no custom field “${key}”.`);
    else api['field'] = raw.field;
  }
  let company: CompanyRecord | null = null;
  if (raw.company !== '') {
    company = choices.companies.find((c) => c.id === raw.company) ?? null;
    if (company === null) errors.push(`Unknown company “${raw.company}”.`);
  }
  let minRevenue: number | null = null;
  if (raw.min_revenue !== '') {
    if (/^[0-9]{1,15}$/.test(raw.min_revenue)) minRevenue = Number(raw.min_revenue);
    else errors.push(`The minimum revenue “${raw.min_revenue}” must be a whole number, 0 or more.`);
  }
  const createdFrom = raw.created_after === '' ? null : dayStart(raw.created_after);
  if (raw.created_after !== '' && createdFrom === null) errors.push(`“${raw.created_after}” is not a date: write it YYYY-MM-DD.`);
  const createdUntil = raw.created_before === '' ? null : dayStart(raw.created_before);
  if (raw.created_before !== '' && createdUntil === null) errors.push(`“${raw.created_before}” is not a date: write it YYYY-MM-DD.`);
  if (createdFrom !== null && createdUntil !== null && createdFrom >= createdUntil) errors.push('The “created before” date must come after the “created on or after” date.');
  if (errors.length > 0) return errors;
  return { sort, api, company, minRevenue, createdFrom, createdUntil };
}

/** A post of the list, with the revenue of the companies behind it when that is shown. */
export type ListedPost = Post & { company_revenue?: number };

/** The API's list reads at most this many posts a page. */
const API_PAGE = 500;

/**
 * One page of the board's posts passing the filters, and how many pass. Without the page's own
 * filters (company, revenue, dates) it is one page of the API's list (or of the list by company
 * revenue); with them, the API's list is read through and each of its posts checked.
 */
export async function filteredPosts(ctx: PageContext, slug: string, filters: CheckedFilters, limit: number, offset: number): Promise<{ posts: ListedPost[]; total: number }> {
  const apiSort = filters.sort.value === 'top' ? 'top' : 'new';
  const own = filters.company !== null || filters.minRevenue !== null || filters.createdFrom !== null || filters.createdUntil !== null;
  const byRevenue = filters.sort.value === 'revenue';
  if (!own && !byRevenue) return ctx.team.api.posts.list(slug, { ...filters.api, sort: apiSort, limit: String(limit), offset: String(offset) });
  if (!own && Object.keys(filters.api).length === 0) return ctx.team.posts.listByCompanyRevenue(slug, { limit, offset });
  let posts: ListedPost[] = [];
  for (let from = 0; ; from += API_PAGE) {
    const page = await ctx.team.api.posts.list(slug, { ...filters.api, sort: byRevenue ? 'top' : apiSort, limit: String(API_PAGE), offset: String(from) });
    posts.push(...page.posts);
    if (page.posts.length < API_PAGE) break;
  }
  posts = posts.filter((post) => (filters.createdFrom === null || post.created_at >= filters.createdFrom) && (filters.createdUntil === null || post.created_at < filters.createdUntil));
  if (filters.company !== null || filters.minRevenue !== null || byRevenue) {
    // A post without votes has no company behind it.
    const behind = await companiesBehind(ctx, posts.filter((post) => post.vote_count > 0).map((post) => post.id));
    posts = posts
      .map((post) => ({ post, companies: behind.get(post.id) ?? [] }))
      .filter(({ companies }) => filters.company === null || companies.some((c) => c.id === filters.company!.id))
      .map(({ post, companies }) => ({ ...post, company_revenue: companies.reduce((sum, c) => sum + c.monthly_revenue, 0) }))
      .filter((post) => filters.minRevenue === null || post.company_revenue >= filters.minRevenue);
    // The list by company revenue's order: revenue, then the `top` order the API's list gave.
    if (byRevenue) posts = posts.map((post, i) => ({ post, i })).sort((a, b) => b.post.company_revenue! - a.post.company_revenue! || a.i - b.i).map(({ post }) => post);
  }
  return { posts: posts.slice(offset, offset + limit), total: posts.length };
}

/** The distinct companies of each post's voters (a vote on behalf of a company included), in one read. */
async function companiesBehind(ctx: PageContext, postIds: readonly number[]): Promise<Map<number, CompanyRecord[]>> {
  const organizationId = ctx.options.organizationId;
  return ctx.board.storage.transaction('read', async (tx) => {
    const companies = new Map((await tx.listCompanies(organizationId)).map((company) => [company.id, company]));
    const behind = new Map<number, CompanyRecord[]>();
    if (companies.size === 0) return behind;
    for (const postId of postIds) {
      const links = await tx.listVoterCompanies(await tx.listVoterIds(postId));
      const ids = new Set(links.filter((link) => link.organization_id === organizationId).map((link) => link.company_id));
      behind.set(postId, [...ids].flatMap((id) => (companies.has(id) ? [companies.get(id)!] : [])));
    }
    return behind;
  });
}

/** A refusal of the API's list (a filter it does not accept) as the page's message, or the error again. */
export function listRefusal(error: unknown): string {
  if (isFeedbackBoardError(error) && error.code === 'validation_error') return `The filters cannot be used: ${error.message}`;
  throw error;
}
