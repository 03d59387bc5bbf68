/**
 * @mentions queue a `mention` event in the follower-mail queue for team members and for voters who
 * took part in the post (author, voters, commenters), named by name without spaces or by address;
 * never for anyone else, the writer, an unsubscribed address, or when the `reply` mail is off; an
 * edit mails only the newly mentioned.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { mentionHandles } from '../../src/services/mentions.js';
import { createHarness, T0 } from '../helpers/harness.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function setup() {
  const storage = createMemoryStorage();
  const h = await createHarness({ storage });
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode' });
  const voter = (email: string, name: string) => h.board.voters.register(h.a.id, { email, name });
  const [ann, bob, cy, dee, eve] = [
    await voter('ann@example.com', 'Ann Lee'),
    await voter('bob@example.com', 'Bob'),
    await voter('cy@example.com', 'Cy'),
    await voter('dee@example.com', 'Dee'),
    await voter('eve@example.com', 'Eve'),
  ];
  await h.board.voters.vote(ann!.id, post.id);
  await h.board.voters.comment(bob!.id, post.id, { body: 'Me too' });
  await h.board.voters.unfollow(bob!.id, post.id);
  const mate = await h.board.team(h.a.id).members.add({ email: 'mate@acme.test', name: 'Mate Jones' });
  const queued = async (email: string) =>
    storage.transaction('read', async (tx) => {
      const v = await tx.getVoterByEmail(h.a.id, email);
      const row = v && (await tx.getMailQueueRow(v.id, post.id));
      return row?.events.map((e) => JSON.parse(e) as Record<string, unknown>) ?? null;
    });
  return { ...h, storage, post, ann: ann!, bob: bob!, cy: cy!, dee: dee!, eve: eve!, mate, queued };
}

describe('@mentions', () => {
  it('reads handles after a start or a space, without trailing punctuation, folded', () => {
    expect([...mentionHandles('@AnnLee, thanks @bob. Mail me@example.com or @Cy@Example.com; x@y @-no')]).toEqual([
      'annlee',
      'bob',
      'cy@example.com',
    ]);
  });

  it('mails the mentioned team member and participants (by name or address), not others, not the writer', async () => {
    const h = await setup();
    h.clock.advance(1000);
    const comment = await h.board.voters.comment(h.cy.id, h.post.id, {
      body: 'Ping @annlee and @BOB@example.com and @MateJones; @Dee never took part; @Cy is me',
    });
    const event = { kind: 'mention', comment_id: comment.id, at: iso(T0 + 1000) };
    expect(await h.queued('ann@example.com')).toEqual([event]);
    expect(await h.queued('bob@example.com')).toEqual([event]);
    expect(await h.queued('mate@acme.test')).toEqual([event]);
    expect(await h.queued('dee@example.com')).toBeNull();
    expect(await h.queued('cy@example.com')).toBeNull();
  });

  it('a team comment mentions a voter who wrote a comment; an edit mails only the newly mentioned', async () => {
    const h = await setup();
    const r = await h.req('POST', `/boards/features/posts/${h.post.id}/comments`, { body: { body: 'Thanks @Bob' } });
    expect(await h.queued('bob@example.com')).toEqual([expect.objectContaining({ kind: 'mention', comment_id: r.json.id })]);
    h.clock.advance(1000);
    await h.req('PATCH', `/boards/features/posts/${h.post.id}/comments/${r.json.id}`, { body: { body: 'Thanks @Bob and @AnnLee' } });
    expect(await h.queued('bob@example.com')).toHaveLength(1);
    // Ann follows the post (she voted): the team comment and the later mention wait in one row, for one mail.
    expect(await h.queued('ann@example.com')).toEqual([
      { kind: 'team_comment', comment_id: r.json.id, at: iso(T0) },
      { kind: 'mention', comment_id: r.json.id, at: iso(T0 + 1000) },
    ]);
  });

  it('nothing for an unsubscribed address, or when the reply mail is off', async () => {
    const h = await setup();
    const board = await h.storage.transaction('read', (tx) => tx.getBoardBySlug(h.a.id, 'features'));
    await h.storage.transaction('write', (tx) =>
      tx.putMailUnsubscribe({ board_id: board!.id, address: 'ann@example.com', post_id: h.post.id, created_at: iso(T0) }),
    );
    await h.board.voters.comment(h.cy.id, h.post.id, { body: '@AnnLee' });
    expect(await h.queued('ann@example.com')).toBeNull();
    await h.req('PATCH', '/mail-settings', { key: h.a.keys.team, body: { reply: false } });
    await h.board.voters.comment(h.cy.id, h.post.id, { body: '@Bob' });
    expect(await h.queued('bob@example.com')).toBeNull();
  });
});
