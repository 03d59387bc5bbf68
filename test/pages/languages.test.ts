/**
 * The pages' languages over HTTP: `Accept-Language` (q-values, region fallback) and the footer's
 * picker, which keeps the choice in a cookie that wins over the header; `<html lang dir>` and
 * `Vary`; the team's pages stay English; mails in the voter's language; hostile values stay text
 * inside translated messages.
 */
import { describe, expect, it } from 'vitest';
import { rejectionMail } from '../../src/mail/moderation.js';
import { Client, HOSTILE, linkToken, setupPages, signInTeam } from './helpers.js';

const speaking = (language: string) => ({ headers: { 'accept-language': language } });

describe('the language of the public pages', () => {
  it('follows Accept-Language: German for de-AT, with lang, dir, German dates and Vary', async () => {
    const { pages } = await setupPages();
    const client = new Client(pages);
    const page = await client.request('GET', '/boards/features', speaking('de-AT,de;q=0.9,en;q=0.5'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de" dir="ltr">');
    expect(page.text).toContain('<summary>Idee einreichen</summary>');
    expect(page.text).toContain('<option value="top" selected="">Meiste Stimmen</option>');
    expect(page.text).toContain('<span>20. Nov. 2026</span>');
    expect(page.text).toMatch(/<span class="label">Stimmen<\/span>/);
    expect(page.headers.get('vary')).toBe('Accept-Language, Cookie');
    const english = await client.get('/boards/features');
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('<summary>Submit an idea</summary>');
    expect(english.text).toContain('<span>20 Nov 2026</span>');
  });

  it('takes the best q-value among the languages it has, and English when it has none', async () => {
    const { pages } = await setupPages();
    const client = new Client(pages);
    expect((await client.request('GET', '/', speaking('it;q=1, es;q=0.8, de;q=0.9'))).text).toContain('<html lang="de"');
    expect((await client.request('GET', '/', speaking('es-MX'))).text).toContain('Opiniones sobre Acme');
    expect((await client.request('GET', '/', speaking('it, ko'))).text).toContain('<html lang="en"');
    expect((await client.request('GET', '/', speaking('fr-CA, en;q=0.5'))).text).toContain('Vos retours sur Acme');
    expect((await client.request('GET', '/', speaking('pt'))).text).toContain('<html lang="pt-BR"');
    expect((await client.request('GET', '/', speaking('ja-JP'))).text).toContain('<h1>Acme へのフィードバック</h1>');
    expect((await client.request('GET', '/', speaking('zh-Hans-CN'))).text).toContain('<html lang="zh-Hans"');
    expect((await client.request('GET', '/', speaking('zh-TW, en;q=0.8'))).text).toContain('<html lang="en"');
  });

  it('writes Arabic right to left, its arrows mirrored', async () => {
    const { pages } = await setupPages({ boardPageSize: 1 });
    const page = await new Client(pages).request('GET', '/boards/features', speaking('ar'));
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain('الصفحة التالية ←');
    expect(page.text).toContain('<summary>أرسل فكرة</summary>');
  });

  it('offers every language in the footer, each linking back to this page, the current one marked', async () => {
    const { pages } = await setupPages({ basePath: '/feedback' });
    const page = await new Client(pages).request('GET', '/feedback/boards/features?sort=new', speaking('es'));
    const next = encodeURIComponent('/feedback/boards/features?sort=new');
    expect(page.text).toContain(`<nav class="languages" aria-label="Idioma">`);
    expect(page.text).toContain(`<a href="/feedback/language?to=de&amp;next=${next}" lang="de" hreflang="de">Deutsch</a>`);
    expect(page.text).toContain(`<a href="/feedback/language?to=es&amp;next=${next}" lang="es" hreflang="es" aria-current="true">Español</a>`);
    expect(page.text).toContain('>العربية</a>');
    expect(page.text).toContain('>English</a>');
  });
});

describe('choosing a language', () => {
  it('keeps the choice in a cookie that wins over Accept-Language, and goes back to the page', async () => {
    const { pages } = await setupPages({ basePath: '/feedback' });
    const client = new Client(pages);
    const chosen = await client.get(`/feedback/language?to=ar&next=${encodeURIComponent('/feedback/boards/features?sort=new')}`);
    expect(chosen.status).toBe(303);
    expect(chosen.location).toBe('/feedback/boards/features?sort=new');
    const set = chosen.headers.getSetCookie().find((c) => c.startsWith('fb_lang='));
    expect(set).toBe('fb_lang=ar; Path=/feedback; HttpOnly; SameSite=Lax; Max-Age=31536000');
    const page = await client.request('GET', '/feedback/boards/features', speaking('de'));
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    const again = await client.get(`/feedback/language?to=de&next=${encodeURIComponent('/feedback/')}`);
    expect(again.location).toBe('/feedback');
    expect((await client.get('/feedback')).text).toContain('<html lang="de"');
  });

  it('refuses a language it does not have with 400 and sets nothing; an outside next goes home', async () => {
    const { pages } = await setupPages();
    const client = new Client(pages);
    for (const to of ['it', '', 'de-AT', 'pt', 'zh-CN', '<script>']) {
      const refused = await client.request('GET', `/language?to=${encodeURIComponent(to)}&next=/boards/features`, speaking('de'));
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('<h1>Unbekannte Sprache</h1>');
      expect(refused.headers.getSetCookie().some((c) => c.startsWith('fb_lang='))).toBe(false);
    }
    expect(client.cookies.has('fb_lang')).toBe(false);
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await client.get(`/language?to=es&next=${encodeURIComponent(next)}`)).location).toBe('/');
    }
    // A tag is the same in any case: the cookie keeps the language's own spelling.
    const picked = await client.get('/language?to=pt-br&next=/');
    expect(picked.status).toBe(303);
    expect(picked.headers.getSetCookie().find((c) => c.startsWith('fb_lang='))).toMatch(/^fb_lang=pt-BR;/);
    expect((await client.get('/')).text).toContain('<html lang="pt-BR"');
    client.cookies.delete('fb_lang');
    // A cookie naming an unknown language is ignored: the header decides.
    client.cookies.set('fb_lang', 'xx');
    expect((await client.request('GET', '/', speaking('de'))).text).toContain('<html lang="de"');
  });

  it('keeps the team dashboard in English whatever the choice and the header, without the picker', async () => {
    const setup = await setupPages();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    team.cookies.set('fb_lang', 'de');
    const dashboard = await team.request('GET', '/dashboard/posts', speaking('de'));
    expect(dashboard.text).toContain('<html lang="en" dir="ltr">');
    expect(dashboard.text).toContain('Sign out');
    expect(dashboard.text).not.toContain('class="languages"');
    expect(dashboard.headers.get('vary')).toBeNull();
  });
});

