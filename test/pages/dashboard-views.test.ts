/**
 * The dashboard's posts list filtered (status category, status label, tag, board, company of a
 * voter, minimum revenue, creation dates, custom field), each filter against posts made so that
 * it keeps some and drops others; a filter that cannot be used is a clear message and no list, not
 * a 500; the pager and the bulk actions keep the filters. Saved views: saved, listed as links,
 * applied, renamed and deleted by the team; a refused name or filter stores nothing; another
 * organization cannot see, rename or delete them.
 */
import { describe, expect, it } from 'vitest';
import { createPagesHandler } from '../../src/pages/index.js';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';
import { snapshot } from '../helpers/state.js';
import { Client, setupPages, signInTeam } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;

/** Posts on "features" made so that each filter keeps some and drops others; the team signed in. */
async function setup() {
  const pages = await setupPages();
  const team = pages.board.team(pages.orgId);
  const api = team.api;
  await api.fields.update('features', { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'], required: false }] });
  const nextUp = await api.statuses.create({ name: 'Next up', color: '#1d4ed8', category: 'planned' });
  const planned = (await api.statuses.list()).statuses.find((s) => s.category === 'planned' && s.is_default)!;
  // Created on 2026-11-20 (the setup's clock), then three days later.
  const labelled = (await api.posts.create('features', { title: 'Labelled export', tags: ['UX'], status: 'planned', fields: { plan: 'Pro' } })).id;
  await api.posts.update('features', labelled, { status_label_id: nextUp.id });
  const plannedUx = (await api.posts.create('features', { title: 'Planned search', tags: ['UX'], status: 'planned' })).id;
  pages.clock.advance(3 * DAY);
  const shipped = (await api.posts.create('features', { title: 'Shipped later', status: 'shipped', fields: { plan: 'Free' } })).id;
  const late = (await api.posts.create('features', { title: 'Later idea', tags: ['API'] })).id;
  const sso = { storage: pages.board.storage, clock: pages.clock };
  const person = async (sub: string, company: { id: string; name: string; monthly_revenue: number } | null) =>
    (await signInSsoUser(sso, pages.orgId, { sub, email: `${sub}@example.test`, name: sub, company })).voter;
  const ann = await person('ann', { id: 'c-1', name: 'Initech', monthly_revenue: 12_500 });
  const cy = await person('cy', { id: 'c-2', name: 'Globex Corp', monthly_revenue: 700 });
  await pages.board.voters.vote(ann.id, labelled);
  await pages.board.voters.vote(cy.id, shipped);
  await api.votes.onBehalf('features', late, { company_id: 'c-1' });
  const client = new Client(pages.pages);
  await signInTeam(pages, client);
  return { ...pages, client, nextUp, planned, posts: { labelled, plannedUx, shipped, late } };
}

/** The post ids of the list's rows, in order. */
const rowIds = (html: string) => [...html.matchAll(/<td class="title"><a href="\/dashboard\/posts\/(\d+)">/g)].map((m) => Number(m[1]));

describe('dashboard: filters of the posts list', () => {
  it('keeps the posts of each filter, alone and together, and says how many match', async () => {
    const s = await setup();
    const { labelled, plannedUx, shipped, late } = s.posts;
    const all = [late, shipped, plannedUx, labelled, s.ids.hostile, s.ids.hidden, s.ids.open];
    const cases: [string, number[]][] = [
      ['board=features', all],
      ['board=drafts', [s.ids.draftPost]],
      ['board=features&status=planned', [plannedUx, labelled]],
      [`board=features&status_label=${s.nextUp.id}`, [labelled]],
      [`board=features&status_label=${s.planned.id}`, [plannedUx]],
      ['board=features&tag=ux', [plannedUx, labelled]],
      ['board=features&company=c-1', [late, labelled]],
      ['board=features&company=c-2', [shipped]],
      ['board=features&min_revenue=701', [late, labelled]],
      ['board=features&min_revenue=700', [late, shipped, labelled]],
      ['board=features&created_after=2026-11-21', [late, shipped]],
      ['board=features&created_before=2026-11-21', [plannedUx, labelled, s.ids.hostile, s.ids.hidden, s.ids.open]],
      ['board=features&created_after=2026-11-20&created_before=2026-11-21', [plannedUx, labelled, s.ids.hostile, s.ids.hidden, s.ids.open]],
      ['board=features&field=plan:Pro', [labelled]],
      ['board=features&field=plan:Free', [shipped]],
      [`board=features&tag=ux&status_label=${s.nextUp.id}&company=c-1&created_before=2026-11-21`, [labelled]],
      ['board=features&tag=ux&company=c-2', []],
      ['board=features&company=c-1&sort=revenue', [late, labelled]],
    ];
    for (const [query, expected] of cases) {
      const page = await s.client.get(`/dashboard/posts?${query}`);
      expect([query, page.status]).toEqual([query, 200]);
      expect([query, rowIds(page.text)]).toEqual([query, expected]);
    }
    const filtered = await s.client.get('/dashboard/posts?board=features&tag=ux');
    expect(filtered.text).toContain('2 posts match the filters, newest first.');
    // The form shows the filters applied, each control labelled.
    expect(filtered.text).toMatch(/<option value="ux" selected[^>]*>UX<\/option>/);
    for (const id of ['board', 'filter-status', 'filter-label', 'filter-tag', 'filter-company', 'filter-revenue', 'filter-after', 'filter-before', 'filter-field', 'sort']) {
      expect(filtered.text).toContain(`<label for="${id}">`);
    }
    expect(filtered.text).toContain('Custom field filter written key:value; this board&#39;s fields: plan.');
    // The company revenue of each post is shown when a revenue filter asks for it.
    const revenue = await s.client.get('/dashboard/posts?board=features&min_revenue=701');
    expect(revenue.text).toContain('<th scope="col">Company revenue</th>');
    expect(revenue.text).toContain('<td>12,500</td>');
  });

  it('answers a filter it cannot use with a clear message and no list, never a 500, and changes nothing', async () => {
    const s = await setup();
    const before = await snapshot(s.board);
    const cases: [string, string][] = [
      ['board=nope', 'There is no board “nope”.'],
      ['board=features&status=maybe', 'Unknown status “maybe”: choose one of open, planned, in_progress, shipped, declined.'],
      ['board=features&status_label=99999', 'Unknown status label “99999”: choose one of your statuses.'],
      ['board=features&status_label=abc', 'Unknown status label “abc”'],
      ['board=features&field=plan', 'The custom field filter “plan” must be written key:value, such as plan:Pro.'],
      ['board=features&field=seats:4', 'This board has no custom field “seats”.'],
      ['board=features&company=c-404', 'Unknown company “c-404”.'],
      ['board=features&min_revenue=-5', 'The minimum revenue “-5” must be a whole number, 0 or more.'],
      ['board=features&min_revenue=lots', 'The minimum revenue “lots” must be a whole number, 0 or more.'],
      ['board=features&created_after=2026-02-30', '“2026-02-30” is not a date: write it YYYY-MM-DD.'],
      ['board=features&created_before=yesterday', '“yesterday” is not a date: write it YYYY-MM-DD.'],
      ['board=features&created_after=2026-11-22&created_before=2026-11-22', 'The “created before” date must come after the “created on or after” date.'],
      [`board=features&tag=${'x'.repeat(201)}`, 'The tag filter is too long (at most 200 characters).'],
    ];
    for (const [query, message] of cases) {
      const page = await s.client.get(`/dashboard/posts?${query}`);
      expect([query, page.status]).toEqual([query, 400]);
      expect(page.text).toContain('role="alert" id="filter-errors"');
      expect(page.text).toContain(message);
      expect(rowIds(page.text)).toEqual([]);
      expect(page.text).not.toContain('Review…');
    }
    // A hostile value is shown as text.
    const hostile = await s.client.get(`/dashboard/posts?board=features&company=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(hostile.status).toBe(400);
    expect(hostile.text).not.toContain('<img src=x');
    expect(hostile.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(await snapshot(s.board)).toEqual(before);
  });

  it('keeps the filters in the pager and in the bulk actions, whose confirmation still says what will happen', async () => {
    const s = await setup();
    const api = s.board.team(s.orgId).api;
    const ids: number[] = [];
    for (let i = 0; i < 52; i += 1) ids.push((await api.posts.create('features', { title: `Tagged ${i}`, tags: ['Bulk'] })).id);
    const first = await s.client.get('/dashboard/posts?board=features&tag=bulk&min_revenue=0');
    expect(first.text).toContain('52 posts match the filters, newest first.');
    expect(first.text).toContain('href="/dashboard/posts?board=features&amp;sort=new&amp;tag=bulk&amp;min_revenue=0&amp;page=2"');
    const second = await s.client.get('/dashboard/posts?board=features&sort=new&tag=bulk&min_revenue=0&page=2');
    expect(rowIds(second.text)).toEqual([ids[1], ids[0]]);
    expect(second.text).toContain('<input type="hidden" name="view" value="sort=new&amp;tag=bulk&amp;min_revenue=0"/>');
    // Select all on the second page: the two posts of the filtered page, and back to the same filters.
    const shipped = (await api.statuses.list()).statuses.find((st) => st.category === 'shipped')!;
    const form = { board: 'features', view: 'sort=new&tag=bulk&min_revenue=0', all_on_page: 'yes', page_ids: String(ids[1]), action: 'status', status_label_id: String(shipped.id) };
    const review = await s.client.post('/dashboard/posts/bulk', form);
    expect(review.status).toBe(200);
    expect(review.text).toContain('Move 1 post to Shipped. Followers are not mailed.');
    expect(review.text).toContain('<input type="hidden" name="view" value="sort=new&amp;tag=bulk&amp;min_revenue=0"/>');
    expect(review.text).toContain('href="/dashboard/posts?board=features&amp;sort=new&amp;tag=bulk&amp;min_revenue=0"');
    const applied = await s.client.post('/dashboard/posts/bulk/apply', { board: 'features', view: 'sort=new&tag=bulk&min_revenue=0&board=drafts&evil=1', post_ids: String(ids[1]), action: 'status', status_label_id: String(shipped.id) });
    expect(applied.location).toBe('/dashboard/posts?board=features&sort=new&tag=bulk&min_revenue=0&notice=saved');
    expect((await api.posts.get('features', ids[1]!)).status).toBe('shipped');
    expect((await api.posts.get('features', ids[0]!)).status).toBe('open');
  });
});

describe('dashboard: saved views', () => {
  it('saves the filters under a name, lists the view as a link that applies them, renames and deletes it', async () => {
    const s = await setup();
    const empty = await s.client.get('/dashboard/posts?board=features');
    expect(empty.text).toContain('No saved views yet');
    const query = `board=features&status_label=${s.nextUp.id}&tag=ux`;
    const page = await s.client.get(`/dashboard/posts?tag=ux&page=1&status_label=${s.nextUp.id}&board=features&notice=saved&evil=x`);
    expect(page.text).toContain(`<input type="hidden" name="query" value="${query.replaceAll('&', '&amp;')}"/>`);
    const saved = await s.client.post('/dashboard/views', { name: '  Next up <UX>  ', query: `tag=ux&status_label=${s.nextUp.id}&board=features&page=3&evil=1` });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/dashboard/posts?${query}&notice=saved`);
    const views = await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId));
    expect(views.map((v) => [v.name, v.query])).toEqual([['Next up <UX>', query]]);
    const id = views[0]!.id;
    // The view is a link on the list of every page of the dashboard's posts, escaped.
    const listed = await s.client.get('/dashboard/posts?board=drafts');
    expect(listed.text).toContain(`<a href="/dashboard/posts?${query.replaceAll('&', '&amp;')}">Next up &lt;UX&gt;</a>`);
    const applied = await s.client.get(`/dashboard/posts?${query}`);
    expect(rowIds(applied.text)).toEqual([s.posts.labelled]);
    expect(applied.text).toContain('aria-current="true">Next up &lt;UX&gt;</a>');
    // An empty view: every post of the first board.
    expect((await s.client.post('/dashboard/views', { name: 'Everything', query: '' })).location).toBe('/dashboard/posts?notice=saved');
    // Renamed, then deleted, each back to the page it was sent from.
    const renamed = await s.client.post(`/dashboard/views/${id}/rename`, { name: 'Next up, UX', back: 'board=drafts' });
    expect(renamed.location).toBe('/dashboard/posts?board=drafts&notice=saved');
    expect((await s.board.storage.transaction('read', (tx) => tx.getSavedView(id)))!.name).toBe('Next up, UX');
    // The same name again is no change, and allowed.
    expect((await s.client.post(`/dashboard/views/${id}/rename`, { name: 'Next up, UX', back: '' })).status).toBe(303);
    const deleted = await s.client.post(`/dashboard/views/${id}/delete`, { back: query });
    expect(deleted.location).toBe(`/dashboard/posts?${query}&notice=saved`);
    expect((await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId))).map((v) => v.name)).toEqual(['Everything']);
    expect((await s.client.post(`/dashboard/views/${id}/delete`, { back: '' })).status).toBe(404);
  });

  it('refuses a name or filters it cannot keep with the reason, storing nothing', async () => {
    const s = await setup();
    await s.client.get('/dashboard/posts');
    await s.client.post('/dashboard/views', { name: 'Taken', query: 'board=features' });
    const [taken] = await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId));
    await s.client.post('/dashboard/views', { name: 'Other', query: 'board=drafts' });
    const other = (await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId)))[1]!;
    const before = await snapshot(s.board);
    const refusals: [string, Record<string, string>, string][] = [
      ['/dashboard/views', { name: '', query: 'board=features' }, 'give the view a name.'],
      ['/dashboard/views', { name: '   ', query: 'board=features' }, 'give the view a name.'],
      ['/dashboard/views', { name: 'x'.repeat(81), query: 'board=features' }, "a view's name has at most 80 characters."],
      ['/dashboard/views', { name: 'Line\nbreak', query: 'board=features' }, "a view's name cannot hold control characters."],
      ['/dashboard/views', { name: ' Taken ', query: 'board=drafts' }, 'there is already a view named “Taken”.'],
      ['/dashboard/views', { name: 'Bad', query: 'board=features&min_revenue=abc' }, 'the filters cannot be used: The minimum revenue “abc” must be a whole number, 0 or more.'],
      ['/dashboard/views', { name: 'Bad', query: 'board=nope' }, 'there is no board “nope”.'],
      ['/dashboard/views', { name: 'Bad', query: 'board=features&field=seats:1' }, 'the filters cannot be used: This board has no custom field “seats”.'],
      [`/dashboard/views/${other.id}/rename`, { name: 'Taken', back: 'board=features' }, 'there is already a view named “Taken”.'],
      [`/dashboard/views/${other.id}/rename`, { name: '', back: 'board=features' }, 'give the view a name.'],
    ];
    for (const [path, form, reason] of refusals) {
      const page = await s.client.post(path, form);
      expect([path, form.name, page.status]).toEqual([path, form.name, 422]);
      expect(page.text).toContain('role="alert" id="view-error"');
      expect(page.text).toContain(`Nothing was saved: ${reason.replaceAll("'", '&#39;')}`);
    }
    // At most 100 views: the 101st is refused.
    await s.board.storage.transaction('write', async (tx) => {
      for (let i = 0; i < 98; i += 1) await tx.insertSavedView({ organization_id: s.orgId, name: `View ${i}`, query: '', created_at: '2026-11-20T12:00:00.000Z' });
    });
    const full = await snapshot(s.board);
    const refused = await s.client.post('/dashboard/views', { name: 'One more', query: 'board=features' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Nothing was saved: the organization keeps at most 100 views: delete one first.');
    expect(await snapshot(s.board)).toEqual(full);
    await s.board.storage.transaction('write', async (tx) => {
      for (const view of (await tx.listSavedViews(s.orgId)).slice(2)) await tx.deleteSavedView(view.id);
    });
    // A refused save keeps the name typed, escaped.
    const hostile = await s.client.post('/dashboard/views', { name: '<b>Taken</b>'.padEnd(90, 'x'), query: 'board=features' });
    expect(hostile.text).toContain('value="&lt;b&gt;Taken&lt;/b&gt;');
    expect(hostile.text).not.toContain('<b>Taken</b>');
    // No CSRF token, a malformed or unknown view: refused.
    expect((await s.client.post('/dashboard/views', { name: 'No token', query: '' }, { csrf: '' })).status).toBe(403);
    expect((await s.client.post(`/dashboard/views/${taken!.id}/delete`, {}, { csrf: 'forged' })).status).toBe(403);
    expect((await s.client.post('/dashboard/views/abc/rename', { name: 'X' })).status).toBe(404);
    expect((await s.client.post('/dashboard/views/99999/delete', {})).status).toBe(404);
    expect(await snapshot(s.board)).toEqual(before);
  });

  it("keeps each organization's views to itself: another cannot see, rename or delete them", async () => {
    const s = await setup();
    await s.client.get('/dashboard/posts');
    await s.client.post('/dashboard/views', { name: 'Acme secret view', query: 'board=features&tag=ux' });
    const [view] = await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId));
    const globex = await s.board.dashboard.organizations.create({ name: 'Globex' });
    const theirs = s.board.team(globex.id);
    await theirs.api.boards.create({ slug: 'features', name: 'Globex features' });
    await theirs.api.posts.create('features', { title: 'Globex post', tags: ['UX'] });
    const member = await theirs.members.add({ email: 'gil@globex.test', name: 'Gil' });
    const globexPages = createPagesHandler(s.board, { organizationId: globex.id });
    const client = new Client(globexPages);
    const { token } = await s.board.signIn.createLink('team', member.id);
    await client.get(`/sign-in/link?token=${token}`);
    expect((await client.post('/sign-in/link', { token })).status).toBe(303);
    const before = await snapshot(s.board);

    const list = await client.get('/dashboard/posts');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Acme secret view');
    expect(list.text).toContain('No saved views yet');
    // The view's filters at Globex are Globex's own list: none of Acme's posts.
    const applied = await client.get('/dashboard/posts?board=features&tag=ux');
    expect(applied.text).toContain('Globex post');
    expect(applied.text).not.toContain('Labelled export');
    const rename = await client.post(`/dashboard/views/${view!.id}/rename`, { name: 'Taken over', back: '' });
    expect(rename.status).toBe(404);
    const remove = await client.post(`/dashboard/views/${view!.id}/delete`, { back: '' });
    expect(remove.status).toBe(404);
    expect(await snapshot(s.board)).toEqual(before);
    // Globex may use the same name for a view of its own.
    expect((await client.post('/dashboard/views', { name: 'Acme secret view', query: '' })).status).toBe(303);
    expect((await s.board.storage.transaction('read', (tx) => tx.listSavedViews(s.orgId))).map((v) => v.name)).toEqual(['Acme secret view']);
    // Signed out, the forms answer nothing but the sign-in.
    const stranger = new Client(s.pages);
    expect((await stranger.post(`/dashboard/views/${view!.id}/delete`, { back: '' }, { csrf: 'x' })).status).not.toBe(303);
    expect((await s.board.storage.transaction('read', (tx) => tx.getSavedView(view!.id)))?.name).toBe('Acme secret view');
  });
});
