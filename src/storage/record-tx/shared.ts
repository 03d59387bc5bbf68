/** Orderings, paging and patching shared by the parts of the record-store StorageTx. */
import type { PostRecord } from '../../domain/records.js';
import type { Page, PageQuery } from '../contract.js';
import { cloneRow, type ReadonlyRow } from '../record-store.js';

export type StoredPost = ReadonlyRow<PostRecord>;

/**
 * Code-unit order, the order of ISO timestamps and of SQLite's BINARY collation on ASCII;
 * never locale order.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Like {@link compareText}, with `null` before every string (SQLite's order of NULL). */
export function compareNullableText(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareText(a, b);
}

/** Unicode code-point order of two strings (the order of their UTF-8 bytes). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

export function byIdAsc(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

/** created_at asc, id asc: the order of every oldest-first list. */
export function byCreatedAsc(a: { id: number; created_at: string }, b: { id: number; created_at: string }): number {
  return compareText(a.created_at, b.created_at) || a.id - b.id;
}

/** `new`: created_at desc, id desc. */
export function byNewest(a: StoredPost, b: StoredPost): number {
  return compareText(b.created_at, a.created_at) || b.id - a.id;
}

/** `top`: vote_count desc, created_at desc, id desc. */
export function byTop(a: StoredPost, b: StoredPost): number {
  return b.vote_count - a.vote_count || byNewest(a, b);
}

/** Changelog and ship stats: shipped_at desc (a missing shipped_at last), id desc. */
export function byShippedDesc(a: StoredPost, b: StoredPost): number {
  return compareNullableText(b.shipped_at, a.shipped_at) || b.id - a.id;
}

/** Top requests and unranked queue posts: vote_count desc, created_at asc, id asc. */
export function byVotesThenOldest(a: StoredPost, b: StoredPost): number {
  return b.vote_count - a.vote_count || byCreatedAsc(a, b);
}

/** True when `at` lies in [from, to). */
export function inWindow(at: string | null, window: { from: string; to: string }): boolean {
  return at !== null && at >= window.from && at < window.to;
}

/** One page of already sorted rows, copied, with the number of rows before paging. */
export function pageOf<Row>(sorted: readonly ReadonlyRow<Row>[], query: PageQuery): Page<Row> {
  const rows = sorted.slice(query.offset, query.offset + query.limit).map((row) => cloneRow<Row>(row));
  return { rows, total: sorted.length };
}

/**
 * A new row: `row` with the listed fields of `patch` applied. A field absent from `patch`, or
 * present with the value `undefined`, is unchanged; fields not listed are ignored.
 */
export function patched<Row, K extends keyof Row>(
  row: ReadonlyRow<Row>,
  patch: Partial<Pick<Row, K>>,
  fields: readonly K[],
): Row {
  const next = { ...row } as Row;
  for (const field of fields) {
    const value = patch[field];
    if (value !== undefined) next[field] = value as Row[K];
  }
  return next;
}

/** The distinct values, in order of first appearance. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
