import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

const NOT_INTEGERS = ['1.5', 'abc', '', '0x10', '1e3', ' 1', '1 ', '+1', '１', 'Infinity', 'NaN', '9007199254740993'];

async function world() {
  const h = await createHarness();
  await h.makeBoard();
  for (const title of ['a', 'b', 'c']) await h.makePost('features', { title, status: 'planned' });
  return h;
}

async function expect422(h: Awaited<ReturnType<typeof world>>, path: string, param: string) {
  const r = await h.req('GET', path);
  expect(r.status, path).toBe(422);
  expect(r.json.error.code).toBe('validation_error');
  expect(r.json.error.details.map((d: { path: string }) => d.path), path).toContain(param);
}

describe('query parameters', () => {
  it('limit and offset take decimal integers only, in range, never clamped', async () => {
    const h = await world();
    for (const base of ['/boards/features/posts', '/boards/features/roadmap', '/boards/features/changelog']) {
      for (const value of [...NOT_INTEGERS, '-1', '0', '501', '1000']) await expect422(h, `${base}?limit=${encodeURIComponent(value)}`, 'limit');
      for (const value of [...NOT_INTEGERS, '-1']) await expect422(h, `${base}?offset=${encodeURIComponent(value)}`, 'offset');
      expect((await h.req('GET', `${base}?limit=1&offset=0`)).status).toBe(200);
      expect((await h.req('GET', `${base}?limit=500&offset=100000`)).status).toBe(200);
    }
    for (const value of [...NOT_INTEGERS, '-1', '0', '501']) await expect422(h, `/boards/features/queue?limit=${encodeURIComponent(value)}`, 'limit');
    expect((await h.req('GET', '/boards/features/queue?limit=500')).json.posts).toHaveLength(3);
    expect((await h.req('GET', '/boards/features/queue?limit=1')).json.posts).toHaveLength(1);
  });

  it('enum parameters refuse unknown values, case-sensitively', async () => {
    const h = await world();
    for (const value of ['closed', 'OPEN', 'Planned', 'in-progress']) await expect422(h, `/boards/features/posts?status=${value}`, 'status');
    for (const value of ['old', 'TOP', 'votes']) await expect422(h, `/boards/features/posts?sort=${value}`, 'sort');
    for (const value of ['7d', '30', '30D', 'month']) await expect422(h, `/boards/features/analytics?period=${value}`, 'period');
    for (const value of ['day', 'WEEK', '30d']) await expect422(h, `/boards/features/ship-stats?period=${value}`, 'period');
  });

  it('an empty value is invalid for every parameter except q', async () => {
    const h = await world();
    for (const name of ['status', 'tag', 'sort', 'limit', 'offset']) await expect422(h, `/boards/features/posts?${name}=`, name);
    await expect422(h, '/boards/features/posts?status', 'status');
    await expect422(h, '/boards/features/queue?limit=', 'limit');
    await expect422(h, '/boards/features/analytics?period=', 'period');
    const q = await h.req('GET', '/boards/features/posts?q=');
    expect(q.status).toBe(200);
    expect(q.json.total).toBe(3);
    expect((await h.req('GET', '/boards/features/posts?q')).json.total).toBe(3);
  });

  it('a repeated parameter is a 422, even with equal values; unknown parameters are ignored', async () => {
    const h = await world();
    for (const query of ['limit=1&limit=2', 'limit=1&limit=1', 'q=a&q=b', 'q=&q=', 'status=open&status=planned', 'tag=a&tag=a', 'sort=new&sort=top', 'offset=0&offset=0']) {
      await expect422(h, `/boards/features/posts?${query}`, query.split('=')[0]!);
    }
    await expect422(h, '/boards/features/changelog?offset=1&offset=2', 'offset');
    await expect422(h, '/boards/features/queue?limit=1&limit=2', 'limit');
    await expect422(h, '/boards/features/ship-stats?period=week&period=week', 'period');
    const unknown = await h.req('GET', '/boards/features/posts?page=2&foo=&foo=bar&LIMIT=0');
    expect(unknown.status).toBe(200);
    expect(unknown.json.total).toBe(3);
    expect((await h.req('GET', '/boards?limit=0&limit=1')).status).toBe(200);
  });

  it('q and tag are text: at most 200 code points, well-formed, no NUL', async () => {
    const h = await world();
    expect((await h.req('GET', `/boards/features/posts?q=${encodeURIComponent('😀'.repeat(200))}`)).status).toBe(200);
    await expect422(h, `/boards/features/posts?q=${encodeURIComponent('😀'.repeat(201))}`, 'q');
    await expect422(h, '/boards/features/posts?q=%00', 'q');
    await expect422(h, '/boards/features/posts?tag=a%00', 'tag');
    // A lone surrogate cannot travel in a URL: its UTF-8 form is invalid and decodes to U+FFFD.
    const replaced = await h.req('GET', '/boards/features/posts?q=%ED%A0%80');
    expect(replaced.status).toBe(200);
    expect(replaced.json.total).toBe(0);
  });

  it('several errors are reported together, and a valid query answers normally', async () => {
    const h = await world();
    const r = await h.req('GET', '/boards/features/posts?limit=0&offset=-1&sort=x');
    expect(r.status).toBe(422);
    expect(r.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['limit', 'offset', 'sort']);
    const ok = await h.req('GET', '/boards/features/posts?status=planned&sort=top&limit=2&offset=1&q=&tag=');
    expect(ok.status).toBe(422); // tag= is empty
    const good = await h.req('GET', '/boards/features/posts?status=planned&sort=top&limit=2&offset=1&q=');
    expect(good.json.posts).toHaveLength(2);
    expect(good.json.total).toBe(3);
  });
});
