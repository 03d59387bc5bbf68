/**
 * The words of a text, as the similar-posts index stores them and the query looks them up: one
 * function for both, so a word indexed is exactly a word a query can find (docs/similar-posts.md).
 *
 * A word is a run of letters and digits of the text folded with `foldCase`, at least
 * {@link MIN_WORD_LENGTH} characters long, not a stop word, then lightly stemmed (a plural, `-ing`,
 * `-ed` and a final `e` are taken off, never below three characters).
 */
import { foldCase } from './text.js';

/** The shortest run of letters and digits that counts as a word (before stemming). */
export const MIN_WORD_LENGTH = 3;

/**
 * English words of three or more letters that say nothing about what a post asks for; they are
 * neither indexed nor looked up.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'the', 'and', 'for', 'with', 'not', 'but', 'you', 'your', 'can', 'are', 'was', 'were', 'this',
  'that', 'these', 'those', 'from', 'have', 'has', 'had', 'should', 'would', 'could', 'will',
  'please', 'add', 'allow', 'able', 'when', 'what', 'which', 'who', 'how', 'why', 'there', 'their',
  'they', 'them', 'then', 'than', 'into', 'its', 'all', 'any', 'some', 'more', 'our', 'out', 'get',
  'does', 'doesn', 'don', 'isn', 'won', 'cannot', 'just', 'like', 'also', 'way', 'want',
  'need', 'make', 'let', 'use', 'using', 'support', 'feature', 'option', 'new', 'about',
]);

const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Takes a plural, `-ing`, `-ed`, then a final `e` off a folded word, keeping at least three characters. */
export function stemWord(word: string): string {
  let stem = word;
  if (stem.length >= 5 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length >= 6 && stem.endsWith('ing')) stem = stem.slice(0, -3);
  else if (stem.length >= 5 && stem.endsWith('ed')) stem = stem.slice(0, -2);
  else if (stem.length >= 4 && stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length >= 4 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/**
 * The distinct words of a text, in the order they first occur: what a post's title is indexed
 * under, and what a similar-posts query looks up.
 *
 * @example
 * ```ts
 * wordsOf('Exporting boards to CSV'); // ['export', 'board', 'csv']
 * ```
 */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const run of foldCase(text).split(NON_WORD)) {
    if (run.length < MIN_WORD_LENGTH || STOP_WORDS.has(run)) continue;
    words.add(stemWord(run));
  }
  return [...words];
}
