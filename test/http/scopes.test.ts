/**
 * docs/errors-scopes-limits.md#keys-and-scopes: every scope against every operation, on the caller's own objects and on
 * another organization's. Each row runs on a fresh board so successes cannot hide each other.
 */
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/domain/records.js';
import { operationNames, operationTable, type OperationName } from '../../src/http/operations.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

interface Row {
  op: string;
  method: string;
  /** Built from the board slug and post id of the world being addressed. */
  path: (slug: string, id: number) => string;
  body?: Record<string, unknown>;
  need: Scope;
  ok: number;
  /** False for operations that name no object of an organization in their path. */
  scoped?: false;
}

const post = (suffix = '') => (slug: string, id: number) => `/boards/${slug}/posts/${id}${suffix}`;
const board = (suffix = '') => (slug: string) => `/boards/${slug}${suffix}`;

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
  { op: 'getRoadmap', method: 'GET', path: board('/roadmap'), need: 'read', ok: 200 },
  { op: 'getChangelog', method: 'GET', path: board('/changelog'), need: 'read', ok: 200 },
  { op: 'getShipStats', method: 'GET', path: board('/ship-stats'), need: 'read', ok: 200 },
  { op: 'getAnalytics', method: 'GET', path: board('/analytics'), need: 'read', ok: 200 },
  { op: 'listWebhooks', method: 'GET', path: () => '/webhooks', need: 'read', ok: 200, scoped: false },
];

const RANK: Record<Scope, number> = { read: 0, propose: 1, write: 2, team: 3 };
const SCOPES: Scope[] = ['read', 'propose', 'write', 'team'];

async function world() {
  const h = await createHarness({ agentPublishing: true });
  await h.makeBoard('features');
  await h.makeBoard('features', h.b.keys.write);
  await h.makeBoard('globex-only', h.b.keys.write);
  const mine = await h.makePost('features', { title: 'Mine', status: 'planned' });
  const theirs = await h.makePost('globex-only', { title: 'Theirs', status: 'planned' }, h.b.keys.write);
  const theirsSameSlug = await h.makePost('features', { title: 'Theirs too', status: 'planned' }, h.b.keys.write);
  // Post 4, the target of the merge row.
  await h.makePost('features', { title: 'Mine again', status: 'planned' });
  // The customer company the rows of votes on behalf name.
  await h.board.storage.transaction('write', (tx) =>
    tx.putCompany({ organization_id: h.a.id, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: new Date(h.clock.now()).toISOString() }),
  );
  return { h, mine, theirs, theirsSameSlug };
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
        const { h, mine, theirs, theirsSameSlug } = await world();
        const key = h.a.keys[scope];
        const options = { key, ...(row.body ? { body: row.body } : {}) };

        if (row.scoped !== false) {
          for (const [slug, id] of [['globex-only', theirs.id], ['features', theirsSameSlug.id]] as const) {
            if (slug === 'features' && !/\/posts\/1\b/.test(row.path('s', 1))) continue;
            const before = await snapshot(h.board);
            const r = await h.req(row.method, row.path(slug, id), options);
            expect(r.status).toBe(404);
            expect(r.json.error.code).toBe('not_found');
            expect(await snapshot(h.board)).toEqual(before);
          }
        }

        const before = await snapshot(h.board);
        const r = await h.req(row.method, row.path('features', mine.id), options);
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
