/**
 * Where the pages may send a browser: every redirect target taken from a request is read as a URL
 * against the pages' origin and only a path of that origin is kept. Spellings of another origin
 * that browsers accept (a TAB or a backslash in `//`, `/.//host`, `https:host`) fall back, odd
 * characters are encoded, never a 500, through `POST /sso`, `?sso=`, `/sign-in`'s `next` (kept in
 * the mailed link), `/language?next=` and a vote's `next`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TARGET_CHARS, requestedPagePath, sameOriginPath } from '../../src/pages/local-target.js';
import { Client, ORIGIN, setupPages } from './helpers.js';
import { claims, fetchRaw, hs256, setupSso, type SsoSetup } from './sso-helpers.js';

/** Targets a browser would follow to another origin, in the spellings browsers accept. */
export const ELSEWHERE = [
  '//evil.example/x',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  ' //evil.example',
  '/.//evil.example/x',
  '/a/..//evil.example',
  '/%2e//evil.example',
  'https://evil.example/',
  'https:evil.example',
  'HTTP://evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
  `${ORIGIN}@evil.example/`,
  'http://pages.test.evil.example/',
];

const plain = (base = '') => ({
  origin: ORIGIN,
  base,
  href: (path: string) => (base + (path.startsWith('/') ? path : `/${path}`)).replace(/^(.+)\/$/, '$1') || '/',
});

describe('requestedPagePath', () => {
  it('keeps paths of the pages, their query and fragment, serialized as the URL parser does', () => {
    const ctx = plain();
    expect(requestedPagePath(ctx, '/boards/features?sort=new#c1')).toBe('/boards/features?sort=new#c1');
    expect(requestedPagePath(ctx, `${ORIGIN}/boards/features`)).toBe('/boards/features');
    expect(requestedPagePath(ctx, '/boards/\tfeatures')).toBe('/boards/features');
    expect(requestedPagePath(ctx, '/\u3000x?q=\u3000')).toBe('/%E3%80%80x?q=%E3%80%80');
    expect(requestedPagePath(ctx, '/x?a=\\b#\\c')).toBe('/x?a=%5Cb#%5Cc');
    expect(requestedPagePath(ctx, '/a/../b/./c')).toBe('/b/c');
  });

  it.each(ELSEWHERE)('falls back for %j', (target) => {
    expect(requestedPagePath(plain(), target, '/fallback')).toBe('/fallback');
    expect(requestedPagePath(plain('/feedback'), target, '/fallback')).toBe('/fallback');
  });

  it('falls back for what is not a non-empty string of at most the longest target', () => {
    for (const target of [null, undefined, 42, '', 'x'.repeat(MAX_TARGET_CHARS + 1), `/${'\u3000'.repeat(200)}`]) {
      expect(requestedPagePath(plain(), target, '/b')).toBe('/b');
    }
  });

  it('keeps only paths under the base path, given as full paths or, for return_to, relative to the base', () => {
    const ctx = plain('/feedback');
    expect(requestedPagePath(ctx, '/feedback/boards/x')).toBe('/boards/x');
    expect(requestedPagePath(ctx, '/feedback')).toBe('/');
    expect(requestedPagePath(ctx, '/other/boards/x')).toBe('/');
    expect(requestedPagePath(ctx, '/feedbackx')).toBe('/');
    expect(requestedPagePath(ctx, '/boards/x', '/', { relativeToBase: true })).toBe('/boards/x');
    expect(requestedPagePath(ctx, '//evil.example', '/', { relativeToBase: true })).toBe('/');
    // Under a base path, a doubled slash stays a path of this origin, but is never kept.
    expect(requestedPagePath(ctx, '/feedback//evil.example')).toBe('/');
  });

  it('sameOriginPath is null for every other origin, and for a path a browser reads as a host', () => {
    expect(sameOriginPath(ORIGIN, '/x')).toBe('/x');
    for (const target of ELSEWHERE) expect(sameOriginPath(ORIGIN, target), target).toBeNull();
  });
});

