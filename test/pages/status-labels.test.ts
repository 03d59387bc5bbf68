/**
 * The organization's statuses on the pages: each post shows its label (the public board, the post
 * page, the roadmap's cards, the dashboard's list and post page), a default label in the page's
 * language unless renamed, an added or renamed one as written and escaped; its colour comes from
 * the labels' stylesheet, with readable text; the dashboard's status control offers the labels
 * grouped by category and refuses another organization's.
 */
import { describe, expect, it } from 'vitest';
import { contrastRatio, labelSheet, labelTextColor } from '../../src/pages/status-labels.js';
import { snapshot } from '../helpers/state.js';
import { Client, setupPages, signInTeam, type PagesSetup } from './helpers.js';

/** A label name that would run script if it were not escaped (a name has at most 40 characters). */
const HOSTILE_LABEL = '<img src=x onerror="window.__xss=8">';

/** The label text of the badge of the post card `id` on a public board page. */
function cardBadge(html: string, id: number): string | undefined {
  const card = html.slice(html.indexOf(`id="post-${id}"`));
  return /<span class="badge status-[a-z_]+ label-[0-9a-f]{6}">([^<]*)<\/span>/.exec(card)?.[1];
}

async function withLabel(setup: PagesSetup, name: string, color = '#6b21a8', category: 'open' | 'planned' = 'planned') {
  const team = setup.board.team(setup.orgId).api;
  const label = await team.statuses.create({ name, color, category });
  await team.posts.update('features', setup.ids.open, { status_label_id: label.id });
  return label;
}

const german = { headers: { 'accept-language': 'de' } };

