/**
 * The follower mail sender against a real SMTP receiver, with an injected clock: one mail per
 * (voter, post) listing its events, HTML and text parts and RFC 8058 headers; the 10-minute window
 * batching later events into the next mail; the team's event settings; retries with backoff and
 * the failed mail on the Mail page; two senders on one SQLite file never mailing twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createFeedbackBoard, type Mailer } from '../../src/index.js';
import { createFollowerMailSender, followerMailBackoffMs, type FollowerMailSenderOptions } from '../../src/pages/index.js';
import { smtpForFile } from '../helpers/smtp.js';
import { Client, ORIGIN, setupPages, signInTeam, type PagesSetup } from './helpers.js';

const MINUTE = 60_000;
const mail = smtpForFile();

/** The pages over `setup`, a follower of the open post, and a sender on the same clock. */
async function withFollower(setup: PagesSetup, email: string, options: Partial<FollowerMailSenderOptions> = {}) {
  const voter = await setup.board.voters.register(setup.orgId, { email, name: 'Vera' });
  await setup.board.voters.follow(voter.id, setup.ids.open);
  const sender = createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock, ...options });
  const confirm = async (status: 'planned' | 'shipped' | 'in_progress') => {
    const api = await setup.board.api(setup.proposeKey);
    await api.agent.proposeStatus('features', setup.ids.open, { status });
    await setup.board.team(setup.orgId).proposals.confirm(setup.ids.open);
  };
  const mailsTo = () => mail.receiver.messages.filter((m) => m.to.includes(email));
  return { voter, sender, confirm, mailsTo };
}

