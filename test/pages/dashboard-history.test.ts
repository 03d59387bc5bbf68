/**
 * The History section of the dashboard's post page: entries newest first with their actor (the
 * agent's key by label and prefix, the signed-in member by name, the voter) and `<time datetime>`;
 * hostile labels and names shown as text; the 50 newest with a link to the older ones; refusals
 * for bad paging and for posts out of reach.
 */
import { describe, expect, it } from 'vitest';
import { Client, HOSTILE, setupPages, signInTeam } from './helpers.js';

/** The History section of a page's HTML. */
const historyOf = (html: string) => html.slice(html.indexOf('<h2 id="history">'));

describe('dashboard post page: History', () => {
  it('lists who did what, newest first, with times; the member acting through the page is named', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const agent = await setup.board.api(setup.proposeKey);
    const id = setup.ids.open;
    await agent.agent.claim('features', id, {});
    setup.clock.advance(60_000);
    await agent.agent.proposeStatus('features', id, { status: 'planned', note: 'Ready' });
    setup.clock.advance(60_000);
    expect((await client.post(`/dashboard/posts/${id}/hidden`, { value: 'yes' })).location).toContain('notice=saved');
    const html = historyOf((await client.get(`/dashboard/posts/${id}`)).text);
    const prefix = (await setup.board.team(setup.orgId).apiKeys.list()).find((key) => key.label === 'agent')!.prefix;
    const items = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => item!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim());
    expect(items).toEqual([
      '20 Nov 2026, 12:02 UTC · Lea hid the post from the public',
      `20 Nov 2026, 12:01 UTC · API key agent (${prefix}) proposed Planned — “Ready”`,
      `20 Nov 2026, 12:00 UTC · API key agent (${prefix}) claimed the post`,
      '20 Nov 2026, 12:00 UTC · API key ci (' + (await setup.board.team(setup.orgId).apiKeys.list()).find((key) => key.label === 'ci')!.prefix + ') created the post',
    ]);
    expect(html).toContain('<time datetime="2026-11-20T12:02:00.000Z">');
    expect(html).not.toContain('Older entries');
  });

  it('names a voter who acted as the page names the post\'s author, by name and address', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const alice = await setup.board.voters.register(setup.orgId, { email: 'alice@example.com', name: 'Alice' });
    const bob = await setup.board.voters.register(setup.orgId, { email: 'bob@example.com' });
    const first = await setup.board.voters.submitPost(alice.id, 'features', { title: 'Offline mode' });
    const second = await setup.board.voters.submitPost(bob.id, 'features', { title: 'Calendar view' });
    for (const [post, who] of [
      [first, 'Alice (alice@example.com)'],
      [second, 'bob@example.com'],
    ] as const) {
      const page = (await client.get(`/dashboard/posts/${post.id}`)).text;
      expect(page).toContain(`<span class="small">by ${who}</span>`);
      const items = [...historyOf(page).matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => item!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim());
      expect(items).toEqual([`20 Nov 2026, 12:00 UTC · Voter ${who} created the post`]);
      expect((await client.get(`/dashboard/posts/${post.id}/history?before=999`)).text).toContain(`Voter <strong class="user-text">${who}</strong>`);
    }
  });

  it('names the connection whose delivery added evidence and proposed, its label as text', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const team = setup.board.team(setup.orgId).api.integrations;
    const plain = await team.createConnection({ provider: 'github', target: 'Codertocat/Hello-World' });
    const labelled = await team.createConnection({ provider: 'gitlab', target: 'group/app', label: HOSTILE.label });
    // Entries as a delivery writes them (the deliveries' own tests send them through the handler).
    await setup.board.storage.transaction('write', async (tx) => {
      const at = new Date(setup.clock.now() + 60_000).toISOString();
      await tx.insertActivity({ post_id: setup.ids.open, kind: 'evidence_added', at, actor_kind: 'connection', actor_id: plain.id, detail: {} });
      await tx.insertActivity({ post_id: setup.ids.open, kind: 'proposal_made', at, actor_kind: 'connection', actor_id: labelled.id, detail: { to: 'shipped' } });
      await tx.insertActivity({ post_id: setup.ids.open, kind: 'proposal_made', at, actor_kind: 'connection', actor_id: 999, detail: { to: 'declined' } });
    });
    const html = historyOf((await client.get(`/dashboard/posts/${setup.ids.open}`)).text);
    const items = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => item!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim());
    expect(items.slice(0, 3)).toEqual([
      '20 Nov 2026, 12:01 UTC · Connection #999 proposed Declined',
      `20 Nov 2026, 12:01 UTC · GitLab connection #${labelled.id} (&lt;a href=&quot;javascript:window.__xss=7&quot;&gt;label&lt;/a&gt;) proposed Shipped`,
      `20 Nov 2026, 12:01 UTC · GitHub connection #${plain.id} added evidence`,
    ]);
    expect(html).not.toContain('<a href="javascript:');
  });

  it('shows "Nothing recorded yet" without an empty list under it', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const html = historyOf((await client.get(`/dashboard/posts/${setup.ids.open}/history?before=1`)).text);
    expect(html).toContain('Nothing recorded yet.');
    expect(html).not.toContain('<ol class="history">');
  });

  it('shows hostile key labels, voter names and notes as text', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const { key } = await setup.board.dashboard.apiKeys.create(setup.orgId, { scope: 'propose', label: HOSTILE.title.slice(0, 100) });
    const voter = await setup.board.voters.register(setup.orgId, { email: 'x@example.com', name: HOSTILE.tag });
    const post = await setup.board.voters.submitPost(voter.id, 'features', { title: 'Plain title' });
    await (await setup.board.api(key)).agent.proposeStatus('features', post.id, { status: 'planned', note: HOSTILE.comment });
    const html = historyOf((await client.get(`/dashboard/posts/${post.id}`)).text);
    for (const raw of ['<script>', '<img src=x', '<b onmouseover', '</p><script>']) expect(html).not.toContain(raw);
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(html).toContain('&lt;b onmouseover=&quot;window.__xss=4&quot;&gt;tag&lt;/b&gt;');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;window.__xss=5&lt;/script&gt;');
  });

  it('shows the 50 newest entries and links to the older ones, page by page', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const agent = await setup.board.api(setup.proposeKey);
    const id = setup.ids.open;
    for (let i = 0; i < 60; i += 1) await agent.agent.proposeStatus('features', id, { status: 'planned', note: `n${i}` });
    const first = historyOf((await client.get(`/dashboard/posts/${id}`)).text);
    const notes = (html: string) => [...html.matchAll(/“(n\d+)”/g)].map(([, note]) => note);
    expect(notes(first)).toEqual(Array.from({ length: 50 }, (_, i) => `n${59 - i}`));
    const older = /href="(\/dashboard\/posts\/\d+\/history\?before=\d+)">Older entries/.exec(first)![1]!;
    const second = await client.get(older);
    expect(second.status).toBe(200);
    expect(notes(historyOf(second.text))).toEqual(Array.from({ length: 10 }, (_, i) => `n${9 - i}`));
    expect(historyOf(second.text)).toContain('created the post');
    expect(historyOf(second.text)).not.toContain('Older entries');
  });

  it('answers 404 for bad paging, unknown posts and posts of another organization, and 401 without a session', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const { key } = await setup.board.dashboard.apiKeys.create(other.id, { scope: 'write' });
    const api = await setup.board.api(key);
    await api.boards.create({ slug: 'theirs', name: 'Theirs' });
    const foreign = await api.posts.create('theirs', { title: 'Not yours' });
    for (const path of [`/dashboard/posts/${setup.ids.open}/history?before=x`, `/dashboard/posts/${setup.ids.open}/history?before=0`, '/dashboard/posts/999/history', `/dashboard/posts/${foreign.id}/history`, '/dashboard/posts/abc/history']) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    expect((await new Client(setup.pages).get(`/dashboard/posts/${setup.ids.open}/history`)).status).toBe(401);
  });
});