describe('translated answers', () => {
  it('mails the sign-in link in the language of the page it was asked from, and the link works', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    client.cookies.set('fb_lang', 'de');
    await client.get('/sign-in');
    const sent = await client.post('/sign-in', { email: 'ilse@example.com' });
    expect(sent.text).toContain('Sehen Sie in Ihr Postfach');
    const mail = setup.mailer.messages.at(-1)!;
    expect(mail.subject).toBe('Ihr Anmeldelink für Acme');
    expect(mail.text).toMatch(/^Öffnen Sie diesen Link, um sich anzumelden:\n\nhttp:\/\/pages\.test\/sign-in\/link\?token=/);
    expect(mail.text).toContain('Er gilt einmal, innerhalb von 15 Minuten.');
    const token = linkToken(mail.text);
    await client.get(`/sign-in/link?token=${token}`);
    const used = await client.post('/sign-in/link', { token });
    expect(used.location).toBe('/?notice=signed_in');
    expect((await client.get(used.location!)).text).toContain('Sie sind angemeldet.');
  });

  it('mails a rejection in the configured language, the team’s reason as given', () => {
    const mail = rejectionMail({ to: 'ann@example.com', voterName: 'Ann', postTitle: 'Dark mode', boardName: 'Features', reason: 'Doppelt', productName: 'Acme', locale: 'de' });
    expect(mail).toEqual({
      kind: 'rejection',
      to: 'ann@example.com',
      subject: '[Acme] Ihr Beitrag wurde nicht freigegeben: Dark mode',
      text: 'Hallo Ann,\n\nDas Team von Features hat Ihren Beitrag „Dark mode“ nicht freigegeben; er wird nicht angezeigt.\n\nDie Begründung: Doppelt\n\nSie erhalten diese E-Mail, weil Sie den Beitrag eingereicht haben.',
    });
  });

  it('answers errors in the language too: 404 and a refused form', async () => {
    const { pages } = await setupPages();
    const client = new Client(pages);
    const missing = await client.request('GET', '/boards/nothing', speaking('es'));
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<h1>Página no encontrada</h1>');
    client.cookies.set('fb_lang', 'ar');
    await client.get('/sign-in');
    const refused = await client.post('/sign-in', { email: 'a@example.com' }, { csrf: 'wrong-token-wrong-token' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<h1>غير مسموح</h1>');
  });

  it('keeps hostile values as text inside translated messages, in text and in attributes', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    await api.boards.create({ slug: 'evil', name: HOSTILE.title });
    await setup.board.team(setup.orgId).boards.setPublished('evil', true);
    await api.posts.create('evil', { title: HOSTILE.label });
    const client = new Client(setup.pages);
    for (const language of ['de', 'ar']) {
      for (const path of ['/boards/evil', '/boards/evil/roadmap', '/boards/evil/changelog', '/boards/features', `/boards/features/posts/${setup.ids.hostile}`]) {
        const page = await client.request('GET', path, speaking(language));
        expect(page.status, path).toBe(200);
        expect(page.text, path).not.toContain('<script>window.__xss');
        expect(page.text, path).not.toContain('<img src=x');
        expect(page.text, path).not.toContain('<a href="javascript:');
      }
    }
    const roadmap = await client.request('GET', '/boards/evil/roadmap', speaking('de'));
    expect(roadmap.text).toContain('bei &lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt; geplant');
  });
});