/** A header field of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];
}

describe('the follower mail sender', () => {
  it('mails a follower exactly once for a confirmed proposal, with text and HTML parts and one-click unsubscribe', async () => {
    const setup = await setupPages();
    const f = await withFollower(setup, 'once@example.com');
    await f.confirm('planned');
    expect(await f.sender.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    expect(await f.sender.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
    const [mail, ...more] = f.mailsTo();
    expect(more).toEqual([]);
    expect(header(mail!.text, 'Subject')).toBe('[Acme] Dark mode: now Planned');
    expect(mail!.text).toMatch(/Content-Type: text\/plain/);
    expect(mail!.text).toMatch(/Content-Type: text\/html/);
    expect(mail!.text).toContain('The status moved from Open to Planned.');
    expect(mail!.text).toContain(`See the post: ${ORIGIN}/boards/features/posts/${setup.ids.open}`);
    expect(header(mail!.text, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const links = [...(header(mail!.text, 'List-Unsubscribe') ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(new RegExp(`^${ORIGIN}/unsubscribe\\?token=u1\\.`));
    expect(links[0]).not.toBe(links[1]);
  });

  it('mails a follower of two linked posts ONE mail about a changelog entry, its hostile title and body shown as text', async () => {
    const setup = await setupPages();
    const f = await withFollower(setup, 'entry@example.com');
    await setup.board.voters.follow(f.voter.id, setup.ids.hostile);
    const api = await setup.board.api(setup.writeKey);
    await api.changelog.createEntry('features', {
      title: 'Shipped <script>alert(1)</script>',
      body: '**Dark mode** is here.\n\n<img src=x onerror=alert(1)>',
      post_ids: [setup.ids.open, setup.ids.hostile],
    });
    expect(await f.sender.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    const [mail, ...more] = f.mailsTo();
    expect(more).toEqual([]);
    expect(header(mail!.text, 'Subject')).toBe('[Acme] New in the changelog: Shipped <script>alert(1)</script>');
    expect(mail!.text).toContain('The team published "Shipped <script>alert(1)</script>" in the changelog:');
    // The HTML part: the body rendered from Markdown, its raw HTML and the title as text.
    const html = mail!.text.slice(mail!.text.indexOf('Content-Type: text/html'));
    expect(html).toContain('<strong>Dark mode</strong> is here.');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;Shipped &lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(html).not.toMatch(/<img|<script/);
    expect(mail!.text).toContain(`See the post: ${ORIGIN}/boards/features/posts/${setup.ids.open}`);
  });

  it('puts a team comment and a reply within the window into ONE next mail, sent when the window ends', async () => {
    const setup = await setupPages();
    const f = await withFollower(setup, 'window@example.com');
    await f.confirm('planned');
    await f.sender.sendDue();
    const mine = await setup.board.voters.comment(f.voter.id, setup.ids.open, { body: 'Can it follow the **system** theme?' });
    setup.clock.advance(MINUTE);
    await setup.board.team(setup.orgId).comments.create(setup.ids.open, { body: 'Yes, *planned* for May.' });
    const other = await setup.board.voters.register(setup.orgId, { email: 'otto@example.com', name: 'Otto' });
    setup.clock.advance(MINUTE);
    await setup.board.voters.comment(other.id, setup.ids.open, { body: 'Me too', parent_comment_id: mine.id });
    setup.clock.advance(5 * MINUTE);
    expect((await f.sender.sendDue()).sent).toBe(0);
    expect(f.mailsTo()).toHaveLength(1);
    setup.clock.advance(3 * MINUTE); // 10 minutes after the first mail
    expect((await f.sender.sendDue()).sent).toBe(1);
    const mails = f.mailsTo();
    expect(mails).toHaveLength(2);
    const next = mails[1]!.text;
    expect(header(next, 'Subject')).toBe('[Acme] Dark mode: 2 updates');
    expect(next).toContain('The team commented:');
    expect(next).toContain('Otto replied to your comment:');
    expect(next).toContain('<em>planned</em>'); // the HTML part renders the Markdown
    expect(next).toContain('    Yes, *planned* for May.'); // the text part keeps it as written
  });

  it('mails nothing for a kind the team turned off on the Mail page, and again once it is on', async () => {
    const setup = await setupPages();
    const f = await withFollower(setup, 'settings@example.com');
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.get('/dashboard/mail')).text).toMatch(/name="status" value="on" checked/);
    const saved = await client.post('/dashboard/mail/followers', { team_comment: 'on', reply: 'on' });
    expect([saved.status, saved.location]).toEqual([303, '/dashboard/mail?notice=saved']);
    expect((await client.get('/dashboard/mail')).text).not.toMatch(/name="status" value="on" checked/);
    await f.confirm('planned');
    expect(await f.sender.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
    await client.post('/dashboard/mail/followers', { status: 'on' });
    await setup.board.team(setup.orgId).comments.create(setup.ids.open, { body: 'Not mailed' });
    expect((await f.sender.sendDue()).sent).toBe(0);
    await f.confirm('shipped');
    expect((await f.sender.sendDue()).sent).toBe(1);
    expect(f.mailsTo().map((m) => header(m.text, 'Subject'))).toEqual(['[Acme] Dark mode: now Shipped']);
    // A form without the CSRF token changes nothing.
    expect((await client.post('/dashboard/mail/followers', {}, { csrf: '' })).status).toBe(403);
    expect((await client.get('/dashboard/mail')).text).toMatch(/name="status" value="on" checked/);
  });

  it('retries a refused mail with backoff, then keeps it as failed on the Mail page', async () => {
    const refusing: Mailer = { send: () => Promise.reject(new Error('550 Mailbox unavailable: relaying denied')) };
    const setup = await setupPages();
    const f = await withFollower(setup, 'broken@example.com', { mailer: refusing, maxAttempts: 3 });
    await f.confirm('planned');
    expect(await f.sender.sendDue()).toMatchObject({ retried: 1 });
    setup.clock.advance(followerMailBackoffMs(1) - 1);
    expect(await f.sender.sendDue()).toMatchObject({ retried: 0 });
    setup.clock.advance(1);
    expect(await f.sender.sendDue()).toMatchObject({ retried: 1 });
    setup.clock.advance(followerMailBackoffMs(2));
    expect(await f.sender.sendDue()).toMatchObject({ retried: 0, failed: 1 });
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const page = (await client.get('/dashboard/mail')).text;
    expect(page).toContain('<code>broken@example.com</code>');
    expect(page).toContain('550 Mailbox unavailable: relaying denied');
    expect(page).toMatch(/<td>3<\/td>/);
    expect(page).toContain('2026-11-20 12:06:00 UTC');
  });

  it('two senders on one SQLite file never send one mail twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fb-mail-'));
    const file = join(dir, 'board.db');
    const storages = [createSqliteStorage({ path: file }), createSqliteStorage({ path: file })];
    try {
      const setup = await setupPages({}, { storage: storages[0]! });
      const voters = [];
      for (let i = 0; i < 12; i++) {
        const voter = await setup.board.voters.register(setup.orgId, { email: `two-${i}@example.com`, name: `V${i}` });
        await setup.board.voters.follow(voter.id, setup.ids.open);
        voters.push(voter);
      }
      const api = await setup.board.api(setup.proposeKey);
      await api.agent.proposeStatus('features', setup.ids.open, { status: 'planned' });
      await setup.board.team(setup.orgId).proposals.confirm(setup.ids.open);
      const other = createFeedbackBoard({ storage: storages[1]!, clock: setup.clock });
      const options = { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock, batchSize: 2 };
      const before = mail.receiver.messages.length;
      const reports = await Promise.all([createFollowerMailSender(setup.board, options).sendDue(), createFollowerMailSender(other, options).sendDue()]);
      expect(reports[0]!.sent + reports[1]!.sent).toBe(12);
      const recipients = mail.receiver.messages.slice(before).flatMap((m) => m.to).sort();
      expect(recipients).toEqual(voters.map((v) => v.email).sort());
    } finally {
      for (const storage of storages) await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
