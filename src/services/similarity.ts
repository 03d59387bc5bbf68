/**
 * How similar posts are chosen and ranked: the one rule every storage follows. Storages only find
 * candidates through their word indexes ({@link PostsTx.countPostsByWord},
 * {@link PostsTx.listPostsByWords}); which words are looked up, and how candidates score, is
 * decided here, so every adapter gives the same answer (docs/similar-posts.md).
 */
import type { PostRecord } from '../domain/records.js';
import type { PostsTx } from '../storage/contract/posts.js';
import { wordsOf } from '../storage/words.js';

/** At most this many distinct words of the query text are looked up: the first ones of the text. */
export const MAX_QUERY_WORDS = 24;

/**
 * The candidate budget: the query's words are taken rarest first while the posts they are on add
 * up to at most this many, so a common word on a large board never makes the query read many
 * posts. Each word's count is asked for up to one more than this ({@link PostsTx.countPostsByWord}).
 */
export const CANDIDATE_BUDGET = 400;

/** The lowest score returned: below it a post shares too little with the text to be worth showing. */
export const MIN_SIMILARITY = 0.3;

/** The words of a similar-posts query: the distinct words of the text, at most {@link MAX_QUERY_WORDS}. */
export function queryWords(text: string): string[] {
  return wordsOf(text).slice(0, MAX_QUERY_WORDS);
}

/**
 * The words whose posts are the candidates: the words found on the board, rarest first (then in
 * code-unit order), while their post counts add up to at most {@link CANDIDATE_BUDGET}. A word past
 * the budget ends the choice: every word after it is at least as common.
 */
export function candidateWords(counts: ReadonlyMap<string, number>): string[] {
  const found = [...counts].filter(([, count]) => count > 0);
  found.sort(([a, ac], [b, bc]) => ac - bc || (a < b ? -1 : a > b ? 1 : 0));
  const chosen: string[] = [];
  let total = 0;
  for (const [word, count] of found) {
    if (total + count > CANDIDATE_BUDGET) break;
    total += count;
    chosen.push(word);
  }
  return chosen;
}

/**
 * How much a word tells: rarer words on the board weigh more. `count` is the word's post count as
 * {@link PostsTx.countPostsByWord} gives it (capped), `boardPosts` the board's posts, hidden included.
 */
export function wordWeight(count: number, boardPosts: number): number {
  return Math.log(1 + (boardPosts + 1) / (count + 1));
}

/**
 * The similarity of a post's title words to the query's words, in [0, 1]: the geometric mean of
 * the share of the query's weight the post covers and the share of the post's words the query
 * names, rounded to four decimals. 1 when both have the same words; 0 when they share none.
 */
export function similarityScore(weights: ReadonlyMap<string, number>, postWords: readonly string[]): number {
  let total = 0;
  for (const weight of weights.values()) total += weight;
  let covered = 0;
  let shared = 0;
  for (const word of postWords) {
    const weight = weights.get(word);
    if (weight === undefined) continue;
    covered += weight;
    shared++;
  }
  if (shared === 0 || total === 0) return 0;
  return Math.round(Math.sqrt((covered / total) * (shared / postWords.length)) * 10_000) / 10_000;
}

/** A post with its score. */
export interface ScoredPost {
  post: PostRecord;
  score: number;
}

/**
 * The candidates at or above {@link MIN_SIMILARITY}, best first: score desc, then vote_count desc,
 * then id asc; at most `limit`.
 */
export function rankSimilar(weights: ReadonlyMap<string, number>, candidates: readonly PostRecord[], limit: number): ScoredPost[] {
  const scored: ScoredPost[] = [];
  for (const post of candidates) {
    const score = similarityScore(weights, wordsOf(post.title));
    if (score >= MIN_SIMILARITY) scored.push({ post, score });
  }
  scored.sort((a, b) => b.score - a.score || b.post.vote_count - a.post.vote_count || a.post.id - b.post.id);
  return scored.slice(0, limit);
}

/**
 * Similar posts of a board for a text, through the storage's word index: the whole rule, the same
 * for every storage. Hidden posts are never among them (the storage lists only listed posts).
 */
export async function findSimilar(tx: PostsTx, boardId: number, text: string, limit: number): Promise<ScoredPost[]> {
  const words = queryWords(text);
  if (words.length === 0) return [];
  const counts = await tx.countPostsByWord(boardId, words, CANDIDATE_BUDGET + 1);
  const chosen = candidateWords(counts);
  if (chosen.length === 0) return [];
  const boardPosts = await tx.countPosts(boardId);
  const weights = new Map(words.map((word) => [word, wordWeight(counts.get(word) ?? 0, boardPosts)]));
  return rankSimilar(weights, await tx.listPostsByWords(boardId, chosen), limit);
}