describe('status labels on the public pages', () => {
  it('show an added label as written, escaped, in its colour, on the board, the post page and the roadmap', async () => {
    const setup = await setupPages();
    const label = await withLabel(setup, HOSTILE_LABEL, '#6b21a8');
    const client = new Client(setup.pages);
    const board = await client.get('/boards/features');
    expect(board.text).not.toContain(HOSTILE_LABEL);
    expect(cardBadge(board.text, setup.ids.open)).toBe('&lt;img src=x onerror=&quot;window.__xss=8&quot;&gt;');
    expect(board.text).toContain(`class="badge status-planned label-6b21a8"`);
    // The colours of the labels shown, in one stylesheet the page links.
    const sheet = /<link rel="stylesheet" href="(\/assets\/labels\.css\?c=[0-9a-f.]+)"/.exec(board.text)?.[1];
    expect(sheet).toBe('/assets/labels.css?c=374151.6b21a8');
    const css = await client.get(sheet!);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toContain('immutable');
    expect(css.text).toContain('.badge.label-6b21a8 { background: #6b21a8; color: #ffffff; border-color: #6b21a8; }');
    expect(css.text).toContain('.badge.label-374151 {');

    const post = await client.get(`/boards/features/posts/${setup.ids.open}`);
    expect(post.text).toContain('<span class="badge status-planned label-6b21a8">&lt;img src=x onerror=&quot;window.__xss=8&quot;&gt;</span>');
    expect(post.text).toContain('href="/assets/labels.css?c=6b21a8"');

    // The roadmap's column is the category; its card shows the label.
    const roadmap = await client.get('/boards/features/roadmap');
    const planned = roadmap.text.slice(roadmap.text.indexOf('id="col-planned"'), roadmap.text.indexOf('id="col-in_progress"'));
    expect(planned).toContain('<span class="badge status-planned">Planned</span>');
    expect(planned).toContain('Dark mode');
    expect(planned).toContain(`label-6b21a8">&lt;img src=x`);
    expect(label.category).toBe('planned');
  });

  it('show a default label in the page language unless the organization renamed it', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    const team = setup.board.team(setup.orgId).api;
    await team.posts.update('features', setup.ids.open, { status: 'planned' });
    expect(cardBadge((await client.request('GET', '/boards/features', german)).text, setup.ids.open)).toBe('Geplant');
    expect(cardBadge((await client.get('/boards/features')).text, setup.ids.open)).toBe('Planned');
    const planned = (await team.statuses.list()).statuses.find((s) => s.category === 'planned' && s.is_default)!;
    await team.statuses.update(planned.id, { name: 'Next up' });
    expect(cardBadge((await client.request('GET', '/boards/features', german)).text, setup.ids.open)).toBe('Next up');
    const post = await client.request('GET', `/boards/features/posts/${setup.ids.open}`, german);
    expect(post.text).toContain('>Next up</span>');
    // An added label keeps its name in every language.
    await withLabel(setup, 'In Prüfung', '#fde68a', 'open');
    expect(cardBadge((await client.request('GET', '/boards/features', german)).text, setup.ids.open)).toBe('In Prüfung');
  });

  it("filter the public board by an added label, each category keeping its own option, and refuse nothing but find nothing for a label not the board's organization's", async () => {
    const setup = await setupPages({ boardPageSize: 1 });
    const api = await setup.board.api(setup.writeKey);
    const review = await withLabel(setup, 'Under review', '#6b21a8', 'open');
    const hostile = await setup.board.team(setup.orgId).api.statuses.create({ name: HOSTILE_LABEL, color: '#145c2a', category: 'open' });
    const plain = await api.posts.create('features', { title: 'Plain open post' });
    const client = new Client(setup.pages);
    const board = await client.get('/boards/features');
    const select = board.text.slice(board.text.indexOf('<select id="status"'), board.text.indexOf('</select>', board.text.indexOf('<select id="status"')));
    // Open has added labels: a group of the whole category and each added label, escaped.
    expect(select).toContain(`<optgroup label="Open"><option value="open">Open</option><option value="label-${review.id}">Under review</option>`);
    expect(select).toContain(`<option value="label-${hostile.id}">&lt;img src=x onerror=&quot;window.__xss=8&quot;&gt;</option>`);
    expect(select).not.toContain(HOSTILE_LABEL);
    // Planned has its default only: one option, no group.
    expect(select).toContain('<option value="planned">Planned</option>');
    expect(select).not.toContain('<optgroup label="Planned">');

    // Two posts carry the label, one a page: the first page shows one and links to the second.
    const reviewed = await api.posts.create('features', { title: 'Second reviewed post' });
    await setup.board.team(setup.orgId).api.posts.update('features', reviewed.id, { status_label_id: review.id });
    const byLabel = await client.get(`/boards/features?status=label-${review.id}&sort=new`);
    expect(byLabel.status).toBe(200);
    expect(byLabel.text).toContain(`<option value="label-${review.id}" selected="">Under review</option>`);
    expect(cardBadge(byLabel.text, reviewed.id)).toBe('Under review');
    const next = /<a href="([^"]*page=2)">/.exec(byLabel.text)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBe(`/boards/features?sort=new&status=label-${review.id}&page=2`);
    const second = await client.get(next!);
    expect(cardBadge(second.text, setup.ids.open)).toBe('Under review');
    for (const html of [byLabel.text, second.text]) expect(html).not.toContain(`id="post-${plain.id}"`);
    // The whole category lists the labelled posts and the others (newest first: the reviewed post, then the plain one).
    const open = await client.get('/boards/features?status=open&sort=new&page=2');
    expect(open.text).toContain(`id="post-${plain.id}"`);

    // A label of another organization, or of none, finds nothing; a malformed value is no filter.
    const globex = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const foreign = await setup.board.team(globex.id).api.statuses.create({ name: 'Foreign', color: '#000000', category: 'open' });
    for (const value of [`label-${foreign.id + 1000}`, `label-${foreign.id}`]) {
      const page = await client.get(`/boards/features?status=${value}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('id="post-');
      expect(page.text).not.toContain('Foreign');
    }
    const malformed = await client.get('/boards/features?status=label-x&sort=new&page=2');
    expect(malformed.status).toBe(200);
    expect(malformed.text).not.toContain('selected="">Under review');
    expect(malformed.text).toContain(`id="post-${plain.id}"`);
  });

  it('never read a colour sheet that names anything but colours', async () => {
    const client = new Client((await setupPages()).pages);
    const css = await client.get('/assets/labels.css?c=ffffff.}body{display:none}.zzzzzz.FDE68A.6b21a8');
    expect(css.text).toBe(
      ['.badge.label-ffffff { background: #ffffff; color: #000000; border-color: #ffffff; }', '.badge.label-fde68a { background: #fde68a; color: #000000; border-color: #fde68a; }', '.badge.label-6b21a8 { background: #6b21a8; color: #ffffff; border-color: #6b21a8; }', ''].join('\n'),
    );
    expect((await client.get('/assets/labels.css')).text).toBe('\n');
  });
});

describe('the label text colour', () => {
  it('keeps every colour readable: at least 4.5:1 against its text', () => {
    for (let i = 0; i < 4096; i += 1) {
      const color = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      expect(contrastRatio(color, labelTextColor(color))).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(labelTextColor('#145c2a')).toBe('#ffffff');
    expect(labelTextColor('#fde68a')).toBe('#000000');
    expect(labelSheet('12345.abcdefg')).toBe('\n');
  });
});

describe('status labels on the dashboard', () => {
  it('show each post’s label in the list and on its page, and offer the labels grouped by category', async () => {
    const setup = await setupPages();
    const label = await withLabel(setup, 'Under <review>', '#6b21a8', 'open');
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const list = await client.get('/dashboard/posts?board=features');
    expect(list.text).toContain('<span class="badge status-open label-6b21a8">Under &lt;review&gt;</span>');
    expect(list.text).toContain('href="/assets/labels.css?c=374151.6b21a8"');
    const page = await client.get(`/dashboard/posts/${setup.ids.open}`);
    expect(page.text).toContain('<span class="badge status-open label-6b21a8">Under &lt;review&gt;</span>');
    const select = page.text.slice(page.text.indexOf('<select id="status_label_id"'), page.text.indexOf('</select>', page.text.indexOf('<select id="status_label_id"')));
    const groups = [...select.matchAll(/<optgroup label="([^"]+)">(.*?)<\/optgroup>/g)].map((m) => [m[1], [...m[2]!.matchAll(/>([^<]+)<\/option>/g)].map((o) => o[1])]);
    expect(groups).toEqual([
      ['Open', ['Open', 'Under &lt;review&gt;']],
      ['Planned', ['Planned']],
      ['In progress', ['In progress']],
      ['Shipped', ['Shipped']],
      ['Declined', ['Declined']],
    ]);
    expect(select).toContain(`<option value="${label.id}" selected="">`);
  });

  it('change a post’s label by the form, and refuse another organization’s status, changing nothing', async () => {
    const setup = await setupPages();
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const theirs = await setup.board.team(other.id).api.statuses.create({ name: 'Theirs', color: '#000000', category: 'shipped' });
    const team = setup.board.team(setup.orgId).api;
    const label = await team.statuses.create({ name: 'Soon', color: '#2b3f8f', category: 'planned' });
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    await client.get(`/dashboard/posts/${setup.ids.open}`);
    const moved = await client.post(`/dashboard/posts/${setup.ids.open}/status`, { status_label_id: String(label.id), notify: 'yes' });
    expect(moved.status).toBe(303);
    expect((await team.posts.get('features', setup.ids.open)).status_label).toEqual({ id: label.id, name: 'Soon', color: '#2b3f8f' });
    const before = await snapshot(setup.board);
    const refused = await client.post(`/dashboard/posts/${setup.ids.open}/status`, { status_label_id: String(theirs.id) });
    expect(refused.status).toBe(303);
    expect(refused.location).toContain('notice=');
    expect(refused.location).not.toContain('notice=saved');
    const forged = await client.post(`/dashboard/posts/${setup.ids.open}/status`, { status_label_id: String(label.id) }, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });
});
