/**
 * Images on the pages over HTTP: a voter attaches images to an idea and to a comment (multipart,
 * CSRF-checked), and they show under the text; refusals with a clear message and nothing stored
 * (HTML or SVG named .png, too many, too large, no CSRF token, a body over the bound); serving
 * with its headers, HEAD and ETag; hostile file names escaped; 404 for the public once the post
 * is hidden, merged, held or deleted, or its board a draft; thumbnails, and originals bounded by
 * their attributes when `sharp` cannot be loaded.
 */
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/images/index.js';
import { createThumbnailer } from '../../src/images/thumbnails.js';
import { HTML_PAGE, image, SVG_IMAGE } from '../helpers/images.js';
import { snapshot } from '../helpers/state.js';
import { Client, ORIGIN, postFiles, setupPages, signInVoter, type PagesSetup } from './helpers.js';

const ATTACHMENTS = { attachments: { inspect: inspectImage, baseUrl: ORIGIN } };

async function voterPages(options = {}, limits = {}) {
  const setup = await setupPages(options, { ...ATTACHMENTS, limits });
  const client = new Client(setup.pages);
  await signInVoter(setup, client);
  await client.get('/boards/features/ideas/new');
  return { setup, client };
}

/** The attachment paths a page links to. */
function linkedImages(html: string): string[] {
  return [...html.matchAll(/<a href="(\/attachments\/\d+\/[0-9a-f]{64}\.[a-z]+)"><img src="([^"]+)"/g)].map((m) => m[1]!);
}

async function postWithImages(setup: PagesSetup, client: Client, title: string, files: { filename: string; bytes: Uint8Array }[]) {
  const posted = await postFiles(client, '/boards/features/ideas', { step: 'post', title }, files);
  expect(posted.status).toBe(303);
  return Number(/\/posts\/(\d+)\?notice=submitted$/.exec(posted.location ?? '')?.[1]);
}

