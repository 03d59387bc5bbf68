/**
 * Moderation over HTTP: a voter's post on a moderated board waits (its author sees it marked,
 * other voters get 404 and never see it listed), the inbox shows it with its count in the
 * navigation, approving lists it, rejecting keeps it out and mails the reason; the forms are
 * CSRF-checked; the per-voter limit says when to try again.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages, signInTeam, signInVoter, type PagesSetup } from './helpers.js';

async function moderated() {
  const setup = await setupPages();
  const team = new Client(setup.pages);
  await signInTeam(setup, team);
  await team.get('/dashboard/inbox');
  const on = await team.post('/dashboard/boards/features/moderation', { moderated: 'yes' });
  expect(on.location).toBe('/dashboard/inbox?notice=saved');
  const ann = new Client(setup.pages);
  await signInVoter(setup, ann, 'ann@example.com');
  const cy = new Client(setup.pages);
  await signInVoter(setup, cy, 'cy@example.com');
  return { setup, team, ann, cy };
}

/** An idea from the board's form, past the similar-posts step (`step=post`). */
async function submit(client: Client, title: string) {
  await client.get('/boards/features/ideas/new');
  return client.post('/boards/features/ideas', { title, body: 'On the train', step: 'post' });
}

const heldIdOf = (location: string | null) => Number(/\/waiting\/(\d+)/.exec(location ?? '')?.[1]);

async function listed(setup: PagesSetup, title: string): Promise<boolean> {
  const api = await setup.board.api(setup.writeKey);
  return (await api.posts.list('features', { q: title })).posts.some((post) => post.title === title);
}

