/**
 * Merging from the dashboard's post page: "Merge into…" offers the similar posts and takes any
 * post number of the organization; the merged post's page says where it went and unmerges it.
 * Every refusal (itself, a merged post, another organization's post, no CSRF token) changes
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages, signInTeam } from './helpers.js';

async function twoDuplicates() {
  const setup = await setupPages();
  const api = await setup.board.api(setup.writeKey);
  const kept = await api.posts.create('features', { title: 'Dark theme for the editor' });
  const duplicate = await api.posts.create('features', { title: 'Editor dark theme please' });
  await api.comments.create('features', duplicate.id, { body: 'Same here' });
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  return { setup, api, kept, duplicate, client };
}

describe('dashboard: merging posts', () => {
  it('merges a post into a similar one it offers, shows where it went, and unmerges it', async () => {
    const { api, kept, duplicate, client } = await twoDuplicates();
    const page = await client.get(`/dashboard/posts/${duplicate.id}`);
    expect(page.text).toContain('Merge into…');
    expect(page.text).toContain(`name="into" value="${kept.id}"`);

    const merged = await client.post(`/dashboard/posts/${duplicate.id}/merge`, { into: String(kept.id) });
    expect(merged.location).toBe(`/dashboard/posts/${kept.id}?notice=merged`);
    expect((await api.comments.list('features', kept.id)).comments.map((c) => c.body)).toEqual(['Same here']);
    await expect(api.posts.get('features', duplicate.id)).rejects.toMatchObject({ code: 'not_found' });

    const mergedPage = await client.get(`/dashboard/posts/${duplicate.id}`);
    expect(mergedPage.text).toContain(`Post #${duplicate.id} was merged`);
    expect(mergedPage.text).toContain(`href="/dashboard/posts/${kept.id}"`);
    const unmerged = await client.post(`/dashboard/posts/${duplicate.id}/unmerge`);
    expect(unmerged.location).toBe(`/dashboard/posts/${duplicate.id}?notice=unmerged`);
    expect((await api.comments.list('features', duplicate.id)).comments.map((c) => c.body)).toEqual(['Same here']);
    expect((await api.comments.list('features', kept.id)).comments).toEqual([]);
  });

  it('refuses itself, a merged post, another organization\'s post and a form without its CSRF token, changing nothing', async () => {
    const { setup, api, kept, duplicate, client } = await twoDuplicates();
    const other = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const otherKey = (await setup.board.dashboard.apiKeys.create(other.id, { scope: 'write' })).key;
    const otherApi = await setup.board.api(otherKey);
    await otherApi.boards.create({ slug: 'ideas', name: 'Ideas' });
    const foreign = await otherApi.posts.create('ideas', { title: 'Not yours' });
    const before = await api.posts.list('features', { limit: '100' });

    for (const form of [{ into_number: String(duplicate.id) }, { into_number: String(foreign.id) }, { into_number: '999999' }]) {
      const refused = await client.post(`/dashboard/posts/${duplicate.id}/merge`, form);
      expect([form, refused.location]).toEqual([form, `/dashboard/posts/${duplicate.id}?notice=merge_refused`]);
    }
    expect((await client.post(`/dashboard/posts/${duplicate.id}/merge`, { into_number: 'x' })).location).toBe(`/dashboard/posts/${duplicate.id}?notice=invalid`);
    expect((await client.post(`/dashboard/posts/${duplicate.id}/merge`, { into: String(kept.id) }, { csrf: '' })).status).toBe(403);
    expect(await api.posts.list('features', { limit: '100' })).toEqual(before);
    expect((await otherApi.posts.get('ideas', foreign.id)).id).toBe(foreign.id);

    // Into a merged post: refused, as the API refuses it.
    await client.get(`/dashboard/posts/${kept.id}`);
    await client.post(`/dashboard/posts/${kept.id}/merge`, { into: String(setup.ids.open) });
    await client.get(`/dashboard/posts/${duplicate.id}`);
    const intoMerged = await client.post(`/dashboard/posts/${duplicate.id}/merge`, { into_number: String(kept.id) });
    expect(intoMerged.location).toBe(`/dashboard/posts/${duplicate.id}?notice=merge_refused`);
    expect((await api.posts.get('features', duplicate.id)).id).toBe(duplicate.id);
  });
});
