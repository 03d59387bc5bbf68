/**
 * The board page: the whole service (`createFeedbackBoard`) on the IndexedDB adapter, driven
 * through its fetch handler and its dashboard and voter sides, as an application embedding it
 * in a page would. Node calls `create()`, reloads the page, then calls `readBack(key)`.
 */
import { createIndexedDbStorage, type IndexedDbStorage } from '../../../../adapters/indexeddb/index.js';
import { createFeedbackBoard, type FeedbackBoard } from '../../../../src/index.js';
import type { BoardSnapshot, PageGlobals } from '../page-api.js';

const DATABASE = 'feedback-board-page';
const SLUG = 'ideas';
const EMAILS = ['ann@example.com', 'bob@example.com'] as const;

interface PostView {
  id: number;
  title: string;
  status: string;
  vote_count: number;
  tags: { name: string }[];
  claim: { agent_label: string; expires_at: string } | null;
}

interface Opened {
  board: FeedbackBoard;
  storage: IndexedDbStorage;
}

async function open(): Promise<Opened> {
  const storage = await createIndexedDbStorage({ name: DATABASE });
  return { board: createFeedbackBoard({ storage }), storage };
}

/** One API call through the handler; throws unless the status is the expected one. */
async function call<T>(board: FeedbackBoard, key: string, method: string, path: string, expected: number, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await board.fetch(new Request(new URL(`/api/v1${path}`, location.origin), init));
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const listTop = (board: FeedbackBoard, key: string) =>
  call<{ posts: PostView[]; total: number }>(board, key, 'GET', `/boards/${SLUG}/posts?sort=top`, 200);

/** Everything written, read back through the API and the voter side. */
async function snapshot({ board, storage }: Opened, key: string, claimedId: number): Promise<BoardSnapshot> {
  const list = await listTop(board, key);
  const votes: Record<number, number> = {};
  for (const post of list.posts) {
    votes[post.id] = (await call<{ vote_count: number }>(board, key, 'GET', `/boards/${SLUG}/posts/${post.id}/votes`, 200)).vote_count;
  }
  const claimed = await call<PostView>(board, key, 'GET', `/boards/${SLUG}/posts/${claimedId}`, 200);
  const [organization] = await board.dashboard.organizations.list();
  const voterIds: number[] = [];
  for (const email of EMAILS) voterIds.push((await board.voters.register(organization!.id, { email })).id);
  return {
    list: {
      total: list.total,
      posts: list.posts.map(({ id, title, status, vote_count, tags }) => ({ id, title, status, vote_count, tags: tags.map((tag) => tag.name) })),
    },
    votes,
    claimed: { id: claimed.id, claim: claimed.claim && { agent_label: claimed.claim.agent_label, expires_at: claimed.claim.expires_at } },
    voterIds,
    database: { name: storage.name, version: storage.version },
  };
}

const page = globalThis as PageGlobals;
page.boardPage = {
  async create() {
    const opened = await open();
    const { board } = opened;
    const organization = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(organization.id, { scope: 'write', label: 'page' });
    await call(board, key, 'POST', '/boards', 201, { slug: SLUG, name: 'Ideas' });
    const bodies = [{ title: 'Dark mode', tags: ['UI'] }, { title: 'Export to CSV', status: 'planned' }, { title: 'Keyboard shortcuts' }];
    const posts: PostView[] = [];
    for (const body of bodies) posts.push(await call<PostView>(board, key, 'POST', `/boards/${SLUG}/posts`, 201, body));
    const voters = [];
    for (const email of EMAILS) voters.push(await board.voters.register(organization.id, { email }));
    const [dark, csv] = posts;
    await board.voters.vote(voters[0]!.id, dark!.id);
    await board.voters.vote(voters[1]!.id, dark!.id);
    await board.voters.vote(voters[0]!.id, csv!.id);
    await call(board, key, 'POST', `/boards/${SLUG}/posts/${csv!.id}/claim`, 201, { agent_label: 'page-agent', ttl_seconds: 3600 });
    const seen = await snapshot(opened, key, csv!.id);
    await board.close();
    return { key, snapshot: seen };
  },
  async readBack(key) {
    const opened = await open();
    const csv = (await listTop(opened.board, key)).posts.find((post) => post.title === 'Export to CSV');
    if (csv === undefined) throw new Error('the post "Export to CSV" is gone');
    const seen = await snapshot(opened, key, csv.id);
    await opened.board.close();
    return seen;
  },
};