describe('moderation pages', () => {
  it('holds a voter post for approval: its author sees it waiting, another voter gets 404, the team approves it', async () => {
    const { setup, team, ann, cy } = await moderated();
    expect((await ann.get('/boards/features/ideas/new')).text).toContain('read by the team before they appear');
    const sent = await submit(ann, 'Offline mode');
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/^\/boards\/features\/waiting\/\d+\?notice=waiting_for_approval$/);
    const heldPage = await ann.get(sent.location!);
    expect(heldPage.text).toContain('Waiting for approval');
    expect(heldPage.text).toContain('Offline mode');
    expect((await ann.get('/boards/features')).text).toContain('Your posts waiting for approval');
    expect((await cy.get(sent.location!)).status).toBe(404);
    expect((await cy.get('/boards/features')).text).not.toContain('Offline mode');
    expect(await listed(setup, 'Offline mode')).toBe(false);

    const inbox = await team.get('/dashboard/inbox');
    expect(inbox.text).toContain('Offline mode');
    expect(inbox.text).toMatch(/Inbox <span class="badge waiting-count">1<\/span>/);
    const approved = await team.post(`/dashboard/inbox/${heldIdOf(sent.location)}/approve`);
    expect(approved.location).toBe('/dashboard/inbox?notice=approved');
    expect(await listed(setup, 'Offline mode')).toBe(true);
    expect((await cy.get('/boards/features')).text).toContain('Offline mode');
    // The author's page of the held post now leads to the post.
    expect((await ann.get(`/boards/features/waiting/${heldIdOf(sent.location)}`)).location).toMatch(/^\/boards\/features\/posts\/\d+$/);
    expect((await team.get('/dashboard/inbox')).text).toContain('Nothing waits for approval');
  });

  it('rejects with a reason mailed to the author; the post stays out; deciding twice changes nothing', async () => {
    const { setup, team, ann } = await moderated();
    const id = heldIdOf((await submit(ann, 'Buy my product')).location);
    await team.get('/dashboard/inbox');
    const mailsBefore = setup.mailer.messages.length;
    const rejected = await team.post(`/dashboard/inbox/${id}/reject`, { reason: 'Advertising' });
    expect(rejected.location).toBe('/dashboard/inbox?notice=post_rejected');
    const mail = setup.mailer.messages.at(-1)!;
    expect(setup.mailer.messages).toHaveLength(mailsBefore + 1);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.text).toContain('Buy my product');
    expect(mail.text).toContain('Their reason: Advertising');
    expect(await listed(setup, 'Buy my product')).toBe(false);
    expect((await team.get('/dashboard/inbox')).text).toContain('Advertising');
    const page = await ann.get(`/boards/features/waiting/${id}`);
    expect(page.text).toContain('Not approved');
    // Deciding again is refused with the "invalid" notice, and sends no second mail.
    expect((await team.post(`/dashboard/inbox/${id}/approve`)).location).toBe('/dashboard/inbox?notice=invalid');
    expect((await team.post(`/dashboard/inbox/${id}/reject`, { reason: 'x' })).location).toBe('/dashboard/inbox?notice=invalid');
    expect(setup.mailer.messages).toHaveLength(mailsBefore + 1);
    expect(await listed(setup, 'Buy my product')).toBe(false);
  });

  it('mails a rejection in the author’s own language, and in mailLocale to an author without one', async () => {
    const setup = await setupPages({ mailLocale: 'de' });
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await setup.board.team(setup.orgId).boards.setModerated('features', true);
    const yuki = await setup.board.voters.register(setup.orgId, { email: 'yuki@example.com', name: 'Yuki' });
    await setup.board.voters.setLanguage(yuki.id, 'ja-JP');
    const ilse = await setup.board.voters.register(setup.orgId, { email: 'ilse@example.com', name: 'Ilse' });
    const japanese = await setup.board.voters.submitPost(yuki.id, 'features', { title: '広告' });
    const german = await setup.board.voters.submitPost(ilse.id, 'features', { title: 'Werbung' });
    await team.get('/dashboard/inbox');
    await team.post(`/dashboard/inbox/${japanese.id}/reject`, { reason: '宣伝です' });
    await team.post(`/dashboard/inbox/${german.id}/reject`, { reason: 'Werbung' });
    const [toYuki, toIlse] = setup.mailer.messages.slice(-2);
    expect(toYuki).toMatchObject({ to: 'yuki@example.com', subject: '[Acme] 投稿は承認されませんでした：広告' });
    expect(toYuki!.text).toContain('理由：宣伝です');
    expect(toIlse!.to).toBe('ilse@example.com');
    expect(toIlse!.subject).toContain('Werbung');
    expect(toIlse!.text).toContain('Hallo Ilse,');
  });

  it('keeps a rejection when the mail server fails, and logs the failure', async () => {
    const failing = { send: async () => Promise.reject(new Error('mail server down')) };
    const setup = await setupPages({ mailer: failing });
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await setup.board.team(setup.orgId).boards.setModerated('features', true);
    const voter = await setup.board.voters.register(setup.orgId, { email: 'ann@example.com', name: 'Ann' });
    const held = await setup.board.voters.submitPost(voter.id, 'features', { title: 'Spam' });
    await team.get('/dashboard/inbox');
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      expect((await team.post(`/dashboard/inbox/${held.id}/reject`, { reason: 'No' })).location).toBe('/dashboard/inbox?notice=post_rejected');
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(1);
    expect(await setup.board.team(setup.orgId).moderation.get(held.id)).toMatchObject({ approval: 'rejected', reason: 'No' });
  });

  it('refuses the inbox forms without the CSRF token, and unknown ids, changing nothing', async () => {
    const { setup, team, ann } = await moderated();
    const id = heldIdOf((await submit(ann, 'Sneaky')).location);
    await team.get('/dashboard/inbox');
    expect((await team.post(`/dashboard/inbox/${id}/approve`, {}, { csrf: '' })).status).toBe(403);
    expect((await team.post(`/dashboard/inbox/${id}/reject`, { reason: 'r' }, { csrf: 'wrong' })).status).toBe(403);
    expect((await team.post('/dashboard/boards/features/moderation', { moderated: 'no' }, { csrf: '' })).status).toBe(403);
    expect((await team.post('/dashboard/inbox/999/approve')).status).toBe(404);
    expect((await team.post('/dashboard/inbox/abc/approve')).status).toBe(404);
    expect(await setup.board.team(setup.orgId).moderation.countWaiting()).toBe(1);
    expect(await setup.board.team(setup.orgId).boards.moderated('features')).toBe(true);
    expect(await listed(setup, 'Sneaky')).toBe(false);
  });

  it('publishes at once on a board without moderation, and says when to try again past the per-voter limit', async () => {
    const setup = await setupPages();
    const ann = new Client(setup.pages);
    await signInVoter(setup, ann, 'ann@example.com');
    for (let i = 0; i < 5; i++) {
      const sent = await submit(ann, `Idea ${i}`);
      expect(sent.location).toMatch(/^\/boards\/features\/posts\/\d+\?notice=submitted$/);
      setup.clock.advance(60_000);
    }
    const refused = await submit(ann, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(55 * 60));
    expect(refused.text).toContain('Try again in 55 minutes.');
    expect(await listed(setup, 'One more')).toBe(false);
  });

  it('says when to try again past the per-voter comment limit', async () => {
    const setup = await setupPages();
    const ann = new Client(setup.pages);
    await signInVoter(setup, ann, 'ann@example.com');
    const post = `/boards/features/posts/${setup.ids.open}`;
    await ann.get(post);
    for (let i = 0; i < 30; i++) expect((await ann.post(`${post}/comments`, { body: `Comment ${i}` })).status).toBe(303);
    const refused = await ann.post(`${post}/comments`, { body: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Try again in 10 minutes.');
  });

  it('sends a signed-out visitor to sign in before posting', async () => {
    const setup = await setupPages();
    const visitor = new Client(setup.pages);
    await visitor.get('/boards/features/ideas/new');
    const answer = await visitor.post('/boards/features/ideas', { title: 'Offline mode', step: 'post' });
    expect(answer.location).toBe(`/sign-in?next=${encodeURIComponent('/boards/features/ideas/new')}&notice=sign_in_to_submit`);
  });
});