describe('redirects of the pages', () => {
  let setup: SsoSetup | undefined;
  afterEach(async () => {
    await setup?.server.close();
    setup = undefined;
  });

  /** The origin a browser lands on after following `location` from `origin`. */
  const landsOn = (origin: string, location: string | null) => new URL(location!, origin).origin;

  it('POST /sso sends the browser to its own origin whatever return_to says, and never answers 500', async () => {
    setup = await setupSso();
    const origin = setup.server.url;
    for (const returnTo of [...ELSEWHERE, '/\u3000', '/\u3000/x?y=\u3000', '/\t', '\u0000', '/%', `/${'x'.repeat(5000)}`]) {
      const answer = await fetchRaw(`${origin}/sso`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sso: await hs256(claims(setup), setup.secret), return_to: returnTo }).toString(),
      });
      expect(answer.status, JSON.stringify(returnTo)).toBe(303);
      expect(landsOn(origin, answer.location), JSON.stringify(returnTo)).toBe(origin);
      expect(answer.location).not.toMatch(/^\/\/|^[a-z]+:/i);
    }
    const tab = await fetchRaw(`${origin}/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sso: await hs256(claims(setup), setup.secret), return_to: '/\t/evil.example' }).toString(),
    });
    expect(tab.location).toBe('/');
    const ideographic = await fetchRaw(`${origin}/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sso: await hs256(claims(setup), setup.secret), return_to: '/boards/features?q=\u3000' }).toString(),
    });
    expect(ideographic.location).toBe('/boards/features?q=%E3%80%80');
  });

  it('?sso= on a page whose path a browser reads as a host sends the browser home', async () => {
    setup = await setupSso();
    const origin = setup.server.url;
    const token = await hs256(claims(setup), setup.secret);
    const answer = await fetchRaw(`${origin}/.//evil.example/x?sso=${token}`);
    expect([answer.status, answer.location]).toEqual([303, '/']);
  });

  it("/sign-in keeps only a path of the pages in the mailed link, and a TAB or a far origin in next is no 500", async () => {
    const pages = await setupPages();
    for (const [next, returnedTo] of [
      ['/boards/features\t?sort=new', '/boards/features?sort=new&notice=signed_in'],
      ['/\t/evil.example', '/?notice=signed_in'],
      ['/.//evil.example', '/?notice=signed_in'],
      ['/boards/\u3000', '/boards/%E3%80%80?notice=signed_in'],
    ] as const) {
      const client = new Client(pages.pages);
      await client.get('/sign-in');
      const sent = await client.post('/sign-in', { email: `voter${pages.mailer.messages.length}@example.com`, next });
      expect(sent.status, JSON.stringify(next)).toBe(200);
      const link = /token=([A-Za-z0-9_-]+)/.exec(pages.mailer.messages.at(-1)!.text)![1]!;
      await client.get(`/sign-in/link?token=${link}`);
      const used = await client.post('/sign-in/link', { token: link });
      expect([used.status, used.location], JSON.stringify(next)).toEqual([303, returnedTo]);
    }
  });

  it('/language?next= and a vote form\'s next stay on the pages', async () => {
    const pages = await setupPages();
    const client = new Client(pages.pages);
    for (const next of ELSEWHERE) {
      const chosen = await client.get(`/language?to=de&next=${encodeURIComponent(next)}`);
      expect([chosen.status, chosen.location], next).toEqual([303, '/']);
    }
    const { token } = await pages.board.signIn.createVoterLink(pages.orgId, 'ada@example.com');
    await client.get(`/sign-in/link?token=${token}`);
    await client.post('/sign-in/link', { token });
    await client.get(`/boards/features/posts/${pages.ids.open}`);
    const voted = await client.post(`/boards/features/posts/${pages.ids.open}/vote`, { next: '/.//evil.example' });
    expect([voted.status, voted.location]).toEqual([303, `/boards/features/posts/${pages.ids.open}?notice=voted`]);
  });
});
