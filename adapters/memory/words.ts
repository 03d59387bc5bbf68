/**
 * The `post_words` table (the similar-posts index), packed. A post has a row per distinct word of
 * its title, so a board holds a few word rows per post. As one object per row, keyed by a JSON
 * string and indexed twice by more JSON strings, a word row cost about 270 bytes: a third of the
 * memory a post took. Here each board keeps, per word, the ascending ids of the posts whose
 * title holds it (the `by_board_word` index itself, about 8 bytes a row), and each post its
 * `[board, word, board, word, ...]` pairs (the `by_post` index, 16 bytes a row), every copy of a
 * word being the one string its board's entry holds. Rows are built when read.
 *
 * Only rows of exactly the usual shape are packed: `{ board_id, word, post_id }` in that order,
 * numeric ids (not -0) and a string word. Any other row goes to an ordinary {@link MemoryTable},
 * so every row reads back exactly as it was put.
 */
import { DenseMap } from './dense-map.js';
import { isKeyPart, MemoryTable, type StoredTable } from './tables.js';

/** A word row's primary key: `[board_id, word, post_id]`. */
export type WordKey = readonly [string | number, string | number, string | number];

/** The posts of a board whose titles hold `word`, ascending (never empty). */
interface WordEntry {
  readonly word: string;
  posts: number[];
}

/** `[board, word, board, word, ...]`: the packed rows of one post (never empty). */
type PostWords = (number | string)[];

const FIELDS = ['board_id', 'word', 'post_id'];

/** Numeric ids that a Map keeps apart from every other key and an array holds exactly. */
const packableId = (value: unknown): value is number =>
  typeof value === 'number' && !Number.isNaN(value) && !Object.is(value, -0);

/** True for a row of exactly the fields `board_id`, `word`, `post_id`, in that order. */
function isPackable(row: Record<string, unknown>): boolean {
  let i = 0;
  for (const field in row) {
    if (field !== FIELDS[i++] || !Object.prototype.hasOwnProperty.call(row, field)) return false;
  }
  return i === 3 && packableId(row.board_id) && typeof row.word === 'string' && packableId(row.post_id);
}

/** Where `id` is in the ascending `ids`, or `-(insertion point) - 1`. */
function search(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at < id) low = mid + 1;
    else if (at > id) high = mid - 1;
    else return mid;
  }
  return -low - 1;
}

/**
 * Below this many posts, a word's list is copied to exactly the needed length on insert: growing
 * in place reserves half again plus 16 slots, which for the few posts of most words is most of
 * their size. A word of many posts (a word of every title) grows in place, or inserting a
 * board's posts one by one would copy its list once per post.
 */
const EXACT_LIMIT = 64;

/** `values` with `added` at `at`, in a new array of exactly the needed length. */
function insertedAt<T>(values: readonly T[], at: number, ...added: T[]): T[] {
  const next = new Array<T>(values.length + added.length);
  for (let i = 0; i < at; i++) next[i] = values[i]!;
  for (let i = 0; i < added.length; i++) next[at + i] = added[i]!;
  for (let i = at; i < values.length; i++) next[i + added.length] = values[i]!;
  return next;
}

const rowOf = (board: number, word: string, post: number) => ({ board_id: board, word, post_id: post });

/** The post_words table: packed rows per board and word, and a plain table for rows of another shape. */
export class WordTable implements StoredTable<WordKey> {
  /** board id -> word -> its entry. */
  readonly #boards = new Map<number, Map<string, WordEntry>>();
  /** post id -> its packed rows. */
  readonly #posts = new DenseMap<PostWords>();
  /** Rows that are not of the packed shape. */
  readonly #other = new MemoryTable('post_words');

  /** No copy here: {@link set} packs the row's fields, or copies a row it cannot pack. */
  copy(row: object): object {
    return row;
  }

  encode(key: unknown): WordKey | undefined {
    if (!Array.isArray(key) || key.length !== 3) return undefined;
    const [board, word, post] = key as unknown[];
    return isKeyPart(board) && isKeyPart(word) && isKeyPart(post) ? [board, word, post] : undefined;
  }

