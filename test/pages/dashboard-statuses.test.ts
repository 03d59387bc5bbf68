/**
 * The dashboard's Statuses page over HTTP: for signed-in team members only, every form with its
 * CSRF token; names escaped; a refused form (taken name, bad colour, unknown category, a default's
 * removal, the 51st status) changes nothing and says why; another organization's status is a 404
 * for every route; moving a status up or down reorders it within its category.
 */
import { describe, expect, it } from 'vitest';
import { snapshot } from '../helpers/state.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function signedIn() {
  const setup = await setupPages();
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  await client.get('/dashboard/statuses');
  const team = setup.board.team(setup.orgId).api;
  return { setup, client, team };
}

const names = async (team: Awaited<ReturnType<typeof signedIn>>['team']) => (await team.statuses.list()).statuses.map((s) => s.name);

describe('the Statuses page', () => {
  it('is for the team only: signed out it is a 401 page, and a form without the CSRF token is refused', async () => {
    const setup = await setupPages();
    const visitor = new Client(setup.pages);
    const page = await visitor.get('/dashboard/statuses');
    expect(page.status).toBe(401);
    expect(page.text).not.toContain('Add a status');
    const before = await snapshot(setup.board);
    expect((await visitor.post('/dashboard/statuses', { name: 'X', color: '#000000', category: 'open' }, { csrf: '' })).status).toBe(401);
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.post('/dashboard/statuses', { name: 'X', color: '#000000', category: 'open' }, { csrf: 'forged' })).status).toBe(403);
    expect((await client.post('/dashboard/statuses/1/remove', {}, { csrf: '' })).status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('adds, renames, recolours and removes a status, its name escaped', async () => {
    const { client, team } = await signedIn();
    const added = await client.post('/dashboard/statuses', { name: '<b>Under review</b>', color: '#6B21A8', category: 'open' });
    expect(added.location).toBe('/dashboard/statuses?notice=saved');
    const review = (await team.statuses.list()).statuses.find((s) => s.name === '<b>Under review</b>')!;
    expect(review).toMatchObject({ color: '#6b21a8', category: 'open', is_default: false });
    const page = await client.get('/dashboard/statuses');
    expect(page.text).not.toContain('<b>Under review</b>');
    expect(page.text).toContain('value="&lt;b&gt;Under review&lt;/b&gt;"');
    expect(page.text).toContain('<span class="badge status-open label-6b21a8">&lt;b&gt;Under review&lt;/b&gt;</span>');
    await client.post(`/dashboard/statuses/${review.id}`, { name: 'Under review', color: '#0f766e' });
    expect((await team.statuses.list()).statuses.find((s) => s.id === review.id)).toMatchObject({ name: 'Under review', color: '#0f766e' });
    await team.posts.update('features', 1, { status_label_id: review.id });
    const confirm = await client.get(`/dashboard/statuses/${review.id}/remove`);
    expect(confirm.text).toContain('1 post shows this status and will show ');
    expect(confirm.text).toContain('Remove Under review and move 1 post to Open');
    expect((await client.post(`/dashboard/statuses/${review.id}/remove`)).location).toBe('/dashboard/statuses?notice=saved');
    expect(await names(team)).not.toContain('Under review');
    expect((await team.posts.get('features', 1)).status_label.name).toBe('Open');
  });

  it('refuses a taken name, a bad colour, an unknown category, a default’s removal and a 51st status, changing nothing', async () => {
    const { setup, client, team } = await signedIn();
    const before = await snapshot(setup.board);
    const refusals: [string, Record<string, string>, RegExp][] = [
      ['/dashboard/statuses', { name: 'planned', color: '#000000', category: 'open' }, /another status has this name/],
      ['/dashboard/statuses', { name: 'Fine', color: 'red', category: 'open' }, /must be a colour written #rrggbb/],
      ['/dashboard/statuses', { name: 'Fine', color: '#000000', category: 'someday' }, /category/],
      ['/dashboard/statuses', { name: '   ', color: '#000000', category: 'open' }, /name/],
      ['/dashboard/statuses/1', { name: 'Shipped', color: '#000000' }, /another status has this name/],
      ['/dashboard/statuses/1/remove', {}, /is the default status of open posts/],
      ['/dashboard/statuses/1/move', { direction: 'sideways' }, /choose up or down/],
    ];
    for (const [path, form, reason] of refusals) {
      const answer = await client.post(path, form);
      expect(answer.status, path).toBe(422);
      expect(answer.text, path).toMatch(/Nothing was changed: /);
      expect(answer.text, path).toMatch(reason);
    }
    expect(await snapshot(setup.board)).toEqual(before);
    for (let i = 0; i < 45; i += 1) await team.statuses.create({ name: `Extra ${i}`, color: '#000000', category: 'open' });
    const full = await snapshot(setup.board);
    const answer = await client.post('/dashboard/statuses', { name: 'One too many', color: '#000000', category: 'open' });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('at most 50 statuses');
    expect(await snapshot(setup.board)).toEqual(full);
  });

  it('answers 404 for another organization’s status on every route, changing nothing', async () => {
    const { setup, client } = await signedIn();
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const theirs = await setup.board.team(other.id).api.statuses.create({ name: 'Theirs', color: '#000000', category: 'open' });
    const before = await snapshot(setup.board);
    expect((await client.get(`/dashboard/statuses/${theirs.id}/remove`)).status).toBe(404);
    expect((await client.post(`/dashboard/statuses/${theirs.id}`, { name: 'Mine now', color: '#ffffff' })).status).toBe(404);
    expect((await client.post(`/dashboard/statuses/${theirs.id}/move`, { direction: 'up' })).status).toBe(404);
    expect((await client.post(`/dashboard/statuses/${theirs.id}/remove`)).status).toBe(404);
    expect((await client.get('/dashboard/statuses/999999/remove')).status).toBe(404);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('moves a status up and down within its category', async () => {
    const { client, team } = await signedIn();
    const soon = await team.statuses.create({ name: 'Soon', color: '#000000', category: 'planned' });
    const later = await team.statuses.create({ name: 'Later', color: '#000000', category: 'planned' });
    const planned = async () => (await team.statuses.list()).statuses.filter((s) => s.category === 'planned').map((s) => s.name);
    expect(await planned()).toEqual(['Planned', 'Soon', 'Later']);
    await client.post(`/dashboard/statuses/${later.id}/move`, { direction: 'up' });
    expect(await planned()).toEqual(['Planned', 'Later', 'Soon']);
    await client.post(`/dashboard/statuses/${later.id}/move`, { direction: 'up' });
    expect(await planned()).toEqual(['Later', 'Planned', 'Soon']);
    // The first cannot move further up: nothing changes.
    await client.post(`/dashboard/statuses/${later.id}/move`, { direction: 'up' });
    expect(await planned()).toEqual(['Later', 'Planned', 'Soon']);
    await client.post(`/dashboard/statuses/${soon.id}/move`, { direction: 'down' });
    expect(await planned()).toEqual(['Later', 'Planned', 'Soon']);
    await client.post(`/dashboard/statuses/${later.id}/move`, { direction: 'down' });
    expect(await planned()).toEqual(['Planned', 'Later', 'Soon']);
  });
});
