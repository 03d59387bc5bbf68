/** The core of similar posts: the word function, the candidate budget, the score and the ranking. */
import { describe, expect, it } from 'vitest';
import type { PostRecord } from '../../src/domain/records.js';
import {
  CANDIDATE_BUDGET,
  candidateWords,
  MAX_QUERY_WORDS,
  MIN_SIMILARITY,
  queryWords,
  rankSimilar,
  similarityScore,
} from '../../src/services/similarity.js';
import { stemWord, wordsOf } from '../../src/storage/words.js';
import { newPost } from '../../testing/fixtures.js';

const post = (id: number, title: string, vote_count = 0): PostRecord => ({ ...newPost(1, { title }), id, vote_count, comment_count: 0, status_label_id: 1, fields: null });

describe('wordsOf', () => {
  it('folds, splits on anything but letters and digits, drops short and stop words, stems, keeps first occurrences', () => {
    expect(wordsOf('Exporting boards to CSV')).toEqual(['export', 'board', 'csv']);
    expect(wordsOf('ÉCLAIR-éclairs; the 2FA & OAuth2 for iOS')).toEqual(['éclair', '2fa', 'oauth2', 'ios']);
    expect(wordsOf('a an to of is by')).toEqual([]);
    expect(wordsOf('Replies, replied, reply')).toEqual(['reply', 'repli']);
  });

  it('makes words inside Chinese and Japanese text: kanji pairs, katakana runs, no hiragana', () => {
    expect(wordsOf('ダークモードを追加してほしい')).toEqual(['ダークモード']);
    expect(wordsOf('全文検索がほしい')).toEqual(['全文', '文検', '検索']);
    expect(wordsOf('CSVエクスポート機能')).toEqual(['csv', 'エクスポート']);
    expect(wordsOf('色を変える')).toEqual(['色', '変']);
    // Stop words are cut out of a kanji run before it is paired: no 持导 from 支持导出.
    expect(wordsOf('希望支持导出为 CSV 文件')).toEqual(['导出', '出为', 'csv', '文件']);
    expect(wordsOf('希望增加深色模式')).toEqual(wordsOf('深色模式'));
    expect(wordsOf('𠮷野家の牛丼')).toEqual(['𠮷野', '野家', '牛丼']);
  });

  it('leaves out French and Portuguese words that say nothing about a request', () => {
    expect(wordsOf('Possibilité d’exporter les données pour Excel')).toEqual(['exporter', 'donné', 'excel']);
    expect(wordsOf('Adicionar modo escuro para o painel')).toEqual(['modo', 'escuro', 'painel']);
  });

  it('stems lightly and never below three characters', () => {
    expect(['themes', 'theme', 'loading', 'loaded', 'uses', 'class', 'status', 'analysis', 'ids', 'copies'].map(stemWord)).toEqual([
      'them', 'them', 'load', 'load', 'use', 'class', 'status', 'analysis', 'ids', 'copy',
    ]);
  });
});

describe('the candidate budget', () => {
  it('takes words rarest first, then in code-unit order, while their posts add up to the budget', () => {
    const counts = new Map([['b', 10], ['a', 10], ['rare', 1], ['none', 0], ['common', CANDIDATE_BUDGET + 1]]);
    expect(candidateWords(counts)).toEqual(['rare', 'a', 'b']);
    // y and z first (rarer); x would then pass the budget, and ends the choice.
    expect(candidateWords(new Map([['x', CANDIDATE_BUDGET - 5], ['y', 6], ['z', 7]]))).toEqual(['y', 'z']);
    expect(candidateWords(new Map([['x', CANDIDATE_BUDGET]]))).toEqual(['x']);
    expect(candidateWords(new Map([['only', CANDIDATE_BUDGET + 1]]))).toEqual([]);
  });

  it('looks up at most the first words of a long text', () => {
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(text)).toEqual(Array.from({ length: MAX_QUERY_WORDS }, (_, i) => `word${i}`));
  });
});

describe('the score', () => {
  const weights = new Map([['dark', 2], ['mod', 1], ['dashboard', 1]]);

  it('is 1 for the same words, 0 for none shared, and weighs rarer words more', () => {
    expect(similarityScore(weights, ['dark', 'mod', 'dashboard'])).toBe(1);
    expect(similarityScore(weights, ['light'])).toBe(0);
    expect(similarityScore(weights, ['dark', 'them'])).toBeGreaterThan(similarityScore(weights, ['mod', 'them']));
    expect(similarityScore(weights, ['dark'])).toBe(Math.round(Math.sqrt(2 / 4) * 10_000) / 10_000);
  });

  it('ranks by score, then vote_count desc, then id asc, and drops what is below the minimum', () => {
    const candidates = [post(5, 'Dark mode'), post(2, 'Dark mode', 3), post(9, 'Dark mode', 3), post(7, 'Dark dashboard mode')];
    const ranked = rankSimilar(weights, [...candidates, post(11, 'Mode of the slow reports page on phones')], 10);
    expect(ranked.map(({ post: p, score }) => [p.id, score])).toEqual([[7, 1], [2, 0.866], [9, 0.866], [5, 0.866]]);
    const low = similarityScore(weights, wordsOf('Mode of the slow reports page on phones'));
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(MIN_SIMILARITY);
    expect(rankSimilar(weights, candidates, 2).map(({ post: p }) => p.id)).toEqual([7, 2]);
  });
});
