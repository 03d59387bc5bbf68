/**
 * docs/errors-scopes-limits.md#keys-and-scopes: every scope against every operation, on the caller's own objects and on
 * another organization's (its boards, posts, comments, held posts, voters, merged and deleted posts). Each row runs on a
 * fresh board so successes cannot hide each other.
 */
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/domain/records.js';
import { operationNames, operationTable, type OperationName } from '../../src/http/operations.js';
import { createHarness, type Harness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

/** The objects of one organization a row's path may name. */
interface Target {
  slug: string;
  /** A post of the board. */
  id: number;
  /** A post of the board merged into another. */
  merged: number;
  /** A post of one of its voters, held for approval. */
  held: number;
  /** That voter. */
  voter: number;
  /** A comment of the post `id`. */
  comment: number;
  /** A status of the organization beside its defaults. */
  status: number;
  /** An integration connection of the organization. */
  connection: number;
  /** A chat target of the board. */
  chatTarget: number;
  /** A post of the board deleted, which can be restored. */
  deleted: number;
  /** A published changelog entry of the board. */
  entry: number;
}

interface Row {
  op: string;
  method: string;
  /** Built from the objects of the organization being addressed. */
  path: (t: Target) => string;
  body?: Record<string, unknown>;
  need: Scope;
  ok: number;
  /** False for operations that name no object of an organization in their path. */
  scoped?: false;
}

const post = (suffix = '') => ({ slug, id }: Target) => `/boards/${slug}/posts/${id}${suffix}`;
const board = (suffix = '') => ({ slug }: Target) => `/boards/${slug}${suffix}`;
const held = (suffix = '') => (t: Target) => `/held-posts/${t.held}${suffix}`;

const ROWS: Row[] = [
  { op: 'listBoards', method: 'GET', path: () => '/boards', need: 'read', ok: 200, scoped: false },
  { op: 'getBoard', method: 'GET', path: board(), need: 'read', ok: 200 },
  { op: 'createBoard', method: 'POST', path: () => '/boards', body: { slug: 'new-board', name: 'New' }, need: 'write', ok: 201, scoped: false },
  { op: 'publishBoard', method: 'POST', path: board('/publish'), need: 'write', ok: 200 },
  { op: 'unpublishBoard', method: 'POST', path: board('/unpublish'), need: 'write', ok: 200 },
  { op: 'listPosts', method: 'GET', path: board('/posts'), need: 'read', ok: 200 },
  { op: 'findSimilarPosts', method: 'GET', path: board('/posts/similar?text=mine'), need: 'read', ok: 200 },
  { op: 'createPost (no status)', method: 'POST', path: board('/posts'), body: { title: 'x' }, need: 'propose', ok: 201 },
  { op: 'createPost (open)', method: 'POST', path: board('/posts'), body: { title: 'x', status: 'open' }, need: 'propose', ok: 201 },
  ...(['planned', 'in_progress', 'shipped', 'declined'] as const).map((status) => ({
    op: `createPost (${status})`, method: 'POST', path: board('/posts'), body: { title: 'x', status }, need: 'write' as const, ok: 201,
  })),
  { op: 'getPost', method: 'GET', path: post(), need: 'read', ok: 200 },
  { op: 'updatePost', method: 'PATCH', path: post(), body: { title: 'y' }, need: 'write', ok: 200 },
  { op: 'updatePost (status)', method: 'PATCH', path: post(), body: { status: 'shipped' }, need: 'write', ok: 200 },
  { op: 'updatePost (status and more)', method: 'PATCH', path: post(), body: { status: 'shipped', title: 'y', notify_voters: true }, need: 'write', ok: 200 },
  { op: 'deletePost', method: 'DELETE', path: post(), need: 'write', ok: 204 },
  { op: 'mergePost', method: 'POST', path: post('/merge'), body: { into: 4 }, need: 'write', ok: 200 },
  { op: 'getQueue', method: 'GET', path: board('/queue'), need: 'read', ok: 200 },
  { op: 'claimPost', method: 'POST', path: post('/claim'), body: { ttl_seconds: 60 }, need: 'propose', ok: 201 },
  { op: 'claimNextPost', method: 'POST', path: board('/queue/claim'), body: { ttl_seconds: 60 }, need: 'propose', ok: 201 },
  { op: 'releaseClaim', method: 'DELETE', path: post('/claim'), need: 'propose', ok: 204 },
  { op: 'addEvidence', method: 'POST', path: post('/evidence'), body: { kind: 'commit', ref: 'abc' }, need: 'propose', ok: 201 },
  { op: 'proposeStatus', method: 'POST', path: post('/propose-status'), body: { status: 'shipped' }, need: 'propose', ok: 200 },
  { op: 'listVotes', method: 'GET', path: post('/votes'), need: 'read', ok: 200 },
  { op: 'voteOnBehalf', method: 'POST', path: post('/votes'), body: { company_id: 'initech' }, need: 'write', ok: 200 },
  { op: 'withdrawVoteOnBehalf', method: 'POST', path: post('/votes/withdraw'), body: { company_id: 'initech' }, need: 'write', ok: 200 },
  { op: 'listComments', method: 'GET', path: post('/comments'), need: 'read', ok: 200 },
  { op: 'createComment', method: 'POST', path: post('/comments'), body: { body: 'hi' }, need: 'propose', ok: 201 },
  { op: 'updateComment', method: 'PATCH', path: (t) => `${post()(t)}/comments/${t.comment}`, body: { body: 'edited' }, need: 'write', ok: 200 },
  { op: 'deleteComment', method: 'DELETE', path: (t) => `${post()(t)}/comments/${t.comment}`, need: 'write', ok: 204 },
  { op: 'getRoadmap', method: 'GET', path: board('/roadmap'), need: 'read', ok: 200 },
  { op: 'getChangelog', method: 'GET', path: board('/changelog'), need: 'read', ok: 200 },
  { op: 'listChangelogEntries', method: 'GET', path: board('/changelog/entries'), need: 'read', ok: 200 },
  // Post 1 is Acme's post `Mine`, of its board features.
  { op: 'createChangelogEntry', method: 'POST', path: board('/changelog/entries'), body: { title: 'News', body: 'Shipped', post_ids: [1] }, need: 'write', ok: 201 },
  { op: 'updateChangelogEntry', method: 'PATCH', path: (t) => `/boards/${t.slug}/changelog/entries/${t.entry}`, body: { title: 'News, edited' }, need: 'write', ok: 200 },
  { op: 'deleteChangelogEntry', method: 'DELETE', path: (t) => `/boards/${t.slug}/changelog/entries/${t.entry}`, need: 'write', ok: 204 },
  { op: 'getShipStats', method: 'GET', path: board('/ship-stats'), need: 'read', ok: 200 },
  { op: 'getAnalytics', method: 'GET', path: board('/analytics'), need: 'read', ok: 200 },
  { op: 'listWebhooks', method: 'GET', path: () => '/webhooks', need: 'read', ok: 200, scoped: false },
  { op: 'getPostActivity', method: 'GET', path: post('/activity'), need: 'read', ok: 200 },
  { op: 'listPostLinks', method: 'GET', path: post('/links'), need: 'read', ok: 200 },
  { op: 'linkPost', method: 'POST', path: post('/links'), body: { connection_id: 1, action: 'create' }, need: 'write', ok: 201 },
  { op: 'listHeldPosts', method: 'GET', path: () => '/held-posts', need: 'team', ok: 200, scoped: false },
  { op: 'getHeldPost', method: 'GET', path: held(), need: 'team', ok: 200 },
  { op: 'approveHeldPost', method: 'POST', path: held('/approve'), need: 'team', ok: 201 },
  { op: 'rejectHeldPost', method: 'POST', path: held('/reject'), body: { reason: 'Spam' }, need: 'team', ok: 200 },
  { op: 'blockVoter', method: 'POST', path: (t) => `/voters/${t.voter}/block`, need: 'team', ok: 200 },
  { op: 'unblockVoter', method: 'DELETE', path: (t) => `/voters/${t.voter}/block`, need: 'team', ok: 200 },
  { op: 'listIntegrationConnections', method: 'GET', path: () => '/integrations/connections', need: 'team', ok: 200, scoped: false },
  { op: 'createIntegrationConnection', method: 'POST', path: () => '/integrations/connections', body: { provider: 'github' }, need: 'team', ok: 201, scoped: false },
  { op: 'rotateIntegrationConnectionSecret', method: 'POST', path: (t) => `/integrations/connections/${t.connection}/rotate-secret`, body: {}, need: 'team', ok: 200 },
  // Acme's connection is on a host that never resolves: the test answers 200 with the failure.
  { op: 'testIntegrationConnection', method: 'POST', path: (t) => `/integrations/connections/${t.connection}/test`, need: 'team', ok: 200 },
  { op: 'deactivateIntegrationConnection', method: 'POST', path: (t) => `/integrations/connections/${t.connection}/deactivate`, need: 'team', ok: 200 },
  { op: 'listChatTargets', method: 'GET', path: (t) => `/boards/${t.slug}/chat-targets`, need: 'team', ok: 200 },
  { op: 'createChatTarget', method: 'POST', path: (t) => `/boards/${t.slug}/chat-targets`, body: { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/NEW', events: ['post.created'] }, need: 'team', ok: 201 },
  { op: 'deactivateChatTarget', method: 'POST', path: (t) => `/boards/${t.slug}/chat-targets/${t.chatTarget}/deactivate`, need: 'team', ok: 200 },
  { op: 'unmergePost', method: 'POST', path: (t) => `/boards/${t.slug}/posts/${t.merged}/unmerge`, need: 'team', ok: 200 },
  { op: 'restorePost', method: 'POST', path: (t) => `/boards/${t.slug}/posts/${t.deleted}/restore`, need: 'write', ok: 200 },
  { op: 'listDeletedPosts', method: 'GET', path: () => '/deleted-posts', need: 'team', ok: 200, scoped: false },
  { op: 'pinPost', method: 'POST', path: post('/pin'), need: 'team', ok: 200 },
  { op: 'unpinPost', method: 'DELETE', path: post('/pin'), need: 'team', ok: 200 },
  { op: 'getMailSettings', method: 'GET', path: () => '/mail-settings', need: 'team', ok: 200, scoped: false },
  { op: 'updateMailSettings', method: 'PATCH', path: () => '/mail-settings', body: { reply: false }, need: 'team', ok: 200, scoped: false },
  { op: 'listStatuses', method: 'GET', path: () => '/statuses', need: 'read', ok: 200, scoped: false },
  { op: 'createStatus', method: 'POST', path: () => '/statuses', body: { name: 'Next', color: '#123456', category: 'planned' }, need: 'team', ok: 201, scoped: false },
  { op: 'updateStatus', method: 'PATCH', path: (t) => `/statuses/${t.status}`, body: { name: 'Renamed' }, need: 'team', ok: 200 },
  { op: 'deleteStatus', method: 'DELETE', path: (t) => `/statuses/${t.status}`, need: 'team', ok: 204 },
  { op: 'updatePost (label)', method: 'PATCH', path: post(), body: { status_label_id: 2 }, need: 'write', ok: 200 },
  { op: 'listFields', method: 'GET', path: board('/fields'), need: 'read', ok: 200 },
  { op: 'updateFields', method: 'PUT', path: board('/fields'), body: { fields: [{ key: 'note', label: 'Note', type: 'text' }] }, need: 'team', ok: 200 },
];

const RANK: Record<Scope, number> = { read: 0, propose: 1, write: 2, team: 3 };
const SCOPES: Scope[] = ['read', 'propose', 'write', 'team'];

/** A voter of `organizationId` whose post to the board `slug` is held for approval; the held post's and voter's ids. */
async function heldPostOf(h: Harness, organizationId: number, slug: string, email: string): Promise<{ held: number; voter: number }> {
  await h.board.team(organizationId).boards.setPublished(slug, true);
  await h.board.team(organizationId).boards.setModerated(slug, true);
  const voter = await h.board.voters.register(organizationId, { email });
  const submitted = await h.board.voters.submitPost(voter.id, slug, { title: 'Held idea' });
  return { held: submitted.id, voter: voter.id };
}

async function world() {
  const h = await createHarness({ agentPublishing: true });
  await h.makeBoard('features');
  await h.makeBoard('features', h.b.keys.write);
  await h.makeBoard('globex-only', h.b.keys.write);
  const mine = await h.makePost('features', { title: 'Mine', status: 'planned' });
  const theirs = await h.makePost('globex-only', { title: 'Theirs', status: 'planned' }, h.b.keys.write);
  const theirsSameSlug = await h.makePost('features', { title: 'Theirs too', status: 'planned' }, h.b.keys.write);
  // Post 4, the target of the merge row.
  const target = await h.makePost('features', { title: 'Mine again', status: 'planned' });
  // The customer company the rows of votes on behalf name.
  await h.board.storage.transaction('write', (tx) =>
    tx.putCompany({ organization_id: h.a.id, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: new Date(h.clock.now()).toISOString() }),
  );
  // A merged post, a held post and its voter of each organization.
  const merged = async (slug: string, into: number, key: string) => {
    const dup = await h.makePost(slug, { title: 'Duplicate' }, key);
    await h.req('POST', `/boards/${slug}/posts/${dup.id}/merge`, { key, body: { into } });
    return dup.id;
  };
  const comment = async (slug: string, id: number, key: string) =>
    (await h.req('POST', `/boards/${slug}/posts/${id}/comments`, { key, body: { body: 'A comment' } })).json.id as number;
  // Acme's is connection 1, which the link rows name: with a repository and a token, so that an issue can be created through it,
  // on a host that never resolves (`.invalid`), so that testing it calls no one.
  const connection = async (organizationId: number) =>
    (await h.board.team(organizationId).api.integrations.createConnection({ provider: 'github', base_url: 'https://github.invalid/api/v3', target: 'acme/app', token: 'ghp_x' })).id;
  const chatTarget = async (organizationId: number, slug: string) =>
    (await h.board.team(organizationId).api.chat.create(slug, { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/XXXX', events: ['post.created'] })).id;
  const status = async (organizationId: number) =>
    (await h.board.team(organizationId).api.statuses.create({ name: 'Under review', color: '#6b21a8', category: 'open' })).id;
  const deleted = async (slug: string, key: string) => {
    const gone = await h.makePost(slug, { title: 'Deleted' }, key);
    await h.req('DELETE', `/boards/${slug}/posts/${gone.id}`, { key });
    return gone.id;
  };
  const entry = async (slug: string, key: string) =>
    (await h.req('POST', `/boards/${slug}/changelog/entries`, { key, body: { title: 'Shipped', body: 'Done.' } })).json.id as number;
  const own: Target = {
    slug: 'features', id: mine.id, comment: await comment('features', mine.id, h.a.keys.write), merged: await merged('features', target.id, h.a.keys.write),
    ...(await heldPostOf(h, h.a.id, 'features', 'ann@acme.test')),
    connection: await connection(h.a.id),
    chatTarget: await chatTarget(h.a.id, 'features'),
    status: await status(h.a.id),
    deleted: await deleted('features', h.a.keys.write),
    entry: await entry('features', h.a.keys.write),
  };
  const theirMerged = await merged('globex-only', theirs.id, h.b.keys.write);
  const their = {
    ...(await heldPostOf(h, h.b.id, 'globex-only', 'bob@globex.test')),
    connection: await connection(h.b.id),
    chatTarget: await chatTarget(h.b.id, 'globex-only'),
    status: await status(h.b.id),
    deleted: await deleted('globex-only', h.b.keys.write),
    entry: await entry('globex-only', h.b.keys.write),
  };
  const others: Target[] = [
    { slug: 'globex-only', id: theirs.id, comment: await comment('globex-only', theirs.id, h.b.keys.write), merged: theirMerged, ...their },
    { slug: 'features', id: theirsSameSlug.id, comment: await comment('features', theirsSameSlug.id, h.b.keys.write), merged: theirMerged, ...their },
  ];
  return { h, own, others };
}

describe('scope matrix', () => {
  it('covers every operation of the table, at the scope its row names', () => {
    expect(new Set(ROWS.map((r) => r.op.split(' ')[0]))).toEqual(new Set(operationNames));
    for (const row of ROWS) if (!row.op.includes(' ')) expect(row.need, row.op).toBe(operationTable[row.op as OperationName].scope);
  });

  for (const row of ROWS) {
    for (const scope of SCOPES) {
      const allowed = RANK[scope] >= RANK[row.need];
      it(`${row.op} with a ${scope} key: ${allowed ? row.ok : 403} on its own objects, 404 on another organization's`, async () => {
        const { h, own, others } = await world();
        const key = h.a.keys[scope];
        const options = { key, ...(row.body ? { body: row.body } : {}) };

        if (row.scoped !== false) {
          // The same slug names the caller's own board: only a post id of the other organization is another's.
          for (const other of new Set(others.map((t) => row.path(t)))) {
            if (other === row.path(own)) continue;
            const before = await snapshot(h.board);
            const r = await h.req(row.method, other, options);
            expect(r.status, other).toBe(404);
            expect(r.json.error.code).toBe('not_found');
            expect(await snapshot(h.board)).toEqual(before);
          }
        }

        const before = await snapshot(h.board);
        const r = await h.req(row.method, row.path(own), options);
        if (allowed) {
          expect(r.status, r.text).toBe(row.ok);
        } else {
          expect(r.status).toBe(403);
          expect(r.json.error.code).toBe('insufficient_scope');
          expect(await snapshot(h.board)).toEqual(before);
        }
      });
    }
  }

  it('a read or propose key cannot publish even while publishing is disabled: insufficient_scope first', async () => {
    const h = await createHarness();
    await h.makeBoard();
    for (const scope of ['read', 'propose'] as const) {
      const r = await h.req('POST', '/boards/features/publish', { key: h.a.keys[scope] });
      expect(r.json.error.code).toBe('insufficient_scope');
    }
  });
});
