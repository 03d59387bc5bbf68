/**
 * Similar posts through the storage's word index: on a generated board of 2,000 posts (repeated
 * titles, so scores tie; votes, so ties are broken; hidden, retitled and deleted posts; a word on
 * more posts than the candidate budget), every query must give exactly the answer of the memory
 * storage, the reference implementation, word counts and candidates included.
 */
import { createMemoryStorage } from '../adapters/memory/index.js';
import { CANDIDATE_BUDGET, findSimilar, queryWords } from '../src/services/similarity.js';
import type { StorageTx } from '../src/storage/contract.js';
import { at, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** Words of the generated titles: the first is on about a third of the posts (past the budget). */
const VOCABULARY = [
  'dashboard', 'export', 'import', 'csv', 'report', 'dark', 'mode', 'theme', 'mobile', 'app', 'login', 'password',
  'reset', 'email', 'notification', 'digest', 'slack', 'integration', 'webhook', 'api', 'token', 'search', 'filter',
  'tag', 'roadmap', 'changelog', 'comment', 'reply', 'vote', 'sso', 'saml', 'calendar', 'sync', 'offline', 'keyboard',
  'shortcut', 'upload', 'image', 'attachment', 'markdown', 'editor', 'language', 'translation', 'billing', 'invoice',
];

/** A seeded xorshift generator: the same corpus on every target. */
function generator(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

/** 2,000 titles: every fifth repeats an earlier one exactly (equal scores), the rest draw 2–5 words. */
function titles(count: number): string[] {
  const random = generator(2000);
  const pick = () => VOCABULARY[Math.floor(random() ** 1.6 * VOCABULARY.length)]!;
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 5 === 4) {
      made.push(made[Math.floor(random() * made.length)]!);
      continue;
    }
    const words = [random() < 0.33 ? 'Dashboard' : pick()];
    const length = 2 + Math.floor(random() * 4);
    while (words.length < length) words.push(pick());
    made.push(`${words.join(' ')} ${i % 7 === 0 ? 'please!' : ''}`.trim());
  }
  return made;
}

/** The board of the corpus, built the same way on any storage. */
async function buildCorpus(tx: StorageTx): Promise<number> {
  const { organization, board } = await seedBoard(tx);
  const voters = await seedVoters(tx, organization.id, 3);
  for (const [i, title] of titles(2000).entries()) {
    const post = await tx.insertPost(newPost(board.id, { title, created_at: at(i % 50) }));
    for (const voter of voters.slice(0, i % 4)) await tx.insertVote({ post_id: post.id, voter_id: voter.id, created_at: at(i % 50) });
    if (i % 37 === 0) await tx.updatePost(post.id, { hidden: true });
    if (i % 101 === 0) await tx.updatePost(post.id, { title: `Retitled ${VOCABULARY[i % VOCABULARY.length]} ${title}` });
    if (i % 211 === 0) await tx.deletePost(post.id);
  }
  return board.id;
}

/** Query texts: corpus titles, their words reordered, single words, the common word alone. */
function queries(): string[] {
  const corpus = titles(2000);
  const texts: string[] = ['dashboard', 'dashboard export', 'Exporting reports', 'dark themes on mobile', 'nothing here at all'];
  for (let i = 3; i < corpus.length; i += 97) texts.push(corpus[i]!, corpus[i]!.split(' ').reverse().join(' '));
  return texts;
}

export function similarTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('similar posts', () => {
    ctx.test(
      'on 2,000 generated posts, word counts, candidates and ranked answers equal the reference implementation',
      async () => {
        const reference = createMemoryStorage();
        try {
          const boardId = await ctx.write(buildCorpus);
          await reference.transaction('write', buildCorpus);
          let tied = 0;
          for (const text of queries()) {
            const words = queryWords(text);
            const read = async (tx: StorageTx) => {
              const counts = await tx.countPostsByWord(boardId, words, CANDIDATE_BUDGET + 1);
              const candidates = (await tx.listPostsByWords(boardId, words.slice(0, 2))).map((post) => post.id);
              const found = (await findSimilar(tx, boardId, text, 20)).map(({ post, score }) => [post.id, post.vote_count, score]);
              return { text, counts: [...counts].sort(), candidates, found };
            };
            const expected = await reference.transaction('read', read);
            expect(await ctx.read(read)).toEqual(expected);
            tied += expected.found.filter((row, i) => i > 0 && row[2] === expected.found[i - 1]![2]).length;
          }
          // The corpus does exercise the tie-break and the budget.
          expect(tied).toBeGreaterThan(10);
          const common = await reference.transaction('read', (tx) => tx.countPostsByWord(boardId, ['dashboard'], CANDIDATE_BUDGET + 1));
          expect(common.get('dashboard')).toBe(CANDIDATE_BUDGET + 1);
        } finally {
          await reference.close();
        }
      },
      120_000,
    );

    ctx.test('the word index never lists hidden posts, counts them, and follows titles and deletes', async () => {
      const boardId = await ctx.write(async (tx) => {
        const { board } = await seedBoard(tx);
        await tx.insertPost(newPost(board.id, { title: 'Dark mode' }));
        await tx.insertPost(newPost(board.id, { title: 'Dark themes', hidden: true }));
        await tx.insertPost(newPost(board.id, { title: 'Light mode' }));
        await tx.updatePost(3, { title: 'Darker modes' });
        await tx.insertPost(newPost(board.id, { title: 'dark dark DARK' }));
        await tx.deletePost(4);
        return board.id;
      });
      // The words as the index stores them: 'mode' and 'modes' are 'mod', 'themes' is 'them'.
      expect(queryWords('dark mode light darker themes')).toEqual(['dark', 'mod', 'light', 'darker', 'them']);
      const { counts, listed } = await ctx.read(async (tx) => ({
        counts: [...(await tx.countPostsByWord(boardId, ['dark', 'mod', 'light', 'darker', 'them'], 2))].sort(),
        listed: (await tx.listPostsByWords(boardId, ['dark', 'darker', 'them'])).map((post) => post.id),
      }));
      expect(counts).toEqual([['dark', 2], ['darker', 1], ['light', 0], ['mod', 2], ['them', 1]]);
      expect(listed).toEqual([1, 3]);
      expect(await ctx.read((tx) => tx.listPostsByWords(boardId + 1, ['dark']))).toEqual([]);
    });
  });
}
