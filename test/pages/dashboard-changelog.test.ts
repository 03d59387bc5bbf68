/**
 * The dashboard's changelog over HTTP: for signed-in team members only, with the CSRF token; an
 * entry written now or at a date and time (UTC), listed with its state, its hostile title and body
 * shown as text; a refused form (another board's post, no time given for "later", an empty title)
 * changes nothing and says why; an entry edited (a scheduled one moved or published now, a
 * published one keeping its time) and deleted after a confirmation, refusals changing nothing;
 * another organization's entry, and an unknown board, are a 404, for reading, editing and deleting.
 */
import { describe, expect, it } from 'vitest';
import { snapshot } from '../helpers/state.js';
import { HOSTILE, Client, setupPages, signInTeam } from './helpers.js';

async function signedIn() {
  const setup = await setupPages();
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  const page = await client.get('/dashboard/changelog');
  return { setup, client, page, team: setup.board.team(setup.orgId).api };
}

describe('the dashboard changelog', () => {
  it('is for the team only: signed out it is a 401 page, and a form without the CSRF token is refused', async () => {
    const setup = await setupPages();
    const visitor = new Client(setup.pages);
    expect((await visitor.get('/dashboard/changelog')).status).toBe(401);
    const before = await snapshot(setup.board);
    expect((await visitor.post('/dashboard/changelog/features', { title: 'X', body: 'Y', when: 'now' }, { csrf: '' })).status).toBe(401);
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.post('/dashboard/changelog/features', { title: 'X', body: 'Y', when: 'now' }, { csrf: 'forged' })).status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('offers the shipped posts first, writes an entry now or scheduled, and lists both, hostile text escaped', async () => {
    const { setup, client, team } = await signedIn();
    await team.posts.update('features', setup.ids.hostile, { status: 'shipped' });
    const form = (await client.get('/dashboard/changelog/features')).text;
    expect(form).toContain('href="/dashboard/changelog" aria-current="page"');
    expect(form.indexOf(`value="${setup.ids.hostile}"`)).toBeLessThan(form.indexOf(`value="${setup.ids.open}"`));
    const now = await client.post('/dashboard/changelog/features', { title: HOSTILE.title, body: '**Bold** <script>x()</script>', when: 'now', post_ids: String(setup.ids.hostile) });
    expect(now.location).toBe('/dashboard/changelog/features?notice=saved');
    const later = await client.post('/dashboard/changelog/features', { title: 'Next week', body: 'Soon', when: 'later', at: '2030-01-02T09:30:15' });
    expect(later.location).toBe('/dashboard/changelog/features?notice=saved');
    const { entries } = await team.changelog.entries('features');
    expect(entries.map((e) => [e.title, e.state, e.publish_at, e.post_ids])).toEqual([
      ['Next week', 'scheduled', '2030-01-02T09:30:15.000Z', []],
      [HOSTILE.title, 'published', null, [setup.ids.hostile]],
    ]);
    const list = (await client.get('/dashboard/changelog/features')).text;
    expect(list).toContain('Scheduled for');
    expect(list).toContain('09:30 UTC');
    expect(list).not.toContain(HOSTILE.title);
    const entry = await client.get(`/dashboard/changelog/features/entries/${entries[1]!.id}`);
    expect(entry.status).toBe(200);
    expect(entry.text).toContain('<strong>Bold</strong> &lt;script&gt;x()&lt;/script&gt;');
    expect(entry.text).not.toContain('<script>x()');
  });

  it('a refused form is shown again with the reason, and nothing changes', async () => {
    const { setup, client } = await signedIn();
    const other = (await (await setup.board.api(setup.writeKey)).posts.create('drafts', { title: 'Elsewhere' })).id;
    const before = await snapshot(setup.board);
    const cases: [Record<string, string>, string][] = [
      [{ title: 'A', body: 'B', when: 'now', post_ids: String(other) }, `Posts: post ${other} is not a post of the board features`],
      [{ title: 'A', body: 'B', when: 'now', post_ids: 'x' }, 'A post chosen is not a post of the board'],
      [{ title: 'A', body: 'B', when: 'later', at: '' }, 'Give the date and time to publish it at'],
      [{ title: '   ', body: 'B', when: 'now' }, 'Title: '],
    ];
    for (const [form, message] of cases) {
      const refused = await client.post('/dashboard/changelog/features', form);
      expect(refused.status, message).toBe(422);
      expect(refused.text).toContain(message);
      expect(refused.text).toContain('Nothing was saved.');
      // What was sent is shown back.
      expect(refused.text).toContain(`value="${form['title']}"`);
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it("another organization's entry and an unknown board are not found", async () => {
    const { setup, client } = await signedIn();
    const globex = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const theirs = setup.board.team(globex.id).api;
    await theirs.boards.create({ slug: 'features', name: 'Globex features' });
    const entry = await theirs.changelog.createEntry('features', { title: 'Globex secret', body: 'x' });
    const mine = await setup.board.team(setup.orgId).api.changelog.createEntry('features', { title: 'Ours', body: 'y' });
    expect((await client.get(`/dashboard/changelog/features/entries/${mine.id}`)).status).toBe(200);
    const foreign = await client.get(`/dashboard/changelog/features/entries/${entry.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Globex secret');
    expect((await client.get(`/dashboard/changelog/drafts/entries/${mine.id}`)).status).toBe(404);
    expect((await client.get('/dashboard/changelog/nope')).status).toBe(404);
    expect((await client.get('/dashboard/changelog/features/entries/abc')).status).toBe(404);
    expect((await client.post('/dashboard/changelog/nope', { title: 'A', body: 'B', when: 'now' })).status).toBe(404);
    // Neither edited nor deleted through another organization's dashboard.
    const before = await snapshot(setup.board);
    expect((await client.post(`/dashboard/changelog/features/entries/${entry.id}`, { title: 'Mine now', body: 'x', when: 'keep' })).status).toBe(404);
    expect((await client.get(`/dashboard/changelog/features/entries/${entry.id}/delete`)).status).toBe(404);
    expect((await client.post(`/dashboard/changelog/features/entries/${entry.id}/delete`, {})).status).toBe(404);
    expect((await client.post(`/dashboard/changelog/drafts/entries/${mine.id}/delete`, {})).status).toBe(404);
    expect(await snapshot(setup.board)).toEqual(before);
    expect((await client.get('/dashboard/changelog/features')).text).not.toContain('Globex secret');
  });

  it('edits a scheduled entry (its words, then its time: now), and a published one keeping its time', async () => {
    const { setup, client, team } = await signedIn();
    const scheduled = await team.changelog.createEntry('features', { title: 'Next week', body: 'Soon', publish_at: '2030-01-02T09:30:00Z' });
    const path = `/dashboard/changelog/features/entries/${scheduled.id}`;
    const page = (await client.get(path)).text;
    expect(page).toContain('Edit this entry');
    expect(page).toContain('As planned, ');
    expect(page).toContain('value="keep" checked');
    const words = await client.post(path, { title: 'Next month', body: 'Later', when: 'keep' });
    expect(words.location).toBe(`${path}?notice=saved`);
    expect(await team.changelog.entries('features')).toMatchObject({ entries: [{ title: 'Next month', body: 'Later', state: 'scheduled', publish_at: '2030-01-02T09:30:00.000Z' }] });
    const moved = await client.post(path, { title: 'Next month', body: 'Later', when: 'later', at: '2031-05-06T07:08' });
    expect(moved.status).toBe(303);
    expect((await team.changelog.entries('features')).entries[0]!.publish_at).toBe('2031-05-06T07:08:00.000Z');
    await client.post(path, { title: 'Here', body: 'Now', when: 'now', post_ids: String(setup.ids.open) });
    const [published] = (await team.changelog.entries('features')).entries;
    expect(published).toMatchObject({ title: 'Here', state: 'published', post_ids: [setup.ids.open] });
    // Published: no time to choose, and what it says of mail.
    const after = (await client.get(path)).text;
    expect(after).not.toContain('name="when"');
    expect(after).toContain('it keeps its time, and its followers are not mailed again');
    await client.post(path, { title: 'Here, edited', body: 'Now' });
    expect((await team.changelog.entries('features')).entries[0]).toMatchObject({ title: 'Here, edited', published_at: published!.published_at });
  });

  it('a refused edit is shown again with the reason, and nothing changes', async () => {
    const { setup, client, team } = await signedIn();
    const other = (await (await setup.board.api(setup.writeKey)).posts.create('drafts', { title: 'Elsewhere' })).id;
    const entry = await team.changelog.createEntry('features', { title: 'Next week', body: 'Soon', publish_at: '2030-01-02T09:30:00Z' });
    const path = `/dashboard/changelog/features/entries/${entry.id}`;
    const before = await snapshot(setup.board);
    const cases: [Record<string, string>, string][] = [
      [{ title: 'A', body: 'B', when: 'keep', post_ids: String(other) }, `Posts: post ${other} is not a post of the board features`],
      [{ title: 'A', body: 'B', when: 'keep', post_ids: 'x' }, 'A post chosen is not a post of the board'],
      [{ title: 'A', body: 'B', when: 'later', at: 'soon' }, 'Give the date and time to publish it at'],
      [{ title: '   ', body: 'B', when: 'keep' }, 'Title: '],
      [{ title: 'A', body: '', when: 'keep' }, 'Body: '],
    ];
    for (const [form, message] of cases) {
      const refused = await client.post(path, form);
      expect(refused.status, message).toBe(422);
      expect(refused.text).toContain(message);
      expect(refused.text).toContain('Nothing was saved.');
      expect(refused.text).toContain(`value="${form['title']}"`);
    }
    expect(await snapshot(setup.board)).toEqual(before);
    // Without the CSRF token, neither an edit nor a delete.
    expect((await client.post(path, { title: 'A', body: 'B', when: 'keep' }, { csrf: 'forged' })).status).toBe(403);
    expect((await client.post(`${path}/delete`, {}, { csrf: 'forged' })).status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('deletes an entry after a confirmation that says what deleting does', async () => {
    const { client, team } = await signedIn();
    const published = await team.changelog.createEntry('features', { title: 'Shipped <b>', body: 'Done' });
    const scheduled = await team.changelog.createEntry('features', { title: 'Next week', body: 'Soon', publish_at: '2030-01-02T09:30:00Z' });
    const confirm = await client.get(`/dashboard/changelog/features/entries/${published.id}/delete`);
    expect(confirm.text).toContain('Shipped &lt;b&gt;</strong> leaves the changelog page and feed of');
    expect(confirm.text).toContain('It cannot be undone.');
    expect((await client.get(`/dashboard/changelog/features/entries/${scheduled.id}/delete`)).text).toContain('Deleted, it is never published, and no one is mailed about it.');
    const deleted = await client.post(`/dashboard/changelog/features/entries/${published.id}/delete`, {});
    expect(deleted.location).toBe('/dashboard/changelog/features?notice=deleted');
    expect((await team.changelog.entries('features')).entries.map((e) => e.id)).toEqual([scheduled.id]);
    expect((await client.get(`/dashboard/changelog/features/entries/${published.id}`)).status).toBe(404);
    expect((await client.post(`/dashboard/changelog/features/entries/${published.id}/delete`, {})).status).toBe(404);
  });
});