  primaryKeyOf(row: object): WordKey {
    const fields = row as Record<string, unknown>;
    const key = this.encode([fields.board_id, fields.word, fields.post_id]);
    if (key === undefined) throw new Error('storage: a row is missing its primary key');
    return key;
  }

  #entry(board: unknown, word: unknown): WordEntry | undefined {
    return packableId(board) && typeof word === 'string' ? this.#boards.get(board)?.get(word) : undefined;
  }

  get(key: WordKey): object | undefined {
    const [board, word, post] = key;
    const entry = this.#entry(board, word);
    if (entry !== undefined && packableId(post) && search(entry.posts, post) >= 0) return rowOf(board as number, entry.word, post);
    return this.#other.get(this.#other.primaryKeyOf(plainRow(key)));
  }

  set(key: WordKey, value: object): object | undefined {
    const previous = this.remove(key);
    const fields = value as Record<string, unknown>;
    if (!isPackable(fields)) {
      this.#other.set(this.#other.primaryKeyOf(value), this.#other.copy(value));
      return previous;
    }
    const board = fields.board_id as number;
    const post = fields.post_id as number;
    let words = this.#boards.get(board);
    if (words === undefined) this.#boards.set(board, (words = new Map()));
    let entry = words.get(fields.word as string);
    if (entry === undefined) words.set(fields.word as string, (entry = { word: fields.word as string, posts: [post] }));
    else {
      const at = -search(entry.posts, post) - 1;
      if (entry.posts.length < EXACT_LIMIT) entry.posts = insertedAt(entry.posts, at, post);
      else if (at === entry.posts.length) entry.posts.push(post);
      else entry.posts.splice(at, 0, post);
    }
    const packed = this.#posts.get(post);
    this.#posts.set(post, packed === undefined ? [board, entry.word] : insertedAt(packed, packed.length, board, entry.word));
    return previous;
  }

  remove(key: WordKey): object | undefined {
    const [board, word, post] = key;
    const entry = this.#entry(board, word);
    const at = entry === undefined || !packableId(post) ? -1 : search(entry.posts, post);
    if (at < 0) return this.#other.remove(this.#other.primaryKeyOf(plainRow(key)));
    const removed = rowOf(board as number, entry!.word, post as number);
    if (entry!.posts.length === 1) {
      const words = this.#boards.get(board as number)!;
      words.delete(entry!.word);
      if (words.size === 0) this.#boards.delete(board as number);
    } else entry!.posts.splice(at, 1);
    const packed = this.#posts.get(post as number)!;
    if (packed.length === 2) this.#posts.delete(post as number);
    else {
      for (let i = 0; i < packed.length; i += 2) {
        if (packed[i] === board && packed[i + 1] === entry!.word) {
          packed.splice(i, 2);
          break;
        }
      }
    }
    return removed;
  }

  all(): object[] {
    const rows: object[] = [];
    for (const [post, packed] of this.#posts.entries()) this.#unpack(post as number, packed, rows);
    rows.push(...this.#other.all());
    return rows;
  }

  lookup(indexName: string, value: unknown): object[] {
    const rows: object[] = [];
    if (indexName === 'by_post' && packableId(value)) {
      const packed = this.#posts.get(value);
      if (packed !== undefined) this.#unpack(value, packed, rows);
    } else if (indexName === 'by_board_word' && Array.isArray(value) && value.length === 2) {
      const entry = this.#entry(value[0], value[1]);
      for (const post of entry?.posts ?? []) rows.push(rowOf(value[0] as number, entry!.word, post));
    }
    rows.push(...this.#other.lookup(indexName, value));
    return rows;
  }

  /** Appends the rows of `post`'s packed words to `rows`. */
  #unpack(post: number, packed: PostWords, rows: object[]): void {
    for (let i = 0; i < packed.length; i += 2) rows.push(rowOf(packed[i] as number, packed[i + 1] as string, post));
  }
}

/** A key as a row, to encode it the way the fallback table does. */
const plainRow = (key: WordKey): object => ({ board_id: key[0], word: key[1], post_id: key[2] });
