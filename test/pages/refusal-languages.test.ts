/**
 * The pages' refusals and error pages in the voter's language over HTTP: refused images (an HTML
 * file named .png, one too large, too many) on the idea form and the comment form, each naming
 * the file, with nothing posted; every reason of a refusal worded from its code and values; the
 * file field; the 413 of a form too large; the 503 while the
 * storage is down; the refusal of a single sign-on token (the developer's reason staying
 * English); the dashboard's refusal of a visitor who is no team member. The English text is
 * absent each time; the team's pages stay English.
 */
import { describe, expect, it } from 'vitest';
import type { UploadRefusalReason } from '../../src/domain/attachments.js';
import { FeedbackBoardError, type ErrorDetail } from '../../src/domain/errors.js';
import { translatorFor } from '../../src/i18n/translator.js';
import { uploadRefusal } from '../../src/pages/attachments.js';
import type { PageContext } from '../../src/pages/context.js';
import { inspectImage } from '../../src/images/index.js';
import { HTML_PAGE, image } from '../helpers/images.js';
import { snapshot } from '../helpers/state.js';
import { Client, ORIGIN, postFiles, setupPages, signInTeam, signInVoter, type PagesSetup } from './helpers.js';

const ATTACHMENTS = { attachments: { inspect: inspectImage, baseUrl: ORIGIN } };
const speaking = (language: string) => ({ headers: { 'accept-language': language } });

/** A voter signed in, whose pages are in `language` (chosen with the footer's picker). */
async function voterIn(language: string, limits = {}) {
  const setup = await setupPages({}, { ...ATTACHMENTS, limits });
  const client = new Client(setup.pages);
  await signInVoter(setup, client);
  const chosen = await client.get(`/language?to=${language}&next=/`);
  expect(chosen.status).toBe(303);
  return { setup, client };
}

/** How many posts the published board has, and how many comments its open post. */
function counts(setup: PagesSetup) {
  return setup.board.storage.transaction('read', async (tx) => {
    const board = (await tx.listBoards(setup.orgId)).find((b) => b.slug === 'features')!;
    const posts = (await tx.listPosts(board.id, { sort: 'new', limit: 500, offset: 0 })).rows.length;
    return { posts, comments: (await tx.listComments(setup.ids.open)).length };
  });
}

