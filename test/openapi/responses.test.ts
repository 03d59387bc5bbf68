/**
 * Real answers of the fetch handler, for every operation, validated against the OpenAPI document:
 * each operation's success answer(s) and one sample of EVERY error code the document says it can
 * answer (so the document declares nothing the handler cannot produce, and the handler answers
 * nothing the document does not declare, with the declared body and headers).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoard } from '../../src/board.js';
import type { ErrorCode } from '../../src/domain/errors.js';
import type { ResourceLimits } from '../../src/domain/limits.js';
import type { HandlerOptions } from '../../src/http/handler.js';
import { operations } from '../../src/http/operation-schemas.js';
import { COMMON_ERRORS, operationNames, type OperationName } from '../../src/http/operations.js';
import type { Storage } from '../../src/storage/contract.js';
import { ResponseChecker, type Sample } from './support.js';

const KEYS = {
  team: 'acme-team-key-0001',
  write: 'acme-write-key-0001',
  propose: 'acme-propose-key-0001',
  read: 'acme-read-key-0001',
  other: 'globex-write-key-0001',
} as const;

/** 2026-11-21T09:00:00Z, a Saturday in the ISO week of Monday 2026-11-16. */
const NOW = Date.UTC(2026, 10, 21, 9);

const fixture = {
  organizations: [
    {
      name: 'Acme',
      statuses: [{ name: 'Under review', color: '#6B21A8', category: 'open' }],
      apiKeys: [
        { key: KEYS.team, scope: 'team' },
        { key: KEYS.write, scope: 'write' },
        { key: KEYS.propose, scope: 'propose' },
        { key: KEYS.read, scope: 'read' },
      ],
      webhooks: [{ url: 'https://hooks.example.com/fb', events: ['post.created'], description: 'main' }],
      boards: [
        {
          slug: 'features',
          name: 'Features',
          published: true,
          posts: [
            {
              title: 'Dark mode', body: 'Please', status: 'planned', tags: ['UI'], created_at: '2026-11-10T09:00:00Z',
              votes: [{ voter: 'ann@example.com', created_at: '2026-11-12T09:00:00Z' }, { voter: 'bob@example.com' }],
              comments: [{ body: 'Yes please', reactions: { '👍': 3 }, replies: [{ body: 'Seconded', replies: [{ body: 'Thirded' }] }] }],
            },
            { title: 'Export to CSV', status: 'in_progress', queue_rank: 1, votes: 1 },
            { title: 'Shortcuts', status: 'shipped', shipped_at: '2026-11-18T10:00:00Z', tags: ['ui', 'Keys'], votes: 4 },
            { title: 'Old idea', status: 'declined', hidden: true },
          ],
        },
      ],
    },
    { name: 'Globex', apiKeys: [{ key: KEYS.other, scope: 'write' }], boards: [{ slug: 'secret', name: 'Secret' }] },
  ],
};

interface Env {
  board: FeedbackBoard;
  /** Makes every storage transaction throw from now on (the key stays cached by the handler). */
  breakStorage(): void;
}

async function env(http: HandlerOptions = {}, limits: ResourceLimits = {}): Promise<Env> {
  const memory = createMemoryStorage();
  let broken = false;
  const storage: Storage = {
    transaction: (mode, fn) => (broken ? Promise.reject(new Error('disk on fire')) : memory.transaction(mode, fn)),
    close: () => memory.close(),
  };
  const board = createFeedbackBoard({ storage, clock: { now: () => NOW }, logger: { error: () => undefined }, http, limits });
  await board.loadFixture(fixture);
  return { board, breakStorage: () => void (broken = true) };
}

interface Call {
  method?: string;
  slug?: string;
  /** Every id of the path (a post, held post or voter id). */
  id?: number;
  query?: string;
  key?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is, with `headers`' Content-Type. */
  raw?: string;
}

