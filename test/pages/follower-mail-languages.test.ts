/**
 * Follower mail in each voter's language, through a real SMTP receiver: German for a German
 * voter, Arabic right to left for an Arabic one, French, Brazilian Portuguese, Japanese and Chinese,
 * English for a voter without a language (or one the pages lack); subject,
 * both parts, dates and the unsubscribe footer translated, the List-Unsubscribe headers intact.
 */
import { describe, expect, it } from 'vitest';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { decodeMail } from '../helpers/mime.js';
import { smtpForFile } from '../helpers/smtp.js';
import { ORIGIN, setupPages } from './helpers.js';

const mail = smtpForFile();

/**
 * Followers of the open post, each with the language given (or none), told that it is now planned;
 * what the sender sent, and the decoded mail to an address.
 */
async function mailStatusChange(followers: { email: string; name: string; locale: string | null }[]) {
  const setup = await setupPages();
  for (const follower of followers) {
    const voter = await setup.board.voters.register(setup.orgId, { email: follower.email, name: follower.name });
    if (follower.locale) await setup.board.voters.setLanguage(voter.id, follower.locale);
    await setup.board.voters.follow(voter.id, setup.ids.open);
  }
  const api = await setup.board.api(setup.proposeKey);
  await api.agent.proposeStatus('features', setup.ids.open, { status: 'planned' });
  await setup.board.team(setup.orgId).proposals.confirm(setup.ids.open);
  const before = mail.receiver.messages.length;
  const sender = createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock });
  const sent = await sender.sendDue();
  const mailTo = (email: string) => decodeMail(mail.receiver.messages.slice(before).find((m) => m.to.includes(email))!.raw);
  return { setup, sent, mailTo };
}

