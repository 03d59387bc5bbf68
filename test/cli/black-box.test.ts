/**
 * Every operation against `feedback-board serve --fixture` over real HTTP, as an integrator
 * would see them: only the documented requests and responses, nothing in-process. The posts a
 * voter submits on a moderated board come from the pages, as a voter's browser sends them.
 */
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames } from '../../src/http/operations.js';
import { browser, call, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { mergedPullRequest } from '../integrations/fixtures/github.js';

const TEAM_KEY = 'acme-team-0123456789';

/** The sample fixture with a team key for Acme. */
function fixtureWithTeamKey() {
  const fixture = sampleFixture();
  const [acme, ...rest] = fixture.organizations;
  return { ...fixture, organizations: [{ ...acme!, apiKeys: [...acme!.apiKeys, { key: TEAM_KEY, scope: 'team', label: 'Team' }] }, ...rest] };
}

const dir = workDir();
let server: Server;
const done = new Set<string>();

beforeAll(async () => {
  server = await startServe(['--port', '0', '--agent-publishing', '--fixture', dir.write('fixture.json', fixtureWithTeamKey())], dir.dir);
});
afterAll(async () => {
  const code = await server?.stop();
  dir.remove();
  expect(code).toBe(0);
});

async function op(name: string, method: string, path: string, key: string, body?: unknown) {
  const r = await call(server.api, method, path, key, body);
  expect(r.status, `${name}: ${r.text}`).toBeLessThan(300);
  done.add(name);
  return r;
}

describe('black box: every operation over HTTP against the CLI', () => {
  it('boards', async () => {
    const w = KEYS.acmeWrite;
    expect((await op('listBoards', 'GET', '/boards', KEYS.acmeRead)).json.boards.map((b: { id: number }) => b.id)).toEqual([1, 2]);
    expect((await op('getBoard', 'GET', '/boards/features', KEYS.acmeRead)).json).toMatchObject({ id: 1, name: 'Features', published: true });
    const created = await op('createBoard', 'POST', '/boards', w, { slug: 'black-box', name: 'Black box' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ slug: 'black-box', published: false, logo_url: null });
    expect((await op('publishBoard', 'POST', '/boards/black-box/publish', w)).json.published).toBe(true);
    expect((await op('unpublishBoard', 'POST', '/boards/black-box/unpublish', w)).json.published).toBe(false);
  });

  it('posts', async () => {
    const w = KEYS.acmeWrite;
    const list = await op('listPosts', 'GET', '/boards/features/posts?sort=top&limit=2', KEYS.acmeRead);
    expect(list.json.total).toBe(4);
    expect(list.json.posts.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    const created = await op('createPost', 'POST', '/boards/features/posts', KEYS.acmePropose, { title: '  From outside ', tags: ['ui'] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: 'From outside', status: 'open', is_admin: true, tags: [{ id: 1, name: 'UI', slug: 'ui', color: null }] });
    const id = created.json.id;
    const similar = await op('findSimilarPosts', 'GET', '/boards/features/posts/similar?text=from%20the%20outside&limit=3', KEYS.acmeRead);
    expect(similar.json.posts.map((p: { post: { id: number }; score: number }) => [p.post.id, p.score])).toEqual([[id, 1]]);
    expect((await op('getPost', 'GET', `/boards/features/posts/${id}`, KEYS.acmeRead)).json).toEqual(created.json);
    const patched = await op('updatePost', 'PATCH', `/boards/features/posts/${id}`, w, { status: 'planned', queue_rank: 0 });
    expect(patched.json).toMatchObject({ status: 'planned', queue_rank: 0 });
    const deleted = await op('deletePost', 'DELETE', `/boards/features/posts/${id}`, w);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await call(server.api, 'GET', `/boards/features/posts/${id}`, w)).status).toBe(404);
    const trash = await op('listDeletedPosts', 'GET', '/deleted-posts?board=features', TEAM_KEY);
    expect(trash.json.deleted_posts.map((p: { id: number }) => p.id)).toEqual([id]);
    const restored = await op('restorePost', 'POST', `/boards/features/posts/${id}/restore`, w);
    expect([restored.status, restored.json]).toEqual([200, patched.json]);
    expect((await call(server.api, 'DELETE', `/boards/features/posts/${id}`, w)).status).toBe(204);
    const duplicate = (await call(server.api, 'POST', '/boards/features/posts', w, { title: 'Same as the first' })).json.id;
    const merged = await op('mergePost', 'POST', `/boards/features/posts/${duplicate}/merge`, w, { into: 1 });
    expect([merged.status, merged.json.id]).toEqual([200, 1]);
    const gone = await call(server.api, 'GET', `/boards/features/posts/${duplicate}`, w);
    expect([gone.status, gone.json.error.message]).toEqual([404, `Post ${duplicate} was merged into post 1.`]);
  });

  it('agent workflow', async () => {
    const agent = KEYS.acmePropose;
    const queue = await op('getQueue', 'GET', '/boards/features/queue', agent);
    // Ranked "Ranked" (id 3) first, then the planned "Dark mode" (id 1).
    expect(queue.json.posts.map((p: { id: number }) => p.id)).toEqual([3, 1]);
    const claim = await op('claimPost', 'POST', '/boards/features/posts/3/claim', agent, { ttl_seconds: 600, agent_label: 'bb' });
    expect(claim.status).toBe(201);
    expect(claim.json).toMatchObject({ post_id: 3, agent_label: 'bb' });
    expect((await call(server.api, 'POST', '/boards/features/posts/3/claim', KEYS.acmeWrite)).status).toBe(409);
    const evidence = await op('addEvidence', 'POST', '/boards/features/posts/3/evidence', agent, { kind: 'pr', ref: 'https://git.example/pr/1', action_key: 'bb-1' });
    expect(evidence.status).toBe(201);
    expect(evidence.json.implementation_evidence).toHaveLength(1);
    expect(evidence.json.claim).toMatchObject({ agent_label: 'bb' });
    const proposal = await op('proposeStatus', 'POST', '/boards/features/posts/3/propose-status', agent, { status: 'shipped', note: 'merged' });
    expect(proposal.json).toMatchObject({ id: 3, status: 'in_progress', proposal: { status: 'shipped', note: 'merged', proposed_by_api_key_id: 2 } });
    expect((await call(server.api, 'POST', '/boards/features/posts/3/propose-status', agent, { status: 'in_progress' })).json.error.code).toBe('status_unchanged');
    const released = await op('releaseClaim', 'DELETE', '/boards/features/posts/3/claim', agent);
    expect(released.status).toBe(204);
    // Claim-next hands out the queue in order, each post once, then nothing.
    const first = await op('claimNextPost', 'POST', '/boards/features/queue/claim', agent, { agent_label: 'next' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ claim: { post_id: 3, agent_label: 'next' }, post: { id: 3 } });
    expect((await call(server.api, 'POST', '/boards/features/queue/claim', agent)).json).toMatchObject({ claim: { post_id: 1 } });
    const none = await call(server.api, 'POST', '/boards/features/queue/claim', agent);
    expect([none.status, none.json]).toEqual([200, { claim: null, post: null }]);
    for (const id of [3, 1]) expect((await call(server.api, 'DELETE', `/boards/features/posts/${id}/claim`, agent)).status).toBe(204);
  });

  it('votes and comments', async () => {
    expect((await op('listVotes', 'GET', '/boards/features/posts/1/votes', KEYS.acmeRead)).json).toEqual({ post_id: 1, vote_count: 12 });
    const comment = await op('createComment', 'POST', '/boards/features/posts/1/comments', KEYS.acmePropose, { body: 'On it', parent_comment_id: 1 });
    expect(comment.status).toBe(201);
    expect(comment.json).toMatchObject({ is_admin: true, parent_comment_id: 1, replies: [], reaction_counts: {} });
    const comments = (await op('listComments', 'GET', '/boards/features/posts/1/comments', KEYS.acmeRead)).json.comments;
    const yes = comments.find((c: { id: number }) => c.id === 1);
    expect(yes.reaction_counts).toEqual({ '👍': 3, '🎉': 1 });
    expect(yes.replies.map((r: { id: number }) => r.id)).toEqual([2, comment.json.id]);
    // The team edits its reply, then deletes it: it keeps its place, saying it was removed.
    const reply = `/boards/features/posts/1/comments/${comment.json.id}`;
    const edited = await op('updateComment', 'PATCH', reply, KEYS.acmeWrite, { body: 'On it, today' });
    expect([edited.status, edited.json.body, typeof edited.json.edited_at]).toEqual([200, 'On it, today', 'string']);
    expect((await op('deleteComment', 'DELETE', reply, KEYS.acmeWrite)).status).toBe(204);
    const after = (await call(server.api, 'GET', '/boards/features/posts/1/comments', KEYS.acmeRead)).json.comments.find((c: { id: number }) => c.id === 1);
    expect(after.replies.map((r: { id: number; body: string }) => [r.id, r.body])).toEqual([[2, expect.any(String)], [comment.json.id, '']]);
    expect((await call(server.api, 'PATCH', reply, KEYS.acmeWrite, { body: 'Again' })).status).toBe(404);
    expect((await call(server.api, 'DELETE', '/boards/features/posts/1/comments/2', KEYS.acmePropose)).status).toBe(403);
    // Votes on behalf of a company need a company that the application's sign-ins named; a
    // fixture names none, so over the wire both answer the documented refusal and count nothing.
    for (const [name, path] of [['voteOnBehalf', 'votes'], ['withdrawVoteOnBehalf', 'votes/withdraw']] as const) {
      const refused = await call(server.api, 'POST', `/boards/features/posts/1/${path}`, KEYS.acmeWrite, { company_id: 'initech' });
      expect([refused.status, refused.json.error.code, refused.json.error.details]).toEqual([422, 'validation_error', [{ path: 'company_id', message: 'is not a company of this organization' }]]);
      done.add(name);
    }
    expect((await call(server.api, 'GET', '/boards/features/posts/1/votes', KEYS.acmeRead)).json).toEqual({ post_id: 1, vote_count: 12 });
  });

  it('roadmap, changelog and statistics', async () => {
    const r = KEYS.acmeRead;
    const roadmap = await op('getRoadmap', 'GET', '/boards/features/roadmap', r);
    expect(roadmap.json.posts.map((p: { status: string }) => p.status)).toEqual(['planned', 'in_progress', 'shipped', 'shipped']);
    const changelog = await op('getChangelog', 'GET', '/boards/features/changelog?limit=1', r);
    expect(changelog.json.total).toBe(2);
    expect(changelog.json.posts).toHaveLength(1);
    const shippedId = changelog.json.posts[0].id as number;
    const entry = await op('createChangelogEntry', 'POST', '/boards/features/changelog/entries', KEYS.acmeWrite, { title: 'What shipped', body: '**Done**', post_ids: [shippedId] });
    expect(entry.status).toBe(201);
    expect(entry.json).toMatchObject({ state: 'published', post_ids: [shippedId] });
    const entries = await op('listChangelogEntries', 'GET', '/boards/features/changelog/entries', r);
    expect(entries.json).toEqual({ entries: [entry.json], total: 1 });
    const edited = await op('updateChangelogEntry', 'PATCH', `/boards/features/changelog/entries/${entry.json.id}`, KEYS.acmeWrite, { title: 'What shipped in November' });
    expect(edited.json).toMatchObject({ id: entry.json.id, title: 'What shipped in November', state: 'published' });
    const scheduled = await op('createChangelogEntry', 'POST', '/boards/features/changelog/entries', KEYS.acmeWrite, { title: 'Next', body: 'Soon', publish_at: '2099-01-01T09:00:00Z' });
    expect((await op('deleteChangelogEntry', 'DELETE', `/boards/features/changelog/entries/${scheduled.json.id}`, KEYS.acmeWrite)).status).toBe(204);
    expect((await op('listChangelogEntries', 'GET', '/boards/features/changelog/entries', KEYS.acmeWrite)).json).toEqual({ entries: [edited.json], total: 1 });
    const stats = await op('getShipStats', 'GET', '/boards/features/ship-stats?period=week', r);
    expect(stats.json.period_label).toMatch(/^Week of \d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${stats.json.period_label.slice(8)}T00:00:00Z`).getUTCDay()).toBe(1);
    const analytics = await op('getAnalytics', 'GET', '/boards/features/analytics?period=90d', r);
    expect(analytics.json.posts_over_time).toHaveLength(90);
    expect(analytics.json.status_breakdown).toEqual({ open: 0, planned: 1, in_progress: 1, shipped: 2, declined: 0 });
  });

  it("the team's own operations, on posts a voter submitted through the pages", async () => {
    // The team member turns moderation on from the dashboard; a voter signs in by a printed link and submits two ideas.
    const team = browser(server.url);
    const teamLink = new URL((await waitForLine(server, /^team sign-in: (\S+)$/))[1]!);
    await team.request(`${teamLink.pathname}${teamLink.search}`);
    await team.request('/sign-in/link', { token: teamLink.searchParams.get('token')! });
    await team.request('/dashboard/inbox');
    expect((await team.request('/dashboard/boards/features/moderation', { moderated: 'yes' })).status).toBe(303);
    const voter = browser(server.url);
    await voter.request('/sign-in');
    await voter.request('/sign-in', { email: 'idea@example.com' });
    const voterLink = new URL((await waitForLine(server, /^sign-in link for idea@example\.com: (\S+)$/))[1]!);
    await voter.request(`${voterLink.pathname}${voterLink.search}`);
    await voter.request('/sign-in/link', { token: voterLink.searchParams.get('token')! });
    for (const title of ['Held for approval', 'Buy cheap pills']) {
      await voter.request('/boards/features/ideas/new');
      expect((await voter.request('/boards/features/ideas', { title, body: '', step: 'post' })).status).toBeLessThan(400);
    }

    const waiting = await op('listHeldPosts', 'GET', '/held-posts', TEAM_KEY);
    const [first, second] = waiting.json.held_posts as { id: number; voter_id: number; title: string }[];
    expect([waiting.json.total, first!.title, second!.title]).toEqual([2, 'Held for approval', 'Buy cheap pills']);
    expect((await op('getHeldPost', 'GET', `/held-posts/${first!.id}`, TEAM_KEY)).json.approval).toBe('waiting');
    const approved = await op('approveHeldPost', 'POST', `/held-posts/${first!.id}/approve`, TEAM_KEY);
    expect([approved.status, approved.json.title, approved.json.is_admin]).toEqual([201, 'Held for approval', false]);
    expect((await op('rejectHeldPost', 'POST', `/held-posts/${second!.id}/reject`, TEAM_KEY, { reason: 'Spam' })).json.approval).toBe('rejected');
    expect((await op('blockVoter', 'POST', `/voters/${second!.voter_id}/block`, TEAM_KEY)).json.changed).toBe(true);
    expect((await op('unblockVoter', 'DELETE', `/voters/${second!.voter_id}/block`, TEAM_KEY)).json.changed).toBe(true);
    expect((await op('getMailSettings', 'GET', '/mail-settings', TEAM_KEY)).json).toEqual({ status: true, team_comment: true, reply: true, changelog: true });
    expect((await op('updateMailSettings', 'PATCH', '/mail-settings', TEAM_KEY, { reply: false })).json.reply).toBe(false);
    // A status of the team's own: listed, shown by a post and filtered by, renamed, removed (the post shows the default again).
    const review = (await op('createStatus', 'POST', '/statuses', TEAM_KEY, { name: 'Under review', color: '#6b21a8', category: 'open' })).json;
    const statuses = (await op('listStatuses', 'GET', '/statuses', KEYS.acmeRead)).json.statuses as { id: number; name: string; category: string; is_default: boolean }[];
    expect(statuses.map((s) => s.name)).toContain('Under review');
    const openDefault = statuses.find((s) => s.is_default && s.category === 'open')!;
    const reviewed = (await call(server.api, 'POST', '/boards/features/posts', TEAM_KEY, { title: 'Reviewed idea' })).json.id;
    const labelled = await call(server.api, 'PATCH', `/boards/features/posts/${reviewed}`, TEAM_KEY, { status_label_id: review.id });
    expect([labelled.json.status, labelled.json.status_label.name]).toEqual(['open', 'Under review']);
    expect((await call(server.api, 'GET', `/boards/features/posts?status_label=${review.id}`, KEYS.acmeRead)).json.posts.map((p: { id: number }) => p.id)).toEqual([reviewed]);
    expect((await op('updateStatus', 'PATCH', `/statuses/${review.id}`, TEAM_KEY, { name: 'Triage' })).json.name).toBe('Triage');
    expect((await op('deleteStatus', 'DELETE', `/statuses/${review.id}`, TEAM_KEY)).status).toBe(204);
    // The board's custom fields: replaced by the team, listed, given values by a post, filtered by, removed with their values.
    const form = [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'], required: false }];
    expect((await op('updateFields', 'PUT', '/boards/features/fields', TEAM_KEY, { fields: form })).json).toEqual({ fields: form });
    expect((await op('listFields', 'GET', '/boards/features/fields', KEYS.acmeRead)).json).toEqual({ fields: form });
    const planned = (await call(server.api, 'POST', '/boards/features/posts', TEAM_KEY, { title: 'Per-plan idea', fields: { plan: 'Pro' } })).json;
    expect(planned.fields).toEqual({ plan: 'Pro' });
    expect((await call(server.api, 'GET', '/boards/features/posts?field=plan:Pro', KEYS.acmeRead)).json.posts.map((p: { id: number }) => p.id)).toEqual([planned.id]);
    await call(server.api, 'PUT', '/boards/features/fields', TEAM_KEY, { fields: [] });
    expect((await call(server.api, 'GET', `/boards/features/posts/${planned.id}`, KEYS.acmeRead)).json.fields).toEqual({});
    expect((await call(server.api, 'GET', `/boards/features/posts/${reviewed}`, KEYS.acmeRead)).json.status_label).toEqual({ id: openDefault.id, name: openDefault.name, color: '#374151' });
    const duplicate = (await call(server.api, 'POST', '/boards/features/posts', TEAM_KEY, { title: 'Held for approval too' })).json.id;
    await call(server.api, 'POST', `/boards/features/posts/${duplicate}/merge`, TEAM_KEY, { into: approved.json.id });
    expect((await op('unmergePost', 'POST', `/boards/features/posts/${duplicate}/unmerge`, TEAM_KEY)).json.id).toBe(duplicate);
    const log = await op('getPostActivity', 'GET', `/boards/features/posts/${approved.json.id}/activity`, KEYS.acmeRead);
    expect(log.json.entries.map((e: { kind: string }) => e.kind)).toEqual(['merge_undone', 'merge_received', 'approved', 'created']);
    // A pinned post leads its board's list when asked, and takes its place again once unpinned.
    const pinnedFirst = async () => (await call(server.api, 'GET', '/boards/features/posts?pinned_first=true&limit=1', KEYS.acmeRead)).json.posts[0].id;
    const leader = await pinnedFirst();
    const pinned = await op('pinPost', 'POST', `/boards/features/posts/${approved.json.id}/pin`, TEAM_KEY);
    expect([pinned.status, pinned.json.pinned, await pinnedFirst()]).toEqual([200, true, approved.json.id]);
    const unpinned = await op('unpinPost', 'DELETE', `/boards/features/posts/${approved.json.id}/pin`, TEAM_KEY);
    expect([unpinned.status, unpinned.json.pinned, await pinnedFirst()]).toEqual([200, false, leader]);
    const logged = await op('getPostActivity', 'GET', `/boards/features/posts/${approved.json.id}/activity`, KEYS.acmeRead);
    expect(logged.json.entries.slice(0, 2).map((e: { kind: string }) => e.kind)).toEqual(['edited', 'edited']);
    // A GitHub connection: made, listed without its secret, rotated; a merged pull request delivered
    // to the server, signed with the new secret, proposes the post it fixes; deactivated, it is refused.
    const made = await op('createIntegrationConnection', 'POST', '/integrations/connections', TEAM_KEY, { provider: 'github' });
    expect((await op('listIntegrationConnections', 'GET', '/integrations/connections', TEAM_KEY)).text).not.toContain(made.json.secret);
    const rotated = await op('rotateIntegrationConnectionSecret', 'POST', `/integrations/connections/${made.json.id}/rotate-secret`, TEAM_KEY, {});
    const merged = JSON.stringify(mergedPullRequest(`Fixes #fb-${approved.json.id}`));
    const deliver = async () => (await fetch(`${server.url}/integrations/github/${made.json.id}`, {
      method: 'POST', body: merged,
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': `bb-${Math.random()}`, 'x-hub-signature-256': await sign(rotated.json.secret, merged) },
    })).status;
    expect(await deliver()).toBe(200);
    const fixed = await call(server.api, 'GET', `/boards/features/posts/${approved.json.id}`, KEYS.acmeRead);
    expect([fixed.json.proposal?.status, fixed.json.proposal?.proposed_by_connection_id, fixed.json.implementation_evidence.length]).toEqual(['shipped', made.json.id, 1]);
    expect((await op('deactivateIntegrationConnection', 'POST', `/integrations/connections/${made.json.id}/deactivate`, TEAM_KEY)).json.active).toBe(false);
    expect(await deliver()).toBe(404);
    // A connection with a token, on a host that never resolves: its test answers the failure, and
    // an issue asked of it is queued (the link shows once the tracker answers, which it never does).
    const tracker = await op('createIntegrationConnection', 'POST', '/integrations/connections', TEAM_KEY, { provider: 'github', base_url: 'https://github.invalid/api/v3', target: 'acme/app', token: 'ghp_x' });
    const tested = await op('testIntegrationConnection', 'POST', `/integrations/connections/${tracker.json.id}/test`, TEAM_KEY);
    expect([tested.json.ok, tested.json.status, tested.json.call.status]).toEqual([false, null, 'failed']);
    const linking = await op('linkPost', 'POST', `/boards/features/posts/${approved.json.id}/links`, KEYS.acmeWrite, { connection_id: tracker.json.id, action: 'create' });
    expect([linking.status, linking.json.purpose, linking.json.status]).toEqual([201, 'create_issue', 'pending']);
    expect((await op('listPostLinks', 'GET', `/boards/features/posts/${approved.json.id}/links`, KEYS.acmeRead)).json).toEqual({ links: [] });
    // A Slack chat target of the board: made and listed with its URL masked, deactivated.
    const slackUrl = 'https://hooks.slack.com/services/T000/B000/BlackBoxTokenWXYZ';
    const chat = await op('createChatTarget', 'POST', '/boards/features/chat-targets', TEAM_KEY, { platform: 'slack', url: slackUrl, events: ['post.created'] });
    expect([chat.status, chat.json.masked_url, chat.text.includes('BlackBoxToken')]).toEqual([201, 'https://hooks.slack.com/…WXYZ', false]);
    expect((await op('listChatTargets', 'GET', '/boards/features/chat-targets', TEAM_KEY)).json.chat_targets.map((t: { id: number }) => t.id)).toEqual([chat.json.id]);
    expect((await op('deactivateChatTarget', 'POST', `/boards/features/chat-targets/${chat.json.id}/deactivate`, TEAM_KEY)).json.active).toBe(false);
    // A write key gets none of it, and changes nothing.
    expect((await call(server.api, 'GET', '/held-posts', KEYS.acmeWrite)).status).toBe(403);
    expect((await call(server.api, 'POST', `/voters/${second!.voter_id}/block`, KEYS.acmeWrite)).status).toBe(403);
    expect((await call(server.api, 'POST', `/boards/features/posts/${approved.json.id}/pin`, KEYS.acmeWrite)).status).toBe(403);
  });

  it('webhooks, and every operation was exercised', async () => {
    const hooks = await op('listWebhooks', 'GET', '/webhooks', KEYS.acmeRead);
    expect(hooks.json.webhooks.map((w: { url: string; active: boolean }) => [w.url, w.active])).toEqual([
      ['https://hooks.example.com/fb', true],
      ['https://hooks.example.com/off', false],
    ]);
    expect(hooks.text).not.toContain('whsec_');
    // Another organization sees none of this.
    expect((await call(server.api, 'GET', '/boards/black-box', KEYS.globexWrite)).status).toBe(404);
    expect([...done].sort()).toEqual([...operationNames].sort());
  });
});
