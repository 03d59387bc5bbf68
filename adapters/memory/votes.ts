/**
 * The votes table, packed. A board holds about ten votes per post, so votes are most of the
 * memory store: as one object per row, keyed by a JSON string and indexed by post through a Set,
 * a vote cost about 170 bytes. Here the votes of a post are one array `[voter, time, voter,
 * time, ...]` sorted by voter id, under the post id: about 16 bytes per vote, and the `by_post`
 * index is the array itself. The `by_voter` index is, per voter, the sorted array of the posts it
 * votes for (about 8 bytes more per vote); a row found there takes its time from the post's array.
 * Rows are built when read.
 *
 * Only rows of exactly the usual shape are packed: `{ post_id, voter_id, created_at }` in that
 * order, numeric ids (not -0) and a string `created_at` (kept as milliseconds when that reads
 * back exactly, see timestamps.ts). Any other row goes to an ordinary {@link MemoryTable}, so
 * every row reads back exactly as it was put.
 */
import { DenseMap } from './dense-map.js';
import { isKeyPart, MemoryTable, type StoredTable } from './tables.js';
import { packTimestamp, unpackTimestamp } from './timestamps.js';

/** A vote's primary key: `[post_id, voter_id]`. */
export type VoteKey = readonly [string | number, string | number];

type PackedVotes = (number | string)[];

const FIELDS = ['post_id', 'voter_id', 'created_at'];

/** Numeric ids that a double array keeps exactly and a Map key does not merge with another. */
const packableId = (value: unknown): value is number =>
  typeof value === 'number' && !Number.isNaN(value) && !Object.is(value, -0);

/** True for a row of exactly the fields `post_id`, `voter_id`, `created_at`, in that order. */
function isPackable(row: Record<string, unknown>): boolean {
  let i = 0;
  for (const field in row) {
    if (field !== FIELDS[i++] || !Object.prototype.hasOwnProperty.call(row, field)) return false;
  }
  return i === 3 && packableId(row.post_id) && packableId(row.voter_id) && typeof row.created_at === 'string';
}

/**
 * Below this many elements, an insert makes a new array of the exact length: growing in place
 * reserves half again plus 16 slots, which for a post's ten votes nearly doubles their size.
 */
const EXACT_LIMIT = 64;

/** A copy of `votes` with `voter, time` inserted at offset `at`, of exactly the needed length. */
function inserted(votes: PackedVotes, at: number, voter: number, time: number | string): PackedVotes {
  const next: PackedVotes = new Array<number | string>(votes.length + 2);
  for (let i = 0; i < at; i++) next[i] = votes[i]!;
  next[at] = voter;
  next[at + 1] = time;
  for (let i = at; i < votes.length; i++) next[i + 2] = votes[i]!;
  return next;
}

/** `ids` (sorted) with `id` added in order; a short array is copied to exactly the needed length. */
function withId(ids: number[] | undefined, id: number): number[] {
  if (ids === undefined) return [id];
  let at = ids.length;
  while (at > 0 && ids[at - 1]! > id) at--;
  if (ids.length >= EXACT_LIMIT) {
    ids.splice(at, 0, id);
    return ids;
  }
  const next = new Array<number>(ids.length + 1);
  for (let i = 0; i < at; i++) next[i] = ids[i]!;
  next[at] = id;
  for (let i = at; i < ids.length; i++) next[i + 1] = ids[i]!;
  return next;
}

/** Index of `voter` in `votes` (an even offset), or `-(insertion offset) - 1`. */
function search(votes: PackedVotes, voter: number): number {
  let low = 0;
  let high = votes.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = votes[mid * 2] as number;
    if (at < voter) low = mid + 1;
    else if (at > voter) high = mid - 1;
    else return mid * 2;
  }
  return -(low * 2) - 1;
}

/** The votes table: packed rows per post, and a plain table for rows of another shape. */
export class VoteTable implements StoredTable<VoteKey> {
  /** post id -> its packed votes (never empty). */
  readonly #posts = new DenseMap<PackedVotes>();
  /** voter id -> the posts of its packed votes, ascending (never empty). */
  readonly #voters = new DenseMap<number[]>();
  /** Rows that are not of the packed shape. */
  readonly #other = new MemoryTable('votes');

