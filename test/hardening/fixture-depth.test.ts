/** Fixtures nested past every sensible depth are refused with the path of the problem (CONTRACT section 11). */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { MAX_REPLY_DEPTH } from '../../src/domain/limits.js';
import { parseFixture } from '../../src/fixture/load.js';
import { snapshot } from '../helpers/state.js';

function chain(depth: number): Record<string, unknown> {
  let comment: Record<string, unknown> = { body: `d${depth}` };
  for (let d = depth - 1; d >= 0; d--) comment = { body: `d${d}`, replies: [comment] };
  return comment;
}

const fixtureWith = (comment: unknown) => ({
  organizations: [{ name: 'Acme', boards: [{ slug: 'features', name: 'F', posts: [{ title: 'T', comments: [comment] }] }] }],
});

const base = 'organizations.0.boards.0.posts.0.comments.0';

function caught(fn: () => unknown): any {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('deeply nested fixtures', () => {
  it(`loads replies ${MAX_REPLY_DEPTH} levels deep`, async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    await board.loadFixture(fixtureWith(chain(MAX_REPLY_DEPTH)));
    const count = await board.storage.transaction('read', async (tx) => (await tx.listComments(1)).length);
    expect(count).toBe(MAX_REPLY_DEPTH + 1);
  });

  it('refuses replies one level deeper, naming the path of the reply', () => {
    const error = caught(() => parseFixture(fixtureWith(chain(MAX_REPLY_DEPTH + 1))));
    expect(error.code).toBe('validation_error');
    const path = `${base}${'.replies.0'.repeat(MAX_REPLY_DEPTH + 1)}`;
    expect(error.details[0].path).toBe(path);
    expect(error.message).toContain(`Invalid fixture at ${path}`);
    expect(error.message).toContain(String(MAX_REPLY_DEPTH));
  });

  it('refuses a chain of 20,000 replies with a message naming the path, not a stack overflow', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    const before = await snapshot(board);
    const error = await board.loadFixture(fixtureWith(chain(20_000))).then(() => null, (e: unknown) => e as any);
    expect(error?.code).toBe('validation_error');
    expect(error.details[0].path.startsWith(`${base}.replies.0.replies.0`)).toBe(true);
    expect(error.message).not.toMatch(/call stack/i);
    expect(await snapshot(board)).toEqual(before);
  });

  it('refuses any JSON nested 100,000 levels deep, wherever it is, naming its path', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const error = caught(() =>
      parseFixture({ organizations: [{ name: 'Acme', boards: [{ slug: 'features', name: 'F', posts: [{ title: 'T', votes: deep }] }] }] }),
    );
    expect(error.code).toBe('validation_error');
    expect(error.details[0].path.startsWith('organizations.0.boards.0.posts.0.votes.0.0')).toBe(true);
    expect(error.message).not.toMatch(/call stack/i);
  });
});