describe('follower mail in the voter’s language', () => {
  it('mails German, Arabic (rtl) and English to voters of those languages, each with one-click unsubscribe', async () => {
    const { setup, sent, mailTo } = await mailStatusChange([
      { email: 'ilse@example.com', name: 'Ilse', locale: 'de' },
      { email: 'amal@example.com', name: 'Amal', locale: 'ar' },
      { email: 'nobody@example.com', name: '', locale: null },
    ]);
    expect(sent).toEqual({ sent: 3, retried: 0, failed: 0, dropped: 0 });

    const german = mailTo('ilse@example.com');
    expect(german.header('Subject')).toBe('[Acme] Dark mode: jetzt Geplant');
    expect(german.parts['text/plain']).toContain('Hallo Ilse,');
    expect(german.parts['text/plain']).toContain('Neues zu „Dark mode“ auf dem Board Features:');
    expect(german.parts['text/plain']).toContain('- 20. Nov. 2026: Der Status wechselte von Offen zu Geplant.');
    expect(german.parts['text/plain']).toMatch(new RegExp(`Keine E-Mails mehr zu diesem Beitrag: ${ORIGIN}/unsubscribe\\?token=u1\\.`));
    expect(german.parts['text/html']).toContain('<html lang="de" dir="ltr">');
    expect(german.parts['text/html']).toContain(`Neues zu <a href="${ORIGIN}/boards/features/posts/${setup.ids.open}">Dark mode</a> auf dem Board Features:`);
    expect(german.parts['text/html']).toContain('>Keine E-Mails mehr von Features</a>');

    const arabic = mailTo('amal@example.com');
    expect(arabic.header('Subject')).toBe('[Acme] Dark mode: الآن مخطَّط');
    expect(arabic.parts['text/html']).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.parts['text/html']).toContain('انتقلت الحالة من مفتوح إلى مخطَّط.');
    expect(arabic.parts['text/html']).toContain(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(setup.clock.now())));
    expect(arabic.parts['text/plain']).toContain('تصلك هذه الرسالة لأنك تتابع هذا المنشور.');

    const english = mailTo('nobody@example.com');
    expect(english.header('Subject')).toBe('[Acme] Dark mode: now Planned');
    expect(english.parts['text/plain']).toMatch(/^Hello,\n/);
    expect(english.parts['text/plain']).toContain('- 20 Nov 2026: The status moved from Open to Planned.');
    expect(english.parts['text/html']).toContain('<html lang="en" dir="ltr">');
    expect(english.parts['text/html']).toContain('>Stop mail about this post</a>');

    for (const mail of [german, arabic, english]) {
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const links = [...(mail.header('List-Unsubscribe') ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]);
      expect(links).toHaveLength(2);
      for (const link of links) expect(link).toMatch(new RegExp(`^${ORIGIN}/unsubscribe\\?token=u1\\.`));
    }
  });

  it('mails French, Brazilian Portuguese, Japanese and Chinese, a regional or lower-case tag by its language', async () => {
    const { sent, mailTo } = await mailStatusChange([
      { email: 'chloe@example.com', name: 'Chloé', locale: 'fr-CA' },
      { email: 'joao@example.com', name: 'João', locale: 'pt-br' },
      { email: 'yuki@example.com', name: 'Yuki', locale: 'ja' },
      { email: 'li@example.com', name: '李', locale: 'zh-CN' },
      { email: 'mei@example.com', name: 'Mei', locale: 'zh-TW' },
    ]);
    expect(sent).toEqual({ sent: 5, retried: 0, failed: 0, dropped: 0 });

    const french = mailTo('chloe@example.com');
    expect(french.header('Subject')).toBe('[Acme] Dark mode\u00a0: désormais Prévu');
    expect(french.parts['text/plain']).toContain('Bonjour Chloé,');
    expect(french.parts['text/plain']).toContain('- 20 nov. 2026\u00a0: Le statut est passé de Ouvert à Prévu.');
    expect(french.parts['text/html']).toContain('<html lang="fr" dir="ltr">');

    const brazilian = mailTo('joao@example.com');
    expect(brazilian.header('Subject')).toBe('[Acme] Dark mode: agora Planejado');
    expect(brazilian.parts['text/plain']).toContain('Olá, João,');
    expect(brazilian.parts['text/plain']).toContain('Novidades sobre "Dark mode" no quadro Features:');
    expect(brazilian.parts['text/plain']).toContain('- 20 de nov. de 2026: O status passou de Aberto para Planejado.');
    expect(brazilian.parts['text/plain']).toMatch(new RegExp(`Parar de receber e-mails sobre esta publicação: ${ORIGIN}/unsubscribe\\?token=u1\\.`));
    expect(brazilian.parts['text/html']).toContain('<html lang="pt-BR" dir="ltr">');
    expect(brazilian.parts['text/html']).toContain('>Parar de receber todos os e-mails de Features</a>');

    const japanese = mailTo('yuki@example.com');
    expect(japanese.header('Subject')).toBe('[Acme] Dark mode：予定になりました');
    expect(japanese.parts['text/plain']).toMatch(/^Yuki 様\n/);
    expect(japanese.parts['text/plain']).toContain('- 2026年11月20日：ステータスが「受付中」から「予定」に変わりました。');
    expect(japanese.parts['text/html']).toContain('<html lang="ja" dir="ltr">');

    const chinese = mailTo('li@example.com');
    expect(chinese.header('Subject')).toBe('[Acme] Dark mode：现为已计划');
    expect(chinese.parts['text/plain']).toMatch(/^李，您好：\n/);
    expect(chinese.parts['text/plain']).toContain('- 2026年11月20日：状态已从“待处理”变为“已计划”。');
    expect(chinese.parts['text/html']).toContain('<html lang="zh-Hans" dir="ltr">');

    // Traditional Chinese is not a language of the pages: that voter reads English.
    expect(mailTo('mei@example.com').header('Subject')).toBe('[Acme] Dark mode: now Planned');
  });

  it('mails a status change once, through the sender alone, when the board is set up as docs/pages.md shows (no mailing notifier)', async () => {
    const setup = await setupPages();
    const voter = await setup.board.voters.register(setup.orgId, { email: 'once-de@example.com', name: 'Ute' });
    await setup.board.voters.setLanguage(voter.id, 'de');
    await setup.board.voters.follow(voter.id, setup.ids.open);
    const api = await setup.board.api(setup.proposeKey);
    await api.agent.proposeStatus('features', setup.ids.open, { status: 'shipped' });
    await setup.board.team(setup.orgId).proposals.confirm(setup.ids.open);
    const sender = createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock });
    await sender.sendDue();
    await sender.sendDue();
    const mails = mail.receiver.messages.filter((m) => m.to.includes('once-de@example.com')).map((m) => decodeMail(m.raw));
    expect(mails.map((m) => m.header('Subject'))).toEqual(['[Acme] Dark mode: jetzt Umgesetzt']);
  });
});
