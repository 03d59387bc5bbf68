/**
 * One-click unsubscribe (RFC 8058) from the links of a real follower mail: a cookieless POST with
 * no CSRF token unsubscribes and later changes mail nothing; the board link covers the board's
 * other posts; GET shows the two choices and changes nothing; a forged or altered token changes
 * nothing; every other POST of the pages still needs its CSRF token.
 */
import { describe, expect, it } from 'vitest';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { smtpForFile } from '../helpers/smtp.js';
import { snapshot } from '../helpers/state.js';
import { ORIGIN, setupPages, type PagesSetup } from './helpers.js';

const mail = smtpForFile();

/** A follower of two posts of the board, with one mail received: its List-Unsubscribe links. */
async function mailedFollower(email: string) {
  const setup = await setupPages();
  const api = await setup.board.api(setup.writeKey);
  const second = await api.posts.create('features', { title: 'Export to CSV' });
  const voter = await setup.board.voters.register(setup.orgId, { email, name: 'Una' });
  for (const id of [setup.ids.open, second.id]) await setup.board.voters.follow(voter.id, id);
  const sender = createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock });
  const team = setup.board.team(setup.orgId);
  const comment = async (postId: number) => {
    setup.clock.advance(11 * 60_000); // past the window of the mail before
    await team.comments.create(postId, { body: 'News' });
    return sender.sendDue();
  };
  expect((await comment(setup.ids.open)).sent).toBe(1);
  const raw = mail.receiver.messages.filter((m) => m.to.includes(email)).at(-1)!.text;
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const [post, board] = [.../^List-Unsubscribe: (.*)$/m.exec(head)![1]!.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
  return { setup, second, comment, links: { post: post!, board: board! } };
}

/** A POST as a mail program sends it: no cookie, no Origin, no CSRF token. */
const oneClick = (setup: PagesSetup, url: string) =>
  setup.pages(
    new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }),
  );

describe('one-click unsubscribe', () => {
  it('a cookieless POST to the post link unsubscribes: later news of that post mails nothing, of another post still does', async () => {
    const f = await mailedFollower('post@example.com');
    const answer = await oneClick(f.setup, f.links.post);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('post@example.com gets no more mail about “Dark mode”');
    expect((await f.comment(f.setup.ids.open)).sent).toBe(0);
    expect((await f.comment(f.second.id)).sent).toBe(1);
  });

  it('the board link covers every post of the board, and news queued before it is dropped', async () => {
    const f = await mailedFollower('board@example.com');
    f.setup.clock.advance(11 * 60_000);
    await f.setup.board.team(f.setup.orgId).comments.create(f.second.id, { body: 'Queued before' });
    expect((await oneClick(f.setup, f.links.board)).status).toBe(200);
    const sender = createFollowerMailSender(f.setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: f.setup.clock });
    expect(await sender.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 1 });
    for (const id of [f.setup.ids.open, f.second.id]) expect((await f.comment(id)).sent).toBe(0);
  });

  it('GET shows both choices as buttons and changes nothing', async () => {
    const f = await mailedFollower('look@example.com');
    const before = await snapshot(f.setup.board);
    const page = await f.setup.pages(new Request(f.links.post));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Stop mail about this post');
    expect(html).toContain('Stop all mail from Features');
    const actions = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => `${ORIGIN}${m[1]!.replaceAll('&amp;', '&')}`);
    expect(actions).toEqual([f.links.post, f.links.board]);
    expect(await snapshot(f.setup.board)).toEqual(before);
    expect((await f.comment(f.setup.ids.open)).sent).toBe(1);
  });

  it('a forged or altered token is a 400 and changes nothing', async () => {
    const f = await mailedFollower('forge@example.com');
    const token = new URL(f.links.post).searchParams.get('token')!;
    const [, board, post, address, signature] = token.split('.');
    const otherAddress = Buffer.from('someone@example.com').toString('base64url');
    const forged = [
      `u1.${board}.0.${address}.${signature}`, // the post token turned into the board's
      `u1.${board}.${post}.${otherAddress}.${signature}`, // another address
      `u1.${board}.${post}.${address}.${signature!.slice(0, -2)}AA`, // another signature
      `u1.${board}.${post}.${address}`,
      '',
    ];
    const before = await snapshot(f.setup.board);
    for (const bad of forged) {
      for (const method of ['GET', 'POST']) {
        const answer = await f.setup.pages(new Request(`${ORIGIN}/unsubscribe?token=${encodeURIComponent(bad)}`, { method }));
        expect([bad, method, answer.status]).toEqual([bad, method, 400]);
        expect(await answer.text()).toContain('This unsubscribe link does not work');
      }
    }
    expect(await snapshot(f.setup.board)).toEqual(before);
    expect((await f.comment(f.setup.ids.open)).sent).toBe(1);
  });

  it('only the unsubscribe POST skips the CSRF check: another cookieless POST is still refused', async () => {
    const f = await mailedFollower('csrf@example.com');
    const answer = await oneClick(f.setup, `${ORIGIN}/boards/features/posts/${f.setup.ids.open}/follow`);
    expect(answer.status).toBe(403);
  });
});
