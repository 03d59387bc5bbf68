/**
 * Finding the posts a pull request names: `#fb-<id>`, page URLs and API URLs of the
 * organization's own boards only, and the closing keywords GitHub reads before them.
 */
import { describe, expect, it } from 'vitest';
import { findPostReferences, MAX_REFERENCES, type PostReferenceContext } from '../../src/integrations/references.js';

const context: PostReferenceContext = {
  pages_url: 'https://feedback.example.com',
  api_url: 'https://feedback.example.com/api/v1',
  board_slugs: ['ideas', 'bugs'],
};

describe('findPostReferences', () => {
  it('reads #fb-<id> in any case, and nothing that merely contains it', () => {
    expect(findPostReferences('Adds dark mode (#fb-12) and #FB-7.', context)).toEqual([
      { post_id: 12, closes: false },
      { post_id: 7, closes: false },
    ]);
    for (const text of ['abc#fb-12', 'x/#fb-12', '#fb-12x', '#fb-12-b', '#fb-0', '#fb-012', '##fb-3', 'fb-12', '#fb-', '#fb-1234567890123456']) {
      expect({ text, found: findPostReferences(text, context) }).toEqual({ text, found: [] });
    }
  });

  it('reads the page and API URLs of the organization’s boards, with or without a query, fragment or trailing slash', () => {
    const text = [
      'See https://feedback.example.com/boards/ideas/posts/3.',
      'API: https://feedback.example.com/api/v1/boards/bugs/posts/4/',
      '(https://feedback.example.com/boards/ideas/posts/5?ref=x#comments)',
      '[link](https://feedback.example.com/boards/ideas/posts/6)',
    ].join('\n');
    expect(findPostReferences(text, context).map((reference) => reference.post_id)).toEqual([3, 4, 5, 6]);
  });

  it('ignores URLs of other origins, other boards, other paths and lookalike hosts', () => {
    const text = [
      'https://evil.example/boards/ideas/posts/3',
      'https://feedback.example.com.evil.example/boards/ideas/posts/3',
      'http://feedback.example.com/boards/ideas/posts/3',
      'https://feedback.example.com/boards/other/posts/3',
      'https://feedback.example.com/boards/ideas/posts/3/follow',
      'https://feedback.example.com/api/v2/boards/ideas/posts/3',
      'https://feedback.example.com/x/boards/ideas/posts/3',
    ].join(' ');
    expect(findPostReferences(text, context)).toEqual([]);
  });

  it('honours a base path of the pages', () => {
    const based = { ...context, pages_url: 'https://example.com/feedback/' };
    expect(findPostReferences('https://example.com/feedback/boards/ideas/posts/9 https://example.com/boards/ideas/posts/8', based)).toEqual([{ post_id: 9, closes: false }]);
  });

  it('reads every closing keyword GitHub reads, in any case, with an optional colon', () => {
    for (const keyword of ['close', 'closes', 'closed', 'fix', 'fixes', 'fixed', 'resolve', 'resolves', 'resolved', 'CLOSES', 'Fixes:']) {
      expect({ keyword, found: findPostReferences(`${keyword} #fb-4`, context) }).toEqual({ keyword, found: [{ post_id: 4, closes: true }] });
    }
    expect(findPostReferences('Resolves https://feedback.example.com/boards/bugs/posts/5', context)).toEqual([{ post_id: 5, closes: true }]);
  });

  it('does not read a keyword that is part of another word, or far from the reference', () => {
    for (const text of ['prefixes #fb-4', 'unfixed #fb-4', 'fixes the bug in #fb-4', 'closes\n#fb-4', 'hotfix #fb-4']) {
      expect({ text, found: findPostReferences(text, context) }).toEqual({ text, found: [{ post_id: 4, closes: false }] });
    }
  });

  it('needs the keyword before each reference, as GitHub does', () => {
    expect(findPostReferences('Fixes #fb-1, #fb-2 and fixes #fb-3', context)).toEqual([
      { post_id: 1, closes: true },
      { post_id: 2, closes: false },
      { post_id: 3, closes: true },
    ]);
  });

  it('names a post once, closing if any mention closes it', () => {
    expect(findPostReferences('#fb-2 … later: closes https://feedback.example.com/boards/ideas/posts/2', context)).toEqual([{ post_id: 2, closes: true }]);
  });

  it(`reads at most ${MAX_REFERENCES} posts, the first named`, () => {
    const text = Array.from({ length: 100 }, (_, i) => `#fb-${i + 1}`).join(' ');
    const found = findPostReferences(text, context);
    expect(found).toHaveLength(MAX_REFERENCES);
    expect(found[0]!.post_id).toBe(1);
    expect(found.at(-1)!.post_id).toBe(MAX_REFERENCES);
  });

  it('reads a long text of near-misses without being misled', () => {
    const text = `${'#fb-'.repeat(50_000)}${'https://feedback.example.com/'.repeat(5_000)}${'fixes '.repeat(20_000)}#fb-9`;
    expect(findPostReferences(text, context)).toEqual([{ post_id: 9, closes: true }]);
  });
});
