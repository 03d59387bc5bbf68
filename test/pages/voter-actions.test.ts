/**
 * A voter's standing on the post page over HTTP: following and unfollowing, a blocked voter whose
 * every attempt changes nothing and says why, the comment limit's wait, and a hostile submitted
 * title shown as text on every page it appears.
 */
import { describe, expect, it } from 'vitest';
import { Client, HOSTILE, setupPages, signInTeam, signInVoter } from './helpers.js';

describe('voter actions on the post page', () => {
  it('follows, unfollows and follows again, the button showing the voter\'s state', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    const post = `/boards/features/posts/${setup.ids.open}`;
    expect((await client.get(post)).text).not.toContain('/follow"');
    // A visitor is led to sign-in; a hidden post cannot be followed.
    await client.get('/boards/features');
    expect((await client.post(`${post}/follow`, { action: 'follow' })).location).toBe(`/sign-in?next=${encodeURIComponent(post)}&notice=sign_in_to_vote`);
    await signInVoter(setup, client, 'fan@example.com');
    expect((await client.post(`/boards/features/posts/${setup.ids.hidden}/follow`, { action: 'follow' })).status).toBe(404);
    const voter = (await setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, 'fan@example.com')))!;
    expect((await client.get(post)).text).toMatch(/name="action" value="follow"/);
    for (const [action, following, button] of [
      ['follow', true, 'Unfollow'],
      ['unfollow', false, 'Follow'],
      ['follow', true, 'Unfollow'],
    ] as const) {
      const answer = await client.post(`${post}/follow`, { action });
      expect(answer.location).toBe(`${post}?notice=${action}ed`);
      expect(await setup.board.voters.isFollowing(voter.id, setup.ids.open)).toBe(following);
      expect((await client.get(answer.location!)).text).toContain(`>${button}</button>`);
    }
    expect((await client.post(`${post}/follow`, { action: 'bogus' })).location).toBe(`${post}?notice=invalid`);
    expect(await setup.board.voters.isFollowing(voter.id, setup.ids.open)).toBe(true);
    expect((await client.post(`${post}/follow`, { action: 'unfollow' }, { csrf: '' })).status).toBe(403);
    expect(await setup.board.voters.isFollowing(voter.id, setup.ids.open)).toBe(true);
  });

  it('a blocked voter\'s submit, vote, comment and react change nothing and show the message', async () => {
    const setup = await setupPages();
    const team = setup.board.team(setup.orgId);
    const comment = await team.comments.create(setup.ids.open, { body: 'We are looking into it.' });
    const client = new Client(setup.pages);
    await signInVoter(setup, client, 'troll@example.com');
    const voter = (await setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, 'troll@example.com')))!;
    const post = `/boards/features/posts/${setup.ids.open}`;
    await client.post(`${post}/comments`, { body: 'My words stay.' });
    await team.voters.block(voter.id);
    const api = await setup.board.api(setup.writeKey);
    const snapshot = async () => {
      const { posts } = await api.posts.list('features', { limit: '100' });
      const { comments } = await api.comments.list('features', setup.ids.open);
      return JSON.stringify([posts.map((p) => [p.id, p.vote_count]), comments]);
    };
    await client.get(post);
    const before = await snapshot();
    for (const [path, form, doing] of [
      ['/boards/features/ideas', { step: 'post', title: 'Spam spam spam' }, 'submit ideas'],
      ['/boards/features/ideas', { title: 'Dark mode spam' }, 'submit ideas'],
      [`${post}/vote`, { action: 'vote' }, 'vote'],
      [`${post}/comments`, { body: 'More spam' }, 'comment'],
      [`${post}/comments/${comment.id}/react`, { reaction: '👍' }, 'react to comments'],
    ] as const) {
      const answer = await client.post(path, form);
      expect(answer.status, path).toBe(403);
      expect(answer.text).toContain(`Your account can no longer ${doing}`);
      expect(await snapshot()).toBe(before);
    }
    // What they wrote stays, marked; the team's comment carries its badge.
    const page = (await new Client(setup.pages).get(post)).text;
    expect(page).toContain('My words stay.');
    expect(page).toContain('(blocked by the team)');
    expect(page).toMatch(/<span class="badge team-badge">Team<\/span>[\s\S]*We are looking into it\./);
  });

  it('answers the comment limit with the time to wait', async () => {
    const setup = await setupPages({}, { limits: { voterCommentsPerTenMinutes: 1 } });
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const post = `/boards/features/posts/${setup.ids.open}`;
    await client.get(post);
    expect((await client.post(`${post}/comments`, { body: 'One' })).status).toBe(303);
    const refused = await client.post(`${post}/comments`, { body: 'Two' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Try again in 10 minutes.');
    const api = await setup.board.api(setup.writeKey);
    expect((await api.comments.list('features', setup.ids.open)).comments.map((c) => c.body)).toEqual(['One']);
  });

  it('shows a hostile submitted title as text on the board, post, similar-posts and dashboard pages', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    await client.get('/boards/features');
    const title = `${HOSTILE.title}</script><img src=x onerror=alert(1)>`;
    const posted = await client.post('/boards/features/ideas', { step: 'post', title, body: HOSTILE.body });
    const id = Number(/posts\/(\d+)/.exec(posted.location!)![1]);
    const similar = await client.post('/boards/features/ideas', { title });
    const teamClient = new Client(setup.pages);
    await signInTeam(setup, teamClient);
    const pages = [
      (await client.get('/boards/features?sort=new')).text,
      (await client.get(`/boards/features/posts/${id}`)).text,
      similar.text,
      (await teamClient.get(`/dashboard/posts/${id}`)).text,
    ];
    for (const html of pages) {
      expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
      expect(html).not.toMatch(/<img src=x|<script>window|<\/script><img/);
    }
  });
});