  /** No copy here: {@link set} packs the row's fields, or copies a row it cannot pack. */
  copy(row: object): object {
    return row;
  }

  encode(key: unknown): VoteKey | undefined {
    if (!Array.isArray(key) || key.length !== 2 || !isKeyPart(key[0]) || !isKeyPart(key[1])) return undefined;
    return [key[0], key[1]];
  }

  primaryKeyOf(row: object): VoteKey {
    const key = this.encode([(row as Record<string, unknown>).post_id, (row as Record<string, unknown>).voter_id]);
    if (key === undefined) throw new Error('storage: a row is missing its primary key');
    return key;
  }

  get(key: VoteKey): object | undefined {
    const [post, voter] = key;
    if (packableId(post) && packableId(voter)) {
      const votes = this.#posts.get(post);
      const at = votes === undefined ? -1 : search(votes, voter);
      if (at >= 0) return { post_id: post, voter_id: voter, created_at: unpackTimestamp(votes![at + 1]!) };
    }
    return this.#other.get(this.#other.primaryKeyOf(row(key)));
  }

  set(key: VoteKey, value: object): object | undefined {
    const previous = this.remove(key);
    const fields = value as Record<string, unknown>;
    if (!isPackable(fields)) {
      this.#other.set(this.#other.primaryKeyOf(value), this.#other.copy(value));
      return previous;
    }
    const post = fields.post_id as number;
    const voter = fields.voter_id as number;
    const time = packTimestamp(fields.created_at as string);
    const votes = this.#posts.get(post);
    if (votes === undefined) this.#posts.set(post, [voter, time]);
    else {
      const at = -search(votes, voter) - 1;
      if (votes.length < EXACT_LIMIT) this.#posts.set(post, inserted(votes, at, voter, time));
      else if (at === votes.length) votes.push(voter, time);
      else votes.splice(at, 0, voter, time);
    }
    this.#voters.set(voter, withId(this.#voters.get(voter), post));
    return previous;
  }

  remove(key: VoteKey): object | undefined {
    const [post, voter] = key;
    if (packableId(post) && packableId(voter)) {
      const votes = this.#posts.get(post);
      const at = votes === undefined ? -1 : search(votes, voter);
      if (at >= 0) {
        const removed = { post_id: post, voter_id: voter, created_at: unpackTimestamp(votes![at + 1]!) };
        if (votes!.length === 2) this.#posts.delete(post);
        else votes!.splice(at, 2);
        const posts = this.#voters.get(voter)!;
        if (posts.length === 1) this.#voters.delete(voter);
        else posts.splice(posts.indexOf(post), 1);
        return removed;
      }
    }
    return this.#other.remove(this.#other.primaryKeyOf(row(key)));
  }

  all(): object[] {
    const rows: object[] = [];
    for (const [post] of this.#posts.entries()) this.#unpack(post as number, rows);
    rows.push(...this.#other.all());
    return rows;
  }

  lookup(indexName: string, value: unknown): object[] {
    const others = this.#other.lookup(indexName, value);
    if (!packableId(value)) return others;
    const rows: object[] = [];
    if (indexName === 'by_voter') {
      for (const post of this.#voters.get(value) ?? []) rows.push(this.get([post, value])!);
    } else this.#unpack(value, rows);
    rows.push(...others);
    return rows;
  }

  /** Appends the rows of `post`'s packed votes to `rows`. */
  #unpack(post: number, rows: object[]): void {
    const votes = this.#posts.get(post);
    if (votes === undefined) return;
    for (let i = 0; i < votes.length; i += 2) {
      rows.push({ post_id: post, voter_id: votes[i] as number, created_at: unpackTimestamp(votes[i + 1]!) });
    }
  }
}

/** A key as a row, to encode it the way the fallback table does. */
const row = (key: VoteKey): object => ({ post_id: key[0], voter_id: key[1] });
