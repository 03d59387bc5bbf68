/**
 * The words of a text, as the similar-posts index stores them and the query looks them up: one
 * function for both, so a word indexed is exactly a word a query can find (docs/similar-posts.md).
 *
 * A word is a run of letters and digits of the text folded with `foldCase`, at least
 * {@link MIN_WORD_LENGTH} characters long, not a stop word, then lightly stemmed (a plural, `-ing`,
 * `-ed` and a final `e` are taken off, never below three characters).
 *
 * Chinese and Japanese are written without spaces, so a run of them is no word: within it, each
 * pair of neighbouring Chinese characters (kanji) is a word, as is a kanji standing alone; a run of
 * katakana (a loanword: `ダークモード`) is one word; hiragana (particles and endings: `を`,
 * `してほしい`) are left out. Latin letters and digits in the run are words as above.
 */
import { foldCase } from './text.js';

/** The shortest run of letters and digits that counts as a word (before stemming). */
export const MIN_WORD_LENGTH = 3;

/**
 * Words of three or more letters that say nothing about what a post asks for (English, then French
 * and Portuguese, then Chinese and Japanese pairs); they are neither indexed nor looked up.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'the', 'and', 'for', 'with', 'not', 'but', 'you', 'your', 'can', 'are', 'was', 'were', 'this',
  'that', 'these', 'those', 'from', 'have', 'has', 'had', 'should', 'would', 'could', 'will',
  'please', 'add', 'allow', 'able', 'when', 'what', 'which', 'who', 'how', 'why', 'there', 'their',
  'they', 'them', 'then', 'than', 'into', 'its', 'all', 'any', 'some', 'more', 'our', 'out', 'get',
  'does', 'doesn', 'don', 'isn', 'won', 'cannot', 'just', 'like', 'also', 'way', 'want',
  'need', 'make', 'let', 'use', 'using', 'support', 'feature', 'option', 'new', 'about',
  // French and Portuguese (and the Spanish they share) that are no English words.
  'les', 'des', 'une', 'pour', 'dans', 'avec', 'aux', 'ces', 'qui', 'que', 'est', 'sont', 'peut',
  'tous', 'toutes', 'ajouter', 'possibilité', 'fonctionnalité', 'para', 'uma', 'com', 'por', 'dos',
  'das', 'não', 'mais', 'como', 'pelo', 'pela', 'seu', 'sua', 'adicionar', 'possibilidade',
  'funcionalidade', 'opção',
  // Chinese and Japanese for "support", "feature", "add", "hope", "can": cut out of kanji runs.
  '支持', '功能', '添加', '增加', '希望', '可以', '能够', '追加', '機能', '対応',
]);

/**
 * A character of the blocks Chinese and Japanese lie in (CJK radicals to Yi, compatibility
 * ideographs, half-width katakana, the supplementary ideographs' high surrogates): one cheap test
 * of a whole text, so that text without them takes the loop it always took.
 */
const MAYBE_UNSPACED = /[\u2e80-\ua4cf\uf900-\ufaff\uff66-\uff9f\ud840-\ud87f]/;

/** A run of kanji, of katakana (with the long-vowel mark `ー`), of hiragana, or of anything else. */
const UNSPACED_PARTS = /(\p{sc=Han}+)|([\p{sc=Katakana}ー]+)|\p{sc=Hiragana}+|([^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]+)/gu;

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
  const folded = foldCase(text);
  // Text without Chinese or Japanese takes the plain loop: every run is a word or nothing.
  const add = MAYBE_UNSPACED.test(folded) ? addUnspacedWords : addWord;
  for (const run of folded.split(NON_WORD)) add(run, words);
  return [...words];
}

/** Adds a run of letters and digits, stemmed, unless it is too short or a stop word. */
function addWord(run: string, words: Set<string>): void {
  if (run.length < MIN_WORD_LENGTH || STOP_WORDS.has(run)) return;
  words.add(stemWord(run));
}

/** Adds the words of a run that may hold Chinese or Japanese (see the file's comment). */
function addUnspacedWords(run: string, words: Set<string>): void {
  for (const [, kanji, katakana, other] of run.matchAll(UNSPACED_PARTS)) {
    if (kanji !== undefined) addKanjiWords([...kanji], words);
    else if (katakana !== undefined) {
      if (katakana.length > 1) words.add(katakana);
    } else if (other !== undefined) addWord(other, words);
  }
}

/**
 * Adds the pairs of neighbouring characters of a kanji run, the stop words cut out first (so
 * `支持导出` gives `导出`, not `持导`); a run of one kanji is a word itself.
 */
function addKanjiWords(characters: string[], words: Set<string>): void {
  if (characters.length === 1) {
    words.add(characters[0]!);
    return;
  }
  let previous = '';
  for (let i = 0; i < characters.length; i++) {
    const character = characters[i]!;
    const next = characters[i + 1];
    if (next !== undefined && STOP_WORDS.has(character + next)) {
      previous = '';
      i++;
      continue;
    }
    if (previous !== '') words.add(previous + character);
    previous = character;
  }
}
