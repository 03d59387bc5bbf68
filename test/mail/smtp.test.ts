/**
 * E-mail: the SMTP mailer against a real SMTP server (smtp-server) with a login, the notifier
 * that turns voter notifications into mails, and a bad SMTP URL refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailerNotifier, createRecordingMailer, notificationMail, type VoterNotification } from '../../src/index.js';
import { createSmtpMailer } from '../../src/mail/smtp.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

const notification = (email: string | null): VoterNotification => ({
  organization_id: 1,
  board_slug: 'features',
  post_id: 7,
  post_title: 'Dark mode',
  voter: { id: 3, email, name: 'Ada' },
  old_status: 'planned',
  new_status: 'in_progress',
  sent_at: '2026-11-20T12:00:00.000Z',
});

describe('e-mail', () => {
  it('sends through a real SMTP server with the URL\'s login, from the given sender', async () => {
    const mailer = createSmtpMailer(smtp.url, { from: 'board@example.com' });
    await mailer.send({ to: 'ada@example.com', subject: 'Hello there', text: 'A link: https://example.com/x?token=abc' });
    mailer.close();
    const mail = await smtp.waitFor('ada@example.com', /Hello there/);
    expect(mail.text).toContain('From: board@example.com');
    expect(mail.text).toContain('https://example.com/x?token=abc');
  });

  it('mails each voter notification with the post, both statuses and its link, and skips voters without an address', async () => {
    const mailer = createRecordingMailer();
    const notifier = createMailerNotifier(mailer, { pagesUrl: 'https://fb.example/', productName: 'Acme' });
    await notifier.notify(notification('ada@example.com'));
    await notifier.notify(notification(null));
    expect(mailer.messages).toHaveLength(1);
    expect(mailer.messages[0]).toMatchObject({ to: 'ada@example.com', subject: '[Acme] Dark mode: In progress' });
    expect(mailer.messages[0]!.text).toContain('moved from Planned to In progress');
    expect(mailer.messages[0]!.text).toContain('https://fb.example/boards/features/posts/7');
    expect(mailer.messages[0]!.html).toContain('<p>&quot;Dark mode&quot;, which you voted for, moved from Planned to In progress.</p>');
    expect(mailer.messages[0]!.html).toContain('<a href="https://fb.example/boards/features/posts/7">See it here</a>');
    expect(notificationMail(notification('b@example.com'))!.text).not.toContain('http');
    expect(notificationMail(notification('b@example.com'))!.html).not.toContain('<a ');
  });

  it('escapes the post title and the voter name in the HTML part', () => {
    const hostile = { ...notification('c@example.com'), post_title: '<script>x()</script> & "more"', voter: { id: 4, email: 'c@example.com', name: '<b>Eve</b>' } };
    const html = notificationMail(hostile)!.html!;
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain('&lt;script&gt;x()&lt;/script&gt; &amp; &quot;more&quot;');
    expect(html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
  });

  it('sends the HTML part and the extra header fields (one-click unsubscribe) as given', async () => {
    const mailer = createSmtpMailer(smtp.url, { from: 'board@example.com' });
    const unsubscribe = 'https://fb.example/unsubscribe?token=u1_abcDEF123';
    await mailer.send({
      to: 'grace@example.com',
      subject: 'With headers',
      text: 'Plain part',
      html: '<p>HTML <strong>part</strong></p>',
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    mailer.close();
    const mail = await smtp.waitFor('grace@example.com', /With headers/);
    expect(mail.text).toMatch(/^List-Unsubscribe: <https:\/\/fb\.example\/unsubscribe\?token=u1_abcDEF123>\r?$/m);
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.text).toContain('multipart/alternative');
    expect(mail.text).toContain('Plain part');
    expect(mail.text).toContain('<p>HTML <strong>part</strong></p>');
  });

  it('refuses a header value with a line break or a bad name, and sends nothing', async () => {
    const mailer = createSmtpMailer(smtp.url);
    const before = smtp.messages.length;
    await expect(mailer.send({ to: 'eve@example.com', subject: 'x', text: 'x', headers: { 'X-Note': 'a\r\nBcc: victim@example.com' } })).rejects.toThrow(/refusing header "X-Note"/);
    await expect(mailer.send({ to: 'eve@example.com', subject: 'x', text: 'x', headers: { 'Bad Name:': 'v' } })).rejects.toThrow(/refusing header/);
    mailer.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => createSmtpMailer('http://mail.example')).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