describe('attachments on the pages', () => {
  it('a voter attaches images to an idea and to a comment; they show under the text and are served with their headers', async () => {
    const { setup, client } = await voterPages();
    const png = await image('png', 40, 30);
    const id = await postWithImages(setup, client, 'Screenshot of the bug', [{ filename: 'bug.png', bytes: png }]);
    const page = await client.get(`/boards/features/posts/${id}`);
    const [original] = linkedImages(page.text);
    expect(original).toMatch(/^\/attachments\/1\/[0-9a-f]{64}\.png$/);
    expect(page.text).toContain('width="40" height="30" alt="bug.png"');

    const served = await new Client(setup.pages).get(original!);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control', 'etag', 'content-length'].map((h) => [h, served.headers.get(h)]))).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${original!.split('/')[3]!.slice(0, 64)}"`,
      'content-length': String(png.length),
    });
    expect(served.headers.get('set-cookie')).toBeNull();
    const head = await new Client(setup.pages).request('HEAD', original!);
    expect([head.status, head.text, head.headers.get('content-type')]).toEqual([200, '', 'image/png']);
    const again = await new Client(setup.pages).request('GET', original!, { headers: { 'if-none-match': served.headers.get('etag')! } });
    expect([again.status, again.text]).toEqual([304, '']);

    const comment = await postFiles(client, `/boards/features/posts/${id}/comments`, { body: 'And another' }, [{ filename: 'more.gif', bytes: await image('gif', 10, 10) }]);
    expect(comment.status).toBe(303);
    const withComment = await client.get(`/boards/features/posts/${id}`);
    expect(linkedImages(withComment.text)).toHaveLength(2);
    expect(linkedImages(withComment.text)[1]).toMatch(/\.gif$/);
  });

  it('refuses HTML or SVG named .png, too many images and one too large, each with a clear message, storing nothing', async () => {
    const { setup, client } = await voterPages({}, { attachmentsPerItem: 2, attachmentBytes: 8192 });
    const before = await snapshot(setup.board);
    const png = await image('png');
    const big = await image('png', 96, 96);
    expect(big.length).toBeGreaterThan(8192);
    const cases: [{ filename: string; bytes: Uint8Array }[], string][] = [
      [[{ filename: 'cat.png', bytes: HTML_PAGE }], 'image 1 (cat.png) is not a PNG, JPEG, GIF or WebP image'],
      [[{ filename: 'logo.png', bytes: SVG_IMAGE }], 'image 1 (logo.png) is not a PNG, JPEG, GIF or WebP image'],
      [[1, 2, 3].map((n) => ({ filename: `${n}.png`, bytes: png })), 'at most 2 images may be attached; 3 were sent'],
      [[{ filename: 'big.png', bytes: big }], 'image 1 (big.png) is larger than 8 KiB'],
    ];
    for (const [files, message] of cases) {
      const refused = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'Refused' }, files);
      expect(refused.status).toBe(422);
      expect(refused.text).toContain(`Your images were not accepted: ${message}. Nothing was posted.`);
      expect(refused.text).toContain('value="Refused"');
      const comment = await postFiles(client, `/boards/features/posts/${setup.ids.open}/comments`, { body: 'Refused' }, files);
      expect(comment.status).toBe(422);
      expect(comment.text).toContain(message);
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('refuses a multipart form without the CSRF token (403), one declared or streamed past the bound (413), and one where none is taken', async () => {
    const { setup, client } = await voterPages({}, { attachmentsPerItem: 1, attachmentBytes: 1024 });
    const before = await snapshot(setup.board);
    const png = { filename: 'a.png', bytes: await image('png', 8, 8) };
    const noToken = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'No token' }, [png], { csrf: '' });
    expect(noToken.status).toBe(403);
    const huge = { filename: 'huge.png', bytes: new Uint8Array(200 * 1024) };
    const tooLarge = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'Huge' }, [huge]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain('These images are too large to send: at most 1 image of 1 KiB each. Nothing was posted.');
    // No Content-Length: the bound is kept while the body streams.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const streamed = await setup.pages(
      new Request(`${ORIGIN}/boards/features/ideas`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'content-type': 'multipart/form-data; boundary=x', origin: ORIGIN, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    const vote = await postFiles(client, `/boards/features/posts/${setup.ids.open}/vote`, { action: 'vote' }, [png]);
    expect(vote.status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('keeps hostile file names plain: escaped in the page and in Content-Disposition', async () => {
    const { setup, client } = await voterPages();
    const name = '"><img src=x onerror=alert(1)>é.png';
    const id = await postWithImages(setup, client, 'Hostile name', [{ filename: name, bytes: await image('png') }]);
    const page = await client.get(`/boards/features/posts/${id}`);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;é.png"');
    const served = await client.get(linkedImages(page.text)[0]!);
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="_><img src=x onerror=alert(1)>_.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });

  it('answers 404 to the public for an attachment of a hidden, merged, held or deleted post, of a draft board, or under a wrong hash or extension', async () => {
    const { setup, client } = await voterPages();
    const id = await postWithImages(setup, client, 'Will be hidden', [{ filename: 'a.png', bytes: await image('png') }]);
    const path = linkedImages((await client.get(`/boards/features/posts/${id}`)).text)[0]!;
    const status = async () => (await new Client(setup.pages).get(path)).status;
    expect(await status()).toBe(200);
    expect((await new Client(setup.pages).get(path.replace(/[0-9a-f]{64}/, '0'.repeat(64)))).status).toBe(404);
    expect((await new Client(setup.pages).get(path.replace('.png', '.jpg'))).status).toBe(404);
    const team = setup.board.team(setup.orgId);
    await team.posts.setHidden(id, true);
    expect(await status()).toBe(404);
    await team.posts.setHidden(id, false);
    const api = await setup.board.api(setup.writeKey);
    await api.posts.merge('features', id, { into: setup.ids.open });
    expect(await status()).toBe(404);
    await team.posts.unmerge(id);
    await team.boards.setPublished('features', false);
    expect(await status()).toBe(404);
    await team.boards.setPublished('features', true);
    expect(await status()).toBe(200);
    await api.posts.delete('features', id);
    expect(await status()).toBe(404);

    await team.boards.setModerated('features', true);
    await client.get('/boards/features/ideas/new');
    const held = await postFiles(client, '/boards/features/ideas', { step: 'post', title: 'Waiting' }, [{ filename: 'w.png', bytes: await image('png', 9, 9) }]);
    expect(held.location).toMatch(/\/waiting\/\d+/);
    const record = (await setup.board.storage.transaction('read', (tx) => tx.listHeldPostAttachments(1)))[0]!;
    expect((await new Client(setup.pages).get(`/attachments/${record.id}/${record.sha256}.png`)).status).toBe(404);
  });

  it('shows thumbnails made by sharp, and the original bounded by its attributes when sharp cannot be loaded', async () => {
    const withSharp = await voterPages();
    const id = await postWithImages(withSharp.setup, withSharp.client, 'Large picture', [{ filename: 'wide.png', bytes: await image('png', 800, 400) }]);
    const page = await withSharp.client.get(`/boards/features/posts/${id}`);
    const thumbnail = /<img src="([^"]+)" width="320" height="160"/.exec(page.text)?.[1];
    expect(thumbnail).toMatch(/^\/attachments\/1\/[0-9a-f]{64}\/thumbnail\.webp$/);
    const served = await withSharp.client.get(thumbnail!);
    expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual([200, 'image/webp', 'nosniff']);

    const failing = createThumbnailer(() => Promise.reject(new Error("Cannot find package 'sharp'")));
    const without = await voterPages({ thumbnails: failing });
    const other = await postWithImages(without.setup, without.client, 'Large picture', [{ filename: 'wide.png', bytes: await image('png', 800, 400) }]);
    const plain = await without.client.get(`/boards/features/posts/${other}`);
    expect(plain.text).toMatch(/<img src="\/attachments\/1\/[0-9a-f]{64}\.png" width="320" height="160"/);
  });
});
