/**
 * The status-change mail in a voter's language: English word for word as the core's mail, German
 * and Arabic from the catalogs, the post's title and the voter's name escaped in the HTML part.
 */
import { describe, expect, it } from 'vitest';
import { createRecordingMailer, notificationMail, type VoterNotification } from '../../src/index.js';
import { createLocalizedMailerNotifier, localizedNotificationMail } from '../../src/pages/index.js';

const notification = (email: string | null, name = 'Ada'): VoterNotification => ({
  organization_id: 1,
  voter: { id: 3, email, name },
  post_id: 7,
  post_title: 'Dark mode',
  board_slug: 'features',
  old_status: 'planned',
  new_status: 'in_progress',
  sent_at: '2026-11-20T12:00:00.000Z',
});

const options = { pagesUrl: 'https://fb.example/', productName: 'Acme' };

describe('the status-change mail in a language', () => {
  it('is, in English, the core notifier’s mail exactly', () => {
    expect(localizedNotificationMail(notification('ada@example.com'), options)).toEqual(notificationMail(notification('ada@example.com'), options));
    expect(localizedNotificationMail(notification('ada@example.com', ''), { locale: 'en' })).toEqual(notificationMail(notification('ada@example.com', '')));
  });

  it('speaks German, statuses and link included', async () => {
    const mailer = createRecordingMailer();
    const notifier = createLocalizedMailerNotifier(mailer, { ...options, locale: 'de' });
    await notifier.notify(notification('ada@example.com'));
    await notifier.notify(notification(null));
    expect(mailer.messages).toEqual([
      {
        kind: 'status',
        to: 'ada@example.com',
        subject: '[Acme] Dark mode: In Arbeit',
        text: 'Hallo Ada,\n\n„Dark mode“, wofür Sie gestimmt haben, ist von Geplant zu In Arbeit gewechselt.\n\nHier ansehen: https://fb.example/boards/features/posts/7\n\nSie erhalten diese E-Mail, weil Sie dafür gestimmt haben.',
        html: '<p>Hallo Ada,</p>\n<p>„Dark mode“, wofür Sie gestimmt haben, ist von Geplant zu In Arbeit gewechselt.</p>\n<p><a href="https://fb.example/boards/features/posts/7">Hier ansehen</a></p>\n<p style="color:#666">Sie erhalten diese E-Mail, weil Sie dafür gestimmt haben.</p>',
      },
    ]);
  });

  it('speaks Arabic, and names a status it does not know as it is', () => {
    const mail = localizedNotificationMail({ ...notification('ada@example.com'), new_status: 'archived' }, { locale: 'ar' })!;
    expect(mail.text).toContain('انتقل «Dark mode»، الذي صوّتّ له، من مخطَّط إلى archived.');
    expect(mail.subject).toBe('[Feedback] Dark mode: archived');
  });

  it('escapes the post title and the voter name in the HTML part, in every language', () => {
    for (const locale of ['en', 'de', 'es', 'ar'] as const) {
      const hostile = { ...notification('c@example.com', '<b>Eve</b>'), post_title: '<script>x()</script> & "more"' };
      const html = localizedNotificationMail(hostile, { ...options, locale })!.html!;
      expect(html, locale).not.toMatch(/<script|<b>/);
      expect(html, locale).toContain('&lt;script&gt;x()&lt;/script&gt; &amp; &quot;more&quot;');
      expect(html, locale).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    }
  });
});