/** The key an operation is called with unless told otherwise: the write key, or the team key for the team's operations. */
const keyFor = (name: OperationName): string => (operations[name].scope === 'team' ? KEYS.team : KEYS.write);

/**
 * One request through `board.fetch` for the operation `name` (its method and path unless
 * overridden), with the write key, or the team key for an operation of that scope.
 */
async function call(board: FeedbackBoard, name: OperationName, c: Call = {}): Promise<Sample> {
  const spec = operations[name];
  const path = spec.path.replace('{slug}', c.slug ?? 'features').replace(/\{\w+\}/g, String(c.id ?? 1));
  const headers = new Headers(c.headers);
  const key = c.key === undefined ? keyFor(name) : c.key;
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  let body: string | undefined = c.raw;
  if (body === undefined && c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers.set('content-type', 'application/json');
  }
  const url = `http://board.test/api/v1${path}${c.query ? `?${c.query}` : ''}`;
  const response = await board.fetch(new Request(url, { method: c.method ?? spec.method, headers, body: body ?? null }));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

type Step = (board: FeedbackBoard) => Promise<unknown>;

interface SuccessCase {
  call?: Call;
  /** Requests made first (their answers are not checked here). */
  before?: Step;
  status: number;
}

/** A valid body for each operation that takes one, used by the generic error samples. */
const VALID_BODY: Partial<Record<OperationName, Record<string, unknown>>> = {
  createBoard: { slug: 'roadmap-2027', name: 'Roadmap 2027' },
  createPost: { title: 'Offline mode' },
  updatePost: { pinned: true },
  claimPost: { ttl_seconds: 600 },
  claimNextPost: { ttl_seconds: 600 },
  addEvidence: { kind: 'commit', ref: 'abc123' },
  proposeStatus: { status: 'shipped' },
  createComment: { body: 'On it' },
  updateComment: { body: 'On it, edited' },
  mergePost: { into: 2 },
  voteOnBehalf: { company_id: 'initech' },
  withdrawVoteOnBehalf: { company_id: 'initech' },
  rejectHeldPost: { reason: 'Spam' },
  updateMailSettings: { reply: false },
  createStatus: { name: 'Next quarter', color: '#0f766e', category: 'planned' },
  updateStatus: { name: 'Opened' },
  updateFields: { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'], required: true }, { key: 'seats', label: 'Seats', type: 'number' }] },
  createIntegrationConnection: { provider: 'github', target: 'acme/app' },
  rotateIntegrationConnectionSecret: {},
  linkPost: { connection_id: 1, action: 'create' },
  createChatTarget: { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/XXXX', events: ['post.created'] },
  createChangelogEntry: { title: 'November', body: 'Dark mode **shipped**.', post_ids: [1] },
  updateChangelogEntry: { title: 'November, edited' },
};

const claimAs = (key: string, id = 1) => (board: FeedbackBoard) => call(board, 'claimPost', { key, id, body: { agent_label: 'bot' } });

/** Stores Acme's customer company `initech`, as a sign-in naming it would. */
const addCompany: Step = (board) =>
  board.storage.transaction('write', (tx) =>
    tx.putCompany({ organization_id: 1, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: '2026-11-20T09:00:00.000Z' }),
  );

/** Holds a new voter's post for approval on the moderated board: held post 1, by voter 3. */
const holdPost: Step = async (board) => {
  await board.team(1).boards.setModerated('features', true);
  const voter = await board.voters.register(1, { email: 'cy@example.com', name: 'Cy' });
  await board.voters.submitPost(voter.id, 'features', { title: 'Held idea', body: 'Please', tags: ['UI'] });
};

/** A Slack chat target of Acme's features board: target 1. */
const chatTarget: Step = (board) =>
  board.team(1).api.chat.create('features', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/XXXX', events: ['post.created'] });

/** Connects Acme to GitHub: connection 1. */
const connect: Step = (board) => board.team(1).api.integrations.createConnection({ provider: 'github', target: 'acme/app', token: 'ghp_x' });

/** Deletes post 1 (into the trash, with the write key). */
const deleteFirst: Step = (board) => call(board, 'deletePost');

/** Connects Acme to GitHub and links an issue to post 1, as a delivered call does. */
const connectAndLink: Step = async (board) => {
  await connect(board);
  const at = '2026-11-20T09:00:00.000Z';
  await board.storage.transaction('write', (tx) =>
    tx.insertPostLink({ post_id: 1, connection_id: 1, provider: 'github', url: 'https://github.com/acme/app/issues/7', title: 'Offline mode', state: 'open', created_at: at, updated_at: at }),
  );
};

/** A GitHub connection of Acme on a private address (stored as it stands): its test is refused before any call. */
const connectPrivate: Step = (board) =>
  board.storage.transaction('write', (tx) =>
    tx.insertIntegrationConnection({
      organization_id: 1, provider: 'github', base_url: 'https://10.0.0.1/api/v3', target: 'acme/app', secret: 'fbis_secret_0123456789', previous_secret: null,
      previous_secret_expires_at: null, token: 'ghp_x', label: 'GitHub', active: true, created_at: '2026-11-20T09:00:00.000Z',
    }),
  );

/** Writes a published changelog entry and a scheduled one, so that a list shows both states. */
const writeEntries: Step = async (board) => {
  await call(board, 'createChangelogEntry', { body: { title: 'Shipped', body: 'Done.', post_ids: [1] } });
  await call(board, 'createChangelogEntry', { body: { title: 'Soon', body: 'Next.', publish_at: '2099-01-01T09:00:00+02:00' } });
};

/** Merges post 1 into post 2. */
const mergeFirst: Step = (board) => call(board, 'mergePost', { body: { into: 2 } });

/** Claims every claimable post of the board, so that claim-next has nothing left to give. */
const drainQueue: Step = async (board) => {
  for (let i = 0; i < 100; i++) if ((await call(board, 'claimNextPost', { key: KEYS.write, body: {} })).status !== 201) return;
  throw new Error('the queue did not drain');
};

/** The success answers of each operation, from a state that fills every optional part of them. */
const SUCCESS: Record<OperationName, SuccessCase[]> = {
  listBoards: [{ status: 200 }],
  getBoard: [{ status: 200 }],
  createBoard: [{ call: { body: { slug: 'roadmap-2027', name: 'Roadmap 2027', description: 'Next year' } }, status: 201 }],
  publishBoard: [{ before: (b) => b.dashboard.settings.setAgentPublishing(true), status: 200 }],
  unpublishBoard: [{ status: 200 }],
  listPosts: [{ call: { query: 'sort=top&limit=3&q=o' }, status: 200 }, { call: { query: 'tag=ui&status=shipped' }, status: 200 }],
  findSimilarPosts: [{ call: { query: 'text=dark%20mode&limit=3' }, status: 200 }],
  createPost: [
    { call: { body: { title: '  Offline mode ', body: 'Sync later', status: 'shipped', tags: ['UI', 'Sync'], pinned: true } }, status: 201 },
    { call: { key: KEYS.propose, body: { title: 'Suggested' } }, status: 201 },
  ],
  getPost: [
    {
      before: async (b) => {
        await claimAs(KEYS.propose)(b);
        await call(b, 'addEvidence', { key: KEYS.propose, body: { kind: 'pr', ref: 'https://git.example.com/pr/7', label: 'PR' } });
        await call(b, 'proposeStatus', { key: KEYS.propose, body: { status: 'shipped', note: 'done' } });
      },
      status: 200,
    },
  ],
  updatePost: [
    {
      call: {
        body: {
          title: 'Dark theme', status: 'shipped', tags: ['UI'], queue_rank: 3, notify_voters: true,
          implementation_evidence: [{ kind: 'branch', ref: 'dark-theme' }, { kind: 'url', ref: 'https://example.com/x', label: 'Docs' }],
        },
      },
      status: 200,
    },
    { call: { body: {} }, status: 200 },
  ],
  deletePost: [{ status: 204 }],
  mergePost: [{ status: 200 }],
  getQueue: [{ before: claimAs(KEYS.propose, 2), call: { key: KEYS.propose, query: 'limit=5' }, status: 200 }],
  claimPost: [
    { call: { key: KEYS.propose, body: { ttl_seconds: 600, agent_label: 'bot' } }, status: 201 },
    { before: claimAs(KEYS.propose), call: { key: KEYS.propose }, status: 200 },
  ],
  claimNextPost: [
    { call: { key: KEYS.propose, body: { ttl_seconds: 600, agent_label: 'bot' } }, status: 201 },
    { before: drainQueue, call: { key: KEYS.propose }, status: 200 },
  ],
  releaseClaim: [{ before: claimAs(KEYS.propose), call: { key: KEYS.propose }, status: 204 }],
  addEvidence: [{ call: { key: KEYS.propose, body: { kind: 'pr', ref: 'https://git.example.com/pr/7', action_key: 'run-1' } }, status: 201 }],
  proposeStatus: [{ call: { key: KEYS.propose, body: { status: 'in_progress', note: 'started' } }, status: 200 }],
  listVotes: [{ status: 200 }],
  voteOnBehalf: [{ before: addCompany, status: 200 }],
  withdrawVoteOnBehalf: [
    {
      before: async (b) => {
        await addCompany(b);
        await call(b, 'voteOnBehalf', { body: { company_id: 'initech' } });
      },
      status: 200,
    },
  ],
  listComments: [{ status: 200 }],
  createComment: [{ call: { body: { body: 'Reply from the team', parent_comment_id: 2 } }, status: 201 }],
  updateComment: [{ call: { body: { body: 'Edited by the team' } }, status: 200 }],
  deleteComment: [{ status: 204 }],
  getRoadmap: [{ call: { query: 'limit=2&offset=1' }, status: 200 }],
  getChangelog: [{ status: 200 }],
  listChangelogEntries: [{ before: writeEntries, status: 200 }, { before: writeEntries, call: { query: 'state=scheduled&limit=1' }, status: 200 }],
  createChangelogEntry: [{ status: 201 }, { call: { body: { title: 'Soon', body: 'Next.', post_ids: [], publish_at: '2099-01-01T09:00:00Z' } }, status: 201 }],
  // Entry 1 is published, entry 2 scheduled: a published one edited, a scheduled one published now.
  updateChangelogEntry: [{ before: writeEntries, status: 200 }, { before: writeEntries, call: { id: 2, body: { body: 'Next, now.', publish_at: null } }, status: 200 }],
  deleteChangelogEntry: [{ before: writeEntries, status: 204 }, { before: writeEntries, call: { id: 2 }, status: 204 }],
  getShipStats: [{ status: 200 }, { call: { query: 'period=week' }, status: 200 }],
  getAnalytics: [{ status: 200 }, { call: { query: 'period=90d' }, status: 200 }],
  listWebhooks: [{ status: 200 }],
  getPostActivity: [
    { before: async (b) => void (await claimAs(KEYS.propose)(b)), call: { key: KEYS.read, query: 'limit=1' }, status: 200 },
    { before: mergeFirst, call: { query: 'limit=500' }, status: 200 },
  ],
  listHeldPosts: [{ before: holdPost, call: { query: 'state=waiting&limit=10&offset=0' }, status: 200 }],
  getHeldPost: [
    { before: holdPost, status: 200 },
    { before: async (b) => (await holdPost(b), call(b, 'rejectHeldPost', { body: { reason: 'Spam' } })), status: 200 },
  ],
  approveHeldPost: [{ before: holdPost, status: 201 }],
  rejectHeldPost: [{ before: holdPost, status: 200 }],
  blockVoter: [{ status: 200 }],
  unblockVoter: [{ before: (b) => call(b, 'blockVoter'), status: 200 }],
  unmergePost: [{ before: mergeFirst, status: 200 }],
  restorePost: [{ before: deleteFirst, status: 200 }],
  listDeletedPosts: [{ before: deleteFirst, call: { query: 'board=features&limit=10' }, status: 200 }],
  pinPost: [{ status: 200 }],
  unpinPost: [{ before: (b) => call(b, 'pinPost'), status: 200 }],
  listStatuses: [{ status: 200 }],
  listFields: [{ status: 200 }, { before: (b) => call(b, 'updateFields', { body: VALID_BODY.updateFields }), status: 200 }],
  updateFields: [{ status: 200 }, { call: { body: { fields: [] } }, status: 200 }],
  createStatus: [{ status: 201 }],
  updateStatus: [{ call: { body: { name: 'New', color: '#00AA00', position: 9 } }, status: 200 }],
  deleteStatus: [{ call: { id: 6 }, status: 204 }],
  getMailSettings: [{ status: 200 }],
  updateMailSettings: [{ status: 200 }],
  createIntegrationConnection: [
    { call: { body: { provider: 'gitlab', base_url: 'https://gitlab.example.com', target: 'group/app', token: 'glpat-x', label: 'GitLab' } }, status: 201 },
  ],
  listIntegrationConnections: [{ before: connect, status: 200 }],
  rotateIntegrationConnectionSecret: [{ before: connect, call: { body: {} }, status: 200 }],
  deactivateIntegrationConnection: [{ before: connect, status: 200 }],
  linkPost: [
    { before: connect, call: { body: { connection_id: 1, action: 'create' } }, status: 201 },
    { before: connect, call: { body: { connection_id: 1, url: 'https://github.com/acme/app/issues/7' } }, status: 201 },
  ],
  listPostLinks: [{ status: 200 }, { before: connectAndLink, status: 200 }],
  testIntegrationConnection: [{ before: connectPrivate, status: 200 }],
  createChatTarget: [{ call: { body: { platform: 'teams', url: 'https://acme.webhook.office.com/webhookb2/x', events: ['post.created', 'comment.created'] } }, status: 201 }],
  listChatTargets: [{ status: 200 }, { before: chatTarget, status: 200 }],
  deactivateChatTarget: [{ before: chatTarget, status: 200 }],
};

interface ErrorCase {
  code: ErrorCode;
  call: Call;
  before?: Step;
  http?: HandlerOptions;
  limits?: ResourceLimits;
  /** Break the storage after a first request has put the key in the handler's cache. */
  breakStorage?: boolean;
}

/** What must exist for an operation's path to name something (its error samples run after it). */
const PREPARE: Partial<Record<OperationName, Step>> = {
  getHeldPost: holdPost, approveHeldPost: holdPost, restorePost: deleteFirst, rejectHeldPost: holdPost, rotateIntegrationConnectionSecret: connect, deactivateIntegrationConnection: connect, linkPost: connect, testIntegrationConnection: connect,
  deactivateChatTarget: chatTarget, updateChangelogEntry: writeEntries, deleteChangelogEntry: writeEntries,
};

/** Samples of every error code an operation can answer, built from what the operation takes. */
function errorCases(name: OperationName): ErrorCase[] {
  const spec = operations[name];
  const body = VALID_BODY[name];
  const cases: ErrorCase[] = [
    { code: 'unauthorized', call: { key: null } },
    { code: 'unauthorized', call: { key: 'not-a-key-at-all', body } },
    { code: 'rate_limited', call: { body }, http: { rateLimit: { limit: 1 } }, before: (b) => call(b, 'listBoards', { key: keyFor(name) }) },
    { code: 'internal_error', call: { body }, breakStorage: true },
  ];
  if (spec.path.includes('{slug}')) {
    cases.push({ code: 'not_found', call: { slug: 'secret', body } }, { code: 'not_found', call: { slug: 'nope', body } });
  }
  if (/\{(?!slug)\w+\}/.test(spec.path)) cases.push({ code: 'not_found', call: { id: 999, body } });
  // The key one scope below the operation's.
  if (spec.scope !== 'read') cases.push({ code: 'insufficient_scope', call: { key: spec.scope === 'team' ? KEYS.write : KEYS.read, body } });
  if ('query' in spec) {
    const first = Object.keys(spec.query.shape)[0]!;
    cases.push({ code: 'validation_error', call: { query: `${first}=1&${first}=2` } });
  }
  if (body) {
    cases.push(
      { code: 'validation_error', call: { body: { ...body, id: 7 } } },
      { code: 'invalid_json', call: { raw: '{"title": ', headers: { 'content-type': 'application/json' } } },
      { code: 'unsupported_media_type', call: { raw: 'title=x', headers: { 'content-type': 'text/plain' } } },
      { code: 'payload_too_large', call: { body: { ...body, padding: 'x'.repeat(200) } }, http: { maxBodyBytes: 64 } },
    );
  }
  const special: Partial<Record<OperationName, ErrorCase[]>> = {
    createBoard: [{ code: 'slug_taken', call: { body: { slug: 'features', name: 'Again' } } }],
    publishBoard: [{ code: 'publish_disabled', call: {} }],
    claimPost: [{ code: 'claim_conflict', before: claimAs(KEYS.propose), call: { body: {} } }],
    releaseClaim: [{ code: 'claim_conflict', before: claimAs(KEYS.propose), call: {} }],
    proposeStatus: [{ code: 'status_unchanged', call: { key: KEYS.propose, body: { status: 'planned' } } }],
    addEvidence: [{ code: 'validation_error', call: { key: KEYS.propose, body: { kind: 'url', ref: 'not a url' } } }],
    voteOnBehalf: [{ code: 'validation_error', before: addCompany, call: { body: { company_id: 'globex' } } }],
    withdrawVoteOnBehalf: [{ code: 'validation_error', before: addCompany, call: { body: { company_id: 'globex' } } }],
    approveHeldPost: [
      { code: 'status_unchanged', before: (b) => call(b, 'approveHeldPost'), call: {} },
      // The board is full (5 posts) once the team adds one after the voter's submission.
      { code: 'validation_error', limits: { postsPerBoard: 5 }, before: (b) => call(b, 'createPost', { body: { title: 'Fifth' } }), call: {} },
    ],
    rejectHeldPost: [{ code: 'status_unchanged', before: (b) => call(b, 'approveHeldPost'), call: { body: {} } }],
    unmergePost: [{ code: 'validation_error', call: {} }],
    // Status 1 is the default of open posts; 6 the fixture's own.
    deleteStatus: [{ code: 'validation_error', call: { id: 1 } }],
    // A choice must offer options; a key is given once.
    updateFields: [{ code: 'validation_error', call: { body: { fields: [{ key: 'plan', label: 'Plan', type: 'choice' }] } } }],
    createPost: [{ code: 'validation_error', before: (b) => call(b, 'updateFields', { body: VALID_BODY.updateFields }), call: { body: { title: 'Needs a plan' } } }],
    createStatus: [{ code: 'validation_error', call: { body: { name: 'under REVIEW', color: '#000000', category: 'open' } } }],
    listDeletedPosts: [{ code: 'not_found', call: { query: 'board=nope' } }],
    createChangelogEntry: [{ code: 'validation_error', call: { body: { title: 'November', body: 'x', post_ids: [999] } } }],
    // Entry 1 is published: its time is kept.
    updateChangelogEntry: [{ code: 'validation_error', call: { body: { publish_at: '2099-01-01T09:00:00Z' } } }],
    // Post 1 is deleted (PREPARE); the board is full again (4 posts) once the team adds one.
    restorePost: [{ code: 'validation_error', limits: { postsPerBoard: 4 }, before: (b) => call(b, 'createPost', { body: { title: 'Fourth' } }), call: {} }],
    createIntegrationConnection: [{ code: 'validation_error', call: { body: { provider: 'github', base_url: 'https://10.0.0.1' } } }],
    createChatTarget: [{ code: 'validation_error', call: { body: { platform: 'slack', url: 'https://discord.com/api/webhooks/1/token', events: ['post.created'] } } }],
    testIntegrationConnection: [{ code: 'validation_error', before: (b) => b.team(1).api.integrations.deactivate(1), call: {} }],
    linkPost: [
      { code: 'validation_error', call: { body: { connection_id: 1, url: 'https://example.com/not-an-issue' } } },
      { code: 'not_found', call: { body: { connection_id: 99, action: 'create' } } },
    ],
  };
  return [...cases, ...(special[name] ?? [])];
}

const checker = new ResponseChecker();
const docPath = (name: OperationName) => `/api/v1${operations[name].path}`;

describe('answers of the handler match the OpenAPI document', () => {
  it.each(operationNames)('%s: success answers', async (name) => {
    const statuses = new Set<number>();
    for (const sample of SUCCESS[name]) {
      const { board } = await env();
      await sample.before?.(board);
      const answer = await call(board, name, { body: VALID_BODY[name], ...sample.call });
      expect(answer.status, answer.text).toBe(sample.status);
      checker.checkOperation(operations[name].method, docPath(name), answer);
      statuses.add(answer.status);
    }
    const spec = operations[name];
    expect([...statuses].sort()).toEqual([spec.success.status, ...('alsoStatus' in spec.success ? [spec.success.alsoStatus] : [])].sort());
  });

  it.each(operationNames)('%s: one answer of every error code it declares', async (name) => {
    const seen = new Set<ErrorCode>();
    for (const sample of errorCases(name)) {
      const { board, breakStorage } = await env(sample.http, sample.limits);
      await PREPARE[name]?.(board);
      await sample.before?.(board);
      if (sample.breakStorage) {
        await call(board, 'listBoards', { key: keyFor(name) });
        breakStorage();
      }
      const answer = await call(board, name, sample.call);
      const code = answer.text ? (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code : undefined;
      expect(code, `${JSON.stringify(sample.call).slice(0, 120)} → ${answer.status} ${answer.text}`).toBe(sample.code);
      checker.checkOperation(operations[name].method, docPath(name), answer);
      seen.add(sample.code);
    }
    expect([...seen].sort()).toEqual([...new Set([...operations[name].errors, ...COMMON_ERRORS])].sort());
  });
});

describe('answers that belong to no operation', () => {
  let board: FeedbackBoard;
  beforeAll(async () => {
    board = (await env()).board;
  });

  it('a known path with another method is the documented 405 with Allow', async () => {
    const answer = await call(board, 'listBoards', { method: 'PUT' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
    checker.checkComponent('MethodNotAllowed', answer);
  });

  it('an unknown path is the documented 404', async () => {
    const answer = await board.fetch(new Request('http://board.test/api/v1/boardz', { headers: { authorization: `Bearer ${KEYS.read}` } }));
    checker.checkComponent('NotFound', { status: answer.status, headers: answer.headers, text: await answer.text() });
  });

  it('the checker rejects an answer the document does not allow', async () => {
    const answer = await call(board, 'getBoard');
    const tampered = JSON.stringify({ ...JSON.parse(answer.text), published: 'yes' });
    expect(() => checker.checkOperation('GET', docPath('getBoard'), { ...answer, text: tampered })).toThrow(/published/);
    expect(() => checker.checkOperation('GET', docPath('getBoard'), { ...answer, status: 409 })).toThrow(/does not declare/);
    const noRetryAfter = new Headers(answer.headers);
    expect(() => checker.checkComponent('RateLimited', { status: 429, headers: noRetryAfter, text: '{"error":{"code":"rate_limited","message":"x"}}' })).toThrow(/Retry-After/);
  });
});
