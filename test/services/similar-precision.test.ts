/**
 * The similar-posts ranking on a labelled set (similar-pairs.json): each query is a new post's
 * title worded differently from the existing post it duplicates. The board holds every match and
 * the distractors. Precision at 1 is the share of queries whose first answer is their match;
 * precision at 5, the share whose match is among the first five answers (each query has exactly
 * one right answer). The floors are what the rule reaches today (docs/similar-posts.md), so a
 * change that ranks worse fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { findSimilar } from '../../src/services/similarity.js';
import { newPost, seedBoard } from '../../testing/fixtures.js';

interface LabelledSet {
  pairs: { query: string; match: string }[];
  distractors: string[];
}

const labelled = JSON.parse(readFileSync(new URL('./similar-pairs.json', import.meta.url), 'utf8')) as LabelledSet;

async function precision(set: LabelledSet = labelled): Promise<{ at1: number; at5: number; queries: number }> {
  const storage = createMemoryStorage();
  const titles = [...set.pairs.map((pair) => pair.match), ...set.distractors];
  const boardId = await storage.transaction('write', async (tx) => {
    const { board } = await seedBoard(tx);
    for (const title of titles) await tx.insertPost(newPost(board.id, { title }));
    return board.id;
  });
  let at1 = 0;
  let at5 = 0;
  for (const [i, pair] of set.pairs.entries()) {
    const found = await storage.transaction('read', (tx) => findSimilar(tx, boardId, pair.query, 5));
    const rank = found.findIndex(({ post }) => post.id === i + 1);
    if (rank === 0) at1++;
    if (rank >= 0) at5++;
  }
  await storage.close();
  return { at1: at1 / set.pairs.length, at5: at5 / set.pairs.length, queries: set.pairs.length };
}

describe('similar posts on the labelled set', () => {
  it('holds at least 50 pairs, every match a distinct title', () => {
    expect(labelled.pairs.length).toBeGreaterThanOrEqual(50);
    expect(new Set(labelled.pairs.map((pair) => pair.match)).size).toBe(labelled.pairs.length);
  });

  it('ranks the duplicate first for most queries, and among the first five for more', async () => {
    const result = await precision();
    // Reached: 46 of 55 at 1 (0.836), 49 of 55 at 5 (0.891).
    expect(result.at1).toBeGreaterThanOrEqual(0.83);
    expect(result.at5).toBeGreaterThanOrEqual(0.89);
  });
});

const languages = JSON.parse(readFileSync(new URL('./similar-pairs-languages.json', import.meta.url), 'utf8')) as Record<'ja' | 'zh' | 'fr' | 'pt', LabelledSet>;

describe('similar posts in Japanese, Chinese, French and Portuguese', () => {
  // Japanese and Chinese are written without spaces: without words made inside a run of them, a
  // title is one "word" and only an identical title is found. Reached: Japanese 11 of 12 (a
  // katakana compound, パスワードリセット, is not パスワード リセット), Chinese 12 of 12, French 10
  // of 10, Portuguese 9 of 10 (redefinir is not redefinição), each the same at 1 and at 5.
  it.each([
    ['ja', 11, 11],
    ['zh', 12, 12],
    ['fr', 10, 10],
    ['pt', 9, 9],
  ] as const)('%s: the duplicate first for at least %i queries, among the first five for %i', async (language, firstFloor, fiveFloor) => {
    const result = await precision(languages[language]);
    expect(result.queries).toBe(languages[language].pairs.length);
    expect(Math.round(result.at1 * result.queries)).toBeGreaterThanOrEqual(firstFloor);
    expect(Math.round(result.at5 * result.queries)).toBeGreaterThanOrEqual(fiveFloor);
  });
});
