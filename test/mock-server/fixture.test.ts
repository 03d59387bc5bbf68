/** Fixtures: an invalid one is refused at creation with the path of the offending field. */
import { describe, expect, it } from 'vitest';
import { createMockServer, type Fixture } from '../../mock-server/index.js';
import { isFeedbackBoardError } from '../../src/client/index.js';
import { FIXTURE, KEYS } from './helpers.js';

const thrown = (fixture: unknown): unknown => {
  try {
    createMockServer({ fixture: fixture as Fixture });
  } catch (error) {
    return error;
  }
  throw new Error('createMockServer accepted the fixture');
};

describe('fixture errors name their path', () => {
  it.each([
    {
      fixture: { organizations: [{ name: 'A', boards: [{ slug: 'ok', name: 'Ok', posts: [{ title: 'x' }, { title: 'y', status: 'done' }] }] }] },
      path: 'organizations.0.boards.0.posts.1.status',
    },
    { fixture: { organizations: [{ name: 'A', boards: [{ slug: 'Not A Slug', name: 'x' }] }] }, path: 'organizations.0.boards.0.slug' },
    { fixture: { organizations: [{ name: 'A', colour: 'red' }] }, path: 'organizations.0.colour' },
    {
      fixture: { organizations: [{ name: 'A', apiKeys: [{ key: 'same-key-0001', scope: 'read' }] }, { name: 'B', apiKeys: [{ key: 'same-key-0001', scope: 'write' }] }] },
      path: 'organizations.1.apiKeys.0.key',
    },
    { fixture: { organizations: [{ name: 'A', boards: [{ slug: 'b', name: 'B', posts: [{ title: 'x', votes: -1 }] }] }] }, path: 'organizations.0.boards.0.posts.0.votes' },
    { fixture: { boards: [] }, path: 'organizations' },
  ])('$path', ({ fixture, path }) => {
    const error = thrown(fixture);
    expect(isFeedbackBoardError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect((error as Error).message).toContain(`Invalid fixture at ${path}`);
    expect((error as { details: Array<{ path: string }> }).details.map((d) => d.path)).toContain(path);
  });
});

describe('a valid fixture', () => {
  it('loads with ids in document order, starting at 1', async () => {
    const mock = createMockServer({ fixture: FIXTURE });
    const loaded = await mock.loaded();
    expect(loaded.organizations.map((o) => [o.id, o.name])).toEqual([[1, 'Acme'], [2, 'Beta']]);
    expect(loaded.organizations[0]!.boards).toEqual([
      { id: 1, slug: 'features', postIds: [1, 2, 3, 4, 5, 6, 7] },
      { id: 2, slug: 'drafts', postIds: [] },
    ]);
    expect(loaded.organizations[0]!.apiKeys.map((k) => [k.key, k.scope])).toEqual([
      [KEYS.write, 'write'], [KEYS.propose, 'propose'], [KEYS.otherAgent, 'propose'], [KEYS.read, 'read'], [KEYS.team, 'team'],
    ]);
  });

  it("turns agent publishing on when the fixture says so", async () => {
    const mock = createMockServer({ fixture: { ...FIXTURE, agentPublishing: true } });
    expect((await mock.client(KEYS.write).boards.publish('drafts')).published).toBe(true);
  });
});