describe('refused images in the page’s language', () => {
  it('German: an HTML file named .png and an image too large, on the idea form and the comment form, each naming the file; nothing posted', async () => {
    const { setup, client } = await voterIn('de', { attachmentsPerItem: 2, attachmentBytes: 8192 });
    const form = await client.get('/boards/features/ideas/new');
    expect(form.text).toContain('Bilder (optional)');
    expect(form.text).toContain('Bis zu 2 Bilder im Format PNG, JPEG, GIF oder WebP, je höchstens 8 KiB.');
    expect(form.text).not.toContain('Images (optional)');
    expect(form.text).not.toContain('Up to 2');

    const big = await image('png', 96, 96);
    expect(big.length).toBeGreaterThan(8192);
    const cases = [
      { files: [{ filename: 'evil.png', bytes: HTML_PAGE }], german: 'Bild 1 (evil.png) ist kein PNG-, JPEG-, GIF- oder WebP-Bild.', english: 'is not a PNG, JPEG, GIF or WebP image' },
      { files: [{ filename: 'small.png', bytes: await image('png') }, { filename: 'huge photo.png', bytes: big }], german: 'Bild 2 (huge photo.png) ist größer als 8 KiB.', english: 'is larger than' },
    ];
    const before = await counts(setup);
    const stored = await snapshot(setup.board);
    for (const { files, german, english } of cases) {
      const idea = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'Abgelehnte Idee' }, files);
      expect(idea.status).toBe(422);
      expect(idea.text).toContain('<html lang="de" dir="ltr">');
      expect(idea.text).toContain(`Ihre Bilder wurden nicht angenommen: ${german} Es wurde nichts veröffentlicht.`);
      expect(idea.text).toContain('value="Abgelehnte Idee"');
      expect(idea.text).not.toContain('Your images were not accepted');
      expect(idea.text).not.toContain(english);
      expect(idea.text).not.toContain('Nothing was posted');

      await client.get(`/boards/features/posts/${setup.ids.open}`);
      const comment = await postFiles(client, `/boards/features/posts/${setup.ids.open}/comments`, { body: 'Abgelehnter Kommentar' }, files);
      expect(comment.status).toBe(422);
      expect(comment.text).toContain('<h1>Kommentar nicht veröffentlicht</h1>');
      expect(comment.text).toContain(`Ihre Bilder wurden nicht angenommen: ${german} Es wurde nichts veröffentlicht.`);
      expect(comment.text).toContain(`>Zurück zum Beitrag</a>`);
      for (const text of ['Comment not posted', 'Back to the post', 'Your images were not accepted', english]) expect(comment.text).not.toContain(text);
    }
    expect(await counts(setup)).toEqual(before);
    expect(await snapshot(setup.board)).toEqual(stored);
  });

  it('Arabic: too many images, with Arabic plural forms; a hostile file name stays text', async () => {
    const { setup, client } = await voterIn('ar', { attachmentsPerItem: 2 });
    const before = await counts(setup);
    await client.get(`/boards/features/posts/${setup.ids.open}`);
    const png = await image('png');
    const three = [1, 2, 3].map((n) => ({ filename: `${n}.png`, bytes: png }));
    const comment = await postFiles(client, `/boards/features/posts/${setup.ids.open}/comments`, { body: 'تعليق' }, three);
    expect(comment.status).toBe(422);
    expect(comment.text).toContain('<html lang="ar" dir="rtl">');
    expect(comment.text).toContain('لم تُقبل صورك: يمكن إرفاق صورتين على الأكثر، وقد أُرسلت 3 صور. لم يُنشر شيء.');
    expect(comment.text).toContain('<h1>لم يُنشر التعليق</h1>');
    expect(comment.text).not.toContain('at most 2 images');

    await client.get('/boards/features/ideas/new');
    const hostile = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'فكرة' }, [{ filename: '<img src=x onerror=alert(1)>.png', bytes: HTML_PAGE }]);
    expect(hostile.status).toBe(422);
    expect(hostile.text).toContain('الصورة رقم 1 (&lt;img src=x onerror=alert(1)&gt;.png) ليست صورة بصيغة PNG أو JPEG أو GIF أو WebP.');
    expect(hostile.text).not.toContain('<img src=x');
    expect(await counts(setup)).toEqual(before);
  });

  it('the team’s comment form keeps the refusal in English', async () => {
    const setup = await setupPages({}, ATTACHMENTS);
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    team.cookies.set('fb_lang', 'de');
    await team.get(`/dashboard/posts/${setup.ids.open}`);
    const refused = await postFiles(team, `/dashboard/posts/${setup.ids.open}/comments`, { body: 'Team' }, [{ filename: 'cat.png', bytes: HTML_PAGE }]);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Your images were not accepted: image 1 (cat.png) is not a PNG, JPEG, GIF or WebP image. Nothing was posted.');
    expect(refused.text).not.toContain('Ihre Bilder');
  });
});

