/**
 * The unsubscribe page in the request's language, else in the language of the token's voter (a
 * mail program's one-click POST names none); a link that does not work is refused in the request's
 * language and unsubscribes nothing.
 */
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, unsubscribeKey } from '../../src/pages/unsubscribe-token.js';
import { Client, setupPages } from './helpers.js';

async function followerLink(language: string | null) {
  const setup = await setupPages();
  const voter = await setup.board.voters.register(setup.orgId, { email: 'amal@example.com', name: 'Amal' });
  if (language) await setup.board.voters.setLanguage(voter.id, language);
  const boardId = (await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.board_id;
  const token = await signUnsubscribeToken(await unsubscribeKey(setup.board.storage), { boardId, postId: setup.ids.open, address: 'amal@example.com' });
  const unsubscribed = () => setup.board.storage.transaction('read', (tx) => tx.isMailUnsubscribed(boardId, 'amal@example.com', setup.ids.open));
  return { setup, token, unsubscribed };
}

describe('the unsubscribe page’s language', () => {
  it("speaks the voter's language to a request that names none: the choices and the one-click result", async () => {
    const { setup, token, unsubscribed } = await followerLink('ar');
    const client = new Client(setup.pages);
    const choices = await client.get(`/unsubscribe?token=${token}`);
    expect(choices.status).toBe(200);
    expect(choices.text).toContain('<html lang="ar" dir="rtl">');
    expect(choices.text).toContain('<h1>إيقاف الرسائل إلى amal@example.com</h1>');
    expect(choices.text).toContain('<button type="submit">أوقف الرسائل عن هذا المنشور</button>');
    const done = await new Client(setup.pages).request('POST', `/unsubscribe?token=${token}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('<h1>تم إلغاء اشتراكك</h1>');
    expect(done.text).toContain('لن تصل إلى amal@example.com رسائل أخرى عن «Dark mode».');
    expect(await unsubscribed()).toBe(true);
  });

  it("prefers the request's language (the picker's choice, then Accept-Language) over the voter's", async () => {
    const { setup, token } = await followerLink('ar');
    const spanish = await new Client(setup.pages).request('GET', `/unsubscribe?token=${token}`, { headers: { 'accept-language': 'es-419' } });
    expect(spanish.text).toContain('<h1>Dejar de enviar correos a amal@example.com</h1>');
    const picked = new Client(setup.pages);
    picked.cookies.set('fb_lang', 'de');
    const german = await picked.request('GET', `/unsubscribe?token=${token}`, { headers: { 'accept-language': 'es' } });
    expect(german.text).toContain('<h2 class="h3">Nur dieser Beitrag</h2>');
    expect(german.text).toContain('Keine E-Mails mehr zu „Dark mode“.');
  });

  it('is English for a voter without a language, and refuses a broken link in the request’s language, unsubscribing nothing', async () => {
    const { setup, token, unsubscribed } = await followerLink(null);
    const english = await new Client(setup.pages).get(`/unsubscribe?token=${token}`);
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('<h1>Stop mail to amal@example.com</h1>');
    const broken = await new Client(setup.pages).request('POST', `/unsubscribe?token=${token.slice(0, -2)}xx`, { headers: { 'accept-language': 'de' } });
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('<h1>Dieser Abmeldelink funktioniert nicht</h1>');
    expect(await unsubscribed()).toBe(false);
  });
});
