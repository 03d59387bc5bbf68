/**
 * A board's Fields page on the dashboard over HTTP: for signed-in team members only, every form
 * with its CSRF token; labels escaped; adding, relabelling, making required, changing a choice's
 * options, moving and removing fields through the API's replacement of the list; removing a field
 * posts hold values for first says how many lose them; every refusal of the API (bad key, key
 * taken, a choice without options, options on a text field, a 21st field, an empty label) changes
 * nothing, says why and keeps the field being added; another organization's board is a 404 on
 * every route.
 */
import { describe, expect, it } from 'vitest';
import { snapshot } from '../helpers/state.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function signedIn() {
  const setup = await setupPages();
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  await client.get('/dashboard/boards/features/fields');
  const team = setup.board.team(setup.orgId).api;
  return { setup, client, team };
}

type Team = Awaited<ReturnType<typeof signedIn>>['team'];
const fieldsOf = async (team: Team) => (await team.fields.list('features')).fields;
const BASE = '/dashboard/boards/features/fields';

describe('the Fields page of a board', () => {
  it('is for the team only: signed out it is a 401 page, and a form without the CSRF token is refused', async () => {
    const setup = await setupPages();
    const visitor = new Client(setup.pages);
    const page = await visitor.get(BASE);
    expect(page.status).toBe(401);
    expect(page.text).not.toContain('Add a field');
    const before = await snapshot(setup.board);
    expect((await visitor.post(BASE, { key: 'plan', label: 'Plan', type: 'text' }, { csrf: '' })).status).toBe(401);
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.post(BASE, { key: 'plan', label: 'Plan', type: 'text' }, { csrf: 'forged' })).status).toBe(403);
    await setup.board.team(setup.orgId).api.fields.update('features', { fields: [{ key: 'plan', label: 'Plan', type: 'text' }] });
    const withField = await snapshot(setup.board);
    for (const path of [`${BASE}/plan`, `${BASE}/plan/move`, `${BASE}/plan/remove`]) expect((await client.post(path, { label: 'X' }, { csrf: '' })).status, path).toBe(403);
    expect(await snapshot(setup.board)).toEqual(withField);
    expect(before).not.toEqual(withField);
  });

  it('is linked from the Boards page, and every form carries the CSRF token', async () => {
    const { client, team } = await signedIn();
    expect((await client.get('/dashboard/boards')).text).toContain('href="/dashboard/boards/features/fields"');
    await team.fields.update('features', { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free'] }] });
    const page = await client.get(BASE);
    const forms = page.text.match(/<form [^>]*method="post"/g) ?? [];
    // Save, move and add, and the header's sign-out.
    expect(forms.length).toBe(4);
    expect(page.text.match(/name="csrf"/g)?.length).toBe(forms.length);
  });

  it('adds fields, changes a label, whether it is required and a choice’s options, moves them, labels escaped', async () => {
    const { client, team } = await signedIn();
    expect((await client.get(BASE)).text).toContain('This board asks no fields yet.');
    const added = await client.post(BASE, { key: 'company', label: '<b>Company</b>', type: 'text', options: '', required: 'yes' });
    expect(added.location).toBe(`${BASE}?notice=saved`);
    await client.post(BASE, { key: 'plan', label: 'Plan', type: 'choice', options: 'Free\r\n Pro \n\nEnterprise\n' });
    await client.post(BASE, { key: 'seats', label: 'Seats', type: 'number', options: '' });
    expect(await fieldsOf(team)).toEqual([
      { key: 'company', label: '<b>Company</b>', type: 'text', options: [], required: true },
      { key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro', 'Enterprise'], required: false },
      { key: 'seats', label: 'Seats', type: 'number', options: [], required: false },
    ]);
    const page = await client.get(BASE);
    expect(page.text).not.toContain('<b>Company</b>');
    expect(page.text).toContain('<strong class="user-text">&lt;b&gt;Company&lt;/b&gt;</strong>');
    expect(page.text).toContain('value="&lt;b&gt;Company&lt;/b&gt;"');
    expect(page.text).toContain('Free\nPro\nEnterprise</textarea>');

    expect((await client.post(`${BASE}/company`, { label: 'Company' })).location).toBe(`${BASE}?notice=saved`);
    await client.post(`${BASE}/plan`, { label: 'Plan', options: 'Free\nTeam', required: 'yes' });
    expect((await fieldsOf(team)).slice(0, 2)).toEqual([
      { key: 'company', label: 'Company', type: 'text', options: [], required: false },
      { key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Team'], required: true },
    ]);

    const keys = async () => (await fieldsOf(team)).map((f) => f.key);
    await client.post(`${BASE}/seats/move`, { direction: 'up' });
    expect(await keys()).toEqual(['company', 'seats', 'plan']);
    await client.post(`${BASE}/seats/move`, { direction: 'up' });
    expect(await keys()).toEqual(['seats', 'company', 'plan']);
    // The first cannot move further up, the last not further down: nothing changes.
    expect((await client.post(`${BASE}/seats/move`, { direction: 'up' })).location).toBe(BASE);
    expect((await client.post(`${BASE}/plan/move`, { direction: 'down' })).location).toBe(BASE);
    await client.post(`${BASE}/company/move`, { direction: 'down' });
    expect(await keys()).toEqual(['seats', 'plan', 'company']);
  });

  it('removes a field posts hold values for after saying how many lose them, and one without values at once', async () => {
    const { setup, client, team } = await signedIn();
    await team.fields.update('features', {
      fields: [
        { key: 'plan', label: 'Plan <i>tier</i>', type: 'choice', options: ['Free', 'Pro'] },
        { key: 'note', label: 'Note', type: 'text' },
      ],
    });
    await team.posts.update('features', setup.ids.open, { fields: { plan: 'Pro' } });
    await team.posts.update('features', setup.ids.hostile, { fields: { plan: 'Free', note: 'Hi' } });
    const list = await client.get(BASE);
    expect(list.text).toContain('href="/dashboard/boards/features/fields/plan/remove"');
    const confirm = await client.get(`${BASE}/plan/remove`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('2 posts have a value for Plan &lt;i&gt;tier&lt;/i&gt;; removing it deletes those values.');
    expect(confirm.text).toContain('Remove Plan &lt;i&gt;tier&lt;/i&gt; and its values on 2 posts');
    expect(confirm.text).not.toContain('<i>tier</i>');
    // Looking at the confirmation changes nothing.
    expect((await team.posts.get('features', setup.ids.open)).fields).toEqual({ plan: 'Pro' });
    expect((await client.post(`${BASE}/plan/remove`)).location).toBe(`${BASE}?notice=saved`);
    expect((await fieldsOf(team)).map((f) => f.key)).toEqual(['note']);
    expect((await team.posts.get('features', setup.ids.open)).fields).toEqual({});
    expect((await team.posts.get('features', setup.ids.hostile)).fields).toEqual({ note: 'Hi' });

    await team.posts.update('features', setup.ids.hostile, { fields: { note: null } });
    expect((await client.get(`${BASE}/note/remove`)).text).toContain('No post has a value for Note.');
    await client.post(`${BASE}/note/remove`);
    expect(await fieldsOf(team)).toEqual([]);
  });

  it('refuses what the API refuses, changing nothing, saying why and keeping the field being added', async () => {
    const { setup, client, team } = await signedIn();
    await team.fields.update('features', { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'] }] });
    const before = await snapshot(setup.board);
    const refusals: [string, Record<string, string>, RegExp][] = [
      [BASE, { key: 'Bad Key', label: 'Bad', type: 'text' }, /Bad: the key must be a lower-case letter/],
      [BASE, { key: 'plan', label: 'Plan again', type: 'text' }, /Plan again: the key is the key of another field/],
      [BASE, { key: 'tier', label: 'Tier', type: 'choice', options: '\n \n' }, /Tier: the options must offer at least one option/],
      [BASE, { key: 'seats', label: 'Seats', type: 'number', options: 'One' }, /Seats: the options are only for a choice field/],
      [BASE, { key: 'size', label: 'Size', type: 'colour' }, /Size: the type must be one of: text, number, choice/],
      [BASE, { key: 'empty', label: '   ', type: 'text' }, /empty: the label /],
      [`${BASE}/plan`, { label: 'Plan', options: 'Free\nFree' }, /Plan: the options must each be offered once/],
      [`${BASE}/plan`, { label: 'x'.repeat(81) }, /the label /],
      [`${BASE}/plan/move`, { direction: 'sideways' }, /choose up or down/],
    ];
    for (const [path, form, reason] of refusals) {
      const answer = await client.post(path, form);
      expect(answer.status, path).toBe(422);
      expect(answer.text, path).toContain('Nothing was changed: ');
      expect(answer.text, path).toMatch(reason);
    }
    expect(await snapshot(setup.board)).toEqual(before);
    // The refused field comes back as it was typed.
    const kept = await client.post(BASE, { key: 'tier', label: 'Tier <b>x</b>', type: 'choice', options: 'Gold\nGold', required: 'yes' });
    expect(kept.text).toContain('id="new-key" name="key" maxlength="40" required="" pattern="[a-z][a-z0-9_]*" value="tier"');
    expect(kept.text).toContain('value="Tier &lt;b&gt;x&lt;/b&gt;"');
    expect(kept.text).toContain('<option value="choice" selected="">');
    expect(kept.text).toContain('Gold\nGold</textarea>');
    expect(kept.text).toMatch(/<input type="checkbox" name="required" value="yes" checked=""\/?> Required: a new idea/);
    // The 21st field.
    const twenty = Array.from({ length: 20 }, (_, i) => ({ key: `f${i}`, label: `F${i}`, type: 'text' as const }));
    await team.fields.update('features', { fields: twenty });
    const full = await snapshot(setup.board);
    const answer = await client.post(BASE, { key: 'one_more', label: 'One more', type: 'text' });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('a board has at most 20 fields.');
    expect(await snapshot(setup.board)).toEqual(full);
  });

  it('answers 404 for another organization’s board, a draft of none, or a field the board lacks, changing nothing', async () => {
    const { setup, client } = await signedIn();
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const theirs = setup.board.team(other.id).api;
    await theirs.boards.create({ slug: 'secret', name: 'Secret' });
    await theirs.fields.update('secret', { fields: [{ key: 'plan', label: 'Their plan', type: 'text' }] });
    const before = await snapshot(setup.board);
    for (const path of ['/dashboard/boards/secret/fields', '/dashboard/boards/secret/fields/plan/remove', `${BASE}/nothing/remove`, '/dashboard/boards/nowhere/fields']) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('Their plan');
    }
    for (const [path, form] of [
      ['/dashboard/boards/secret/fields', { key: 'mine', label: 'Mine', type: 'text' }],
      ['/dashboard/boards/secret/fields/plan', { label: 'Mine now' }],
      ['/dashboard/boards/secret/fields/plan/move', { direction: 'up' }],
      ['/dashboard/boards/secret/fields/plan/remove', {}],
      [`${BASE}/nothing`, { label: 'X' }],
      [`${BASE}/nothing/move`, { direction: 'up' }],
      [`${BASE}/nothing/remove`, {}],
    ] as [string, Record<string, string>][]) {
      expect((await client.post(path, form)).status, path).toBe(404);
    }
    expect(await snapshot(setup.board)).toEqual(before);
    expect((await theirs.fields.list('secret')).fields.map((f) => f.label)).toEqual(['Their plan']);
  });
});