describe('the refusal of an upload, worded from its reason', () => {
  const german = { t: translatorFor('de').t } as PageContext;
  const refusal = (detail: ErrorDetail) => uploadRefusal(german, new FeedbackBoardError('validation_error', `${detail.path}: ${detail.message}`, { details: [detail] }));
  const image = { position: 3, filename: 'bild.webp' };

  it('has a German sentence for every reason, with the values it names, and none of the English message', () => {
    const cases: [UploadRefusalReason, Record<string, string | number>, string][] = [
      ['too_many', { limit: 5, count: 6 }, 'Sie können höchstens 5 Bilder anhängen, gesendet wurden 6.'],
      ['not_taken', {}, 'Dieses Board nimmt keine Bilder an.'],
      ['too_large', { ...image, limit: 5 * 1024 * 1024 }, 'Bild 3 (bild.webp) ist größer als 5 MiB.'],
      ['not_supported', image, 'Bild 3 (bild.webp) ist kein PNG-, JPEG-, GIF- oder WebP-Bild.'],
      ['unreadable', image, 'Bild 3 (bild.webp) ist nicht lesbar (der Dateikopf ist beschädigt oder unvollständig).'],
      ['too_many_pixels', { ...image, limit: 16_384 }, 'Bild 3 (bild.webp) ist an einer Seite größer als 16.384 Pixel.'],
      ['too_many_megapixels', { ...image, limit: 40 }, 'Bild 3 (bild.webp) hat mehr als 40 Megapixel.'],
      ['not_whole', image, 'Bild 3 (bild.webp) ist nicht vollständig (es ist abgeschnitten, oder ihm folgen weitere Daten).'],
      ['holds_markup', image, 'Bild 3 (bild.webp) enthält neben dem Bild auch Markup.'],
      ['refused', image, 'Bild 3 (bild.webp) ist kein Bild, das dieses Board annimmt.'],
    ];
    for (const [reason, values, text] of cases) {
      expect(refusal({ path: 'attachments[2]', message: 'the English message', reason, values })).toBe(`Ihre Bilder wurden nicht angenommen: ${text} Es wurde nichts veröffentlicht.`);
    }
  });

  it('words an unknown reason as an image refused, and a detail without its values as a refusal in general; other errors are not its', () => {
    expect(refusal({ path: 'attachments[2]', message: 'x', reason: 'too_blue', values: image })).toContain('Bild 3 (bild.webp) ist kein Bild, das dieses Board annimmt.');
    const general = 'Ihre Bilder wurden nicht angenommen. Es wurde nichts veröffentlicht.';
    expect(refusal({ path: 'attachments', message: 'x' })).toBe(general);
    expect(refusal({ path: 'attachments[0]', message: 'x', reason: 'too_large', values: { position: 1, filename: 'a.png' } })).toBe(general);
    expect(refusal({ path: 'attachments[0]', message: 'x', reason: 'too_many', values: { limit: '5', count: 6 } })).toBe(general);
    expect(refusal({ path: 'title', message: 'x' })).toBeNull();
    expect(uploadRefusal(german, new FeedbackBoardError('not_found', 'x'))).toBeNull();
  });
});

describe('error pages in the page’s language', () => {
  it('German: a form with images too large to read (413) says the limits; Arabic: any other form too large', async () => {
    const { setup, client } = await voterIn('de', { attachmentsPerItem: 1, attachmentBytes: 1024 });
    await client.get('/boards/features/ideas/new');
    const before = await counts(setup);
    const tooLarge = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'Riesig' }, [{ filename: 'huge.png', bytes: new Uint8Array(200 * 1024) }]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain('<h1>Zu groß</h1>');
    expect(tooLarge.text).toContain('Diese Bilder sind zu groß zum Senden: höchstens 1 Bild mit je 1 KiB. Es wurde nichts veröffentlicht.');
    expect(tooLarge.text).toContain('Gehen Sie zurück und versuchen Sie es erneut.');
    for (const text of ['Too large', 'These images are too large', 'Go back and try again']) expect(tooLarge.text).not.toContain(text);
    expect(await counts(setup)).toEqual(before);

    client.cookies.set('fb_lang', 'ar');
    await client.get('/sign-in');
    const form = await client.post('/sign-in', { email: 'a@example.com', filler: 'x'.repeat(70 * 1024) });
    expect(form.status).toBe(413);
    expect(form.text).toContain('<html lang="ar" dir="rtl">');
    expect(form.text).toContain('<h1>كبير جدًا</h1>');
    expect(form.text).toContain('هذا النموذج كبير جدًا.');
    expect(form.text).toContain('ارجع وحاول مرة أخرى.');
    for (const text of ['Too large', 'This form is too large.', 'Go back and try again']) expect(form.text).not.toContain(text);
  });

  it('Arabic and German while the storage is down (503): the request’s language, read without the storage; English on the dashboard', async () => {
    const setup = await setupPages();
    setup.board.storage.transaction = () => Promise.reject(new FeedbackBoardError('service_unavailable', 'The storage is unavailable'));
    const client = new Client(setup.pages);
    const arabic = await client.request('GET', '/boards/features', speaking('ar'));
    expect(arabic.status).toBe(503);
    expect(arabic.headers.get('retry-after')).not.toBeNull();
    expect(arabic.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(arabic.text).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(arabic.text).toContain('<h1>غير متاح مؤقتًا</h1>');
    expect(arabic.text).toContain('يُرجى المحاولة مرة أخرى بعد قليل.');
    expect(arabic.text).not.toContain('Temporarily unavailable');
    expect(arabic.text).not.toContain('Please try again');

    client.cookies.set('fb_lang', 'de');
    const german = await client.request('GET', '/', speaking('ar'));
    expect(german.status).toBe(503);
    expect(german.text).toContain('<h1>Vorübergehend nicht verfügbar</h1>');

    const dashboard = await client.request('GET', '/dashboard', speaking('de'));
    expect(dashboard.status).toBe(503);
    expect(dashboard.text).toContain('<html lang="en" dir="ltr">');
    expect(dashboard.text).toContain('<h1>Temporarily unavailable</h1>');
    expect(dashboard.headers.get('vary')).toBeNull();
  });

  it('German: a refused single sign-on token; the reason for the application’s developer stays English, marked so', async () => {
    const { pages } = await setupPages();
    const refused = await new Client(pages).request('GET', '/boards/features?sso=not-a-token', speaking('de'));
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('<html lang="de" dir="ltr">');
    expect(refused.text).toContain('<title>Anmeldung abgelehnt · Acme</title>');
    expect(refused.text).toContain('<h1>Die Anmeldung per Single Sign-On hat nicht funktioniert</h1>');
    expect(refused.text).toContain('Die Anwendung, die Sie hierher geschickt hat, hat ein Anmeldetoken übergeben, das dieses Board nicht akzeptiert.');
    expect(refused.text).toContain('<h2>Was zu beheben ist</h2>');
    expect(refused.text).toContain('<p lang="en" dir="ltr">This is not a JWT in compact form (header.payload.signature).</p>');
    expect(refused.text).toContain('>Ohne Anmeldung weiter</a>');
    for (const text of ['Single sign-on did not work', 'The application that sent you here', 'What to fix', 'Continue without signing in', 'Sign-in refused']) {
      expect(refused.text).not.toContain(text);
    }
  });

  it('Arabic: the dashboard refuses a visitor who is no team member in their language; a member gets the English dashboard', async () => {
    const setup = await setupPages();
    const voter = new Client(setup.pages);
    await signInVoter(setup, voter);
    voter.cookies.set('fb_lang', 'ar');
    const refused = await voter.get('/dashboard/posts');
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('<html lang="ar" dir="rtl">');
    expect(refused.text).toContain('<h1>لأعضاء الفريق فقط</h1>');
    expect(refused.text).toContain('لوحة التحكم مخصّصة للفريق.');
    expect(refused.text).toContain('class="languages"');
    expect(refused.headers.get('vary')).toBe('Accept-Language, Cookie');
    for (const text of ['Team members only', 'The dashboard is for the team', 'Team only']) expect(refused.text).not.toContain(text);

    const anonymous = await new Client(setup.pages).request('GET', '/dashboard', speaking('de'));
    expect(anonymous.text).toContain('<h1>Nur für Teammitglieder</h1>');

    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    team.cookies.set('fb_lang', 'ar');
    const dashboard = await team.get('/dashboard/posts');
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('<html lang="en" dir="ltr">');
  });
});
