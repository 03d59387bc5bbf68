/**
 * The world the fuzz test runs in: two organizations, Acme's keys of every scope (Globex's key is a
 * `team` key, so that the team's operations meet another organization's full rights), a board of
 * posts with comments, a claim and companies, and a moderated board where voters' posts wait for
 * approval. Before each operation the rows its path names are topped up, since accepted requests
 * use some up (a merge, a decision, an undone merge).
 */
import { createFeedbackBoard } from '../../src/board.js';
import { operationTable, type OperationName } from '../../src/http/operations.js';
import type { Storage } from '../../src/storage/contract.js';
import { seededRandom, testClock } from '../helpers/harness.js';
import { mergedPosts } from '../helpers/state.js';
import type { LiveIds } from './fuzz-arbitraries.js';

/** Held posts waiting before an operation on them: more than the accepted requests it needs, fewer than the moderated board's room. */
const WAITING = 30;
/** Merged posts before `unmergePost`, each undone at most once. */
const MERGED = 16;

/**
 * `storage`, counting the write transactions begun on it (whether they commit or not) and those
 * that committed: a request during which none committed cannot have changed the store, since every
 * change is made in one, and one that fails is rolled back whole (as the conformance suite proves
 * of every store).
 */
function countingWrites(storage: Storage): { storage: Storage; writes(): number; commits(): number } {
  let writes = 0;
  let commits = 0;
  const transaction: Storage['transaction'] = async (mode, fn) => {
    if (mode === 'read') return storage.transaction(mode, fn);
    writes += 1;
    const result = await storage.transaction(mode, fn);
    commits += 1;
    return result;
  };
  const counted = new Proxy(storage, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      // Bound to the storage itself, whose methods may use its private fields.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { storage: counted, writes: () => writes, commits: () => commits };
}

export async function fuzzWorld(given: Storage) {
  const clock = testClock();
  const logged: unknown[] = [];
  const { storage, writes, commits } = countingWrites(given);
  const board = createFeedbackBoard({
    storage,
    clock,
    random: seededRandom(),
    logger: { error: (message, error) => logged.push([message, error]) },
    http: { rateLimit: false },
    agentPublishing: true,
    // 60 posts: the forty of merging, and room for the posts deleted and restored since.
    limits: { boardsPerOrganization: 40, postsPerBoard: 60, commentsPerPost: 15, tagsPerBoard: 15, voterPostsPerHour: 1000 },
  });
  const acme = await board.dashboard.organizations.create({ name: 'Acme' });
  const globex = await board.dashboard.organizations.create({ name: 'Globex' });
  const keys: Record<string, string> = {};
  for (const scope of ['read', 'propose', 'write', 'team'] as const) keys[scope] = (await board.dashboard.apiKeys.create(acme.id, { scope })).key;
  keys.other = (await board.dashboard.apiKeys.create(globex.id, { scope: 'team' })).key;
  const write = await board.api(keys.write!);
  await write.boards.create({ slug: 'features', name: 'Features' });
  await (await board.api(keys.other!)).boards.create({ slug: 'globex', name: 'Globex' });
  for (const [i, title] of ['Dark mode', 'Export', 'SSO', 'Shortcuts'].entries()) {
    const post = await write.posts.create('features', { title, tags: i % 2 ? ['UI'] : ['Data'], status: i === 3 ? 'shipped' : 'planned' });
    await write.comments.create('features', post.id, { body: `first on ${title}` });
  }
  await (await board.api(keys.propose!)).agent.claim('features', 1, { ttl_seconds: 600 });
  await (await board.api(keys.other!)).posts.create('globex', { title: 'Theirs' });
  await storage.transaction('write', async (tx) => {
    const updated_at = new Date(clock.now()).toISOString();
    for (const [id, name] of [['initech', 'Initech'], ['hooli', 'Hooli']]) await tx.putCompany({ organization_id: acme.id, id: id!, name: name!, monthly_revenue: 100, updated_at });
    await tx.putCompany({ organization_id: globex.id, id: 'globex-co', name: 'Globex Co', monthly_revenue: 100, updated_at });
  });
  // The moderated board: only voters' posts reach it, each held; five voters with one post each.
  const team = board.team(acme.id);
  await write.boards.create({ slug: 'inbox', name: 'Inbox' });
  await team.boards.setPublished('inbox', true);
  await team.boards.setModerated('inbox', true);
  const world = { board, keys, logged, acme, voters: 0, writes, commits };
  for (let i = 0; i < 5; i++) await submitHeld(world, 1);
  return world;
}

export type FuzzWorld = Awaited<ReturnType<typeof fuzzWorld>>;

/** `count` posts submitted to the moderated board by a new voter (one never blocked). */
async function submitHeld(world: FuzzWorld, count: number): Promise<void> {
  world.voters += 1;
  const voter = await world.board.voters.register(world.acme.id, { email: `voter${world.voters}@example.com`, name: `Voter ${world.voters}` });
  for (let i = 0; i < count; i++) await world.board.voters.submitPost(voter.id, 'inbox', { title: `Held ${world.voters}.${i}`, body: 'Please' });
}

/**
 * Ids of the board's listed posts, topped up to `count` first (eight, so post operations mostly
 * find their post; more for merging, where each accepted request uses up the post it merges).
 */
async function livePosts({ board, keys }: FuzzWorld, count: number): Promise<number[]> {
  const api = await board.api(keys.write!);
  let { posts } = await api.posts.list('features', { limit: '100' });
  for (let i = posts.length; i < count; i++) await api.posts.create('features', { title: `Topped up ${i}`, status: 'planned' });
  ({ posts } = await api.posts.list('features', { limit: '100' }));
  return posts.map((p) => p.id);
}

/** Ids of the held posts waiting for a decision, topped up to {@link WAITING} (a decision uses one up). */
async function liveHeldPosts(world: FuzzWorld): Promise<number[]> {
  const moderation = world.board.team(world.acme.id).moderation;
  const waiting = await moderation.list('waiting');
  if (waiting.length < WAITING) await submitHeld(world, WAITING - waiting.length);
  return (await moderation.list('waiting')).map((p) => p.id);
}

/** Ids of the voters who submitted held posts, in any state (blocked ones included). */
async function liveVoters(world: FuzzWorld): Promise<number[]> {
  const moderation = world.board.team(world.acme.id).moderation;
  const held = [...(await moderation.list('waiting')), ...(await moderation.list('approved')), ...(await moderation.list('rejected'))];
  return [...new Set(held.map((p) => p.voter_id))];
}

/**
 * A new post with 14 comments (a post takes 15) for an operation on one comment: its path then
 * names that post and one of its comments, so that enough requests are accepted, and each
 * deletion uses one up.
 */
async function postWithComments({ board, keys }: FuzzWorld): Promise<{ id: number[]; comment_id: number[] }> {
  const api = await board.api(keys.write!);
  const post = await api.posts.create('features', { title: 'Discussed', status: 'planned' });
  const comments: number[] = [];
  for (let i = 0; i < 14; i++) comments.push((await api.comments.create('features', post.id, { body: `Comment ${i}` })).id);
  return { id: [post.id], comment_id: comments };
}

/**
 * Ids of the organization's integration connections, one stored first when none is active with a
 * token: on a private address (stored as it stands), so that testing it is refused before any call.
 */
async function liveConnections(world: FuzzWorld): Promise<number[]> {
  const api = world.board.team(world.acme.id).api;
  const { connections } = await api.integrations.listConnections();
  if (!connections.some((c) => c.active && c.has_token)) {
    await world.board.storage.transaction('write', (tx) =>
      tx.insertIntegrationConnection({
        organization_id: world.acme.id, provider: 'github', base_url: 'https://10.0.0.1/api/v3', target: 'acme/app', secret: 'fbis_fuzz_secret_0123456789',
        previous_secret: null, previous_secret_expires_at: null, token: 'ghp_x', label: 'GitHub', active: true, created_at: new Date(world.board.clock.now()).toISOString(),
      }),
    );
  }
  return (await api.integrations.listConnections()).connections.map((c) => c.id);
}

/** Ids of the features board's chat targets, one made first when none is active (a rotation needs an active one). */
async function liveChatTargets(world: FuzzWorld): Promise<number[]> {
  const api = world.board.team(world.acme.id).api;
  const { chat_targets } = await api.chat.list('features');
  if (!chat_targets.some((t) => t.active)) {
    await api.chat.create('features', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/fuzz', events: ['post.created'] });
  }
  return (await api.chat.list('features')).chat_targets.map((t) => t.id);
}

/**
 * Ids of the organization's statuses, the defaults and at least fifteen beside them (what
 * removals take), stored directly: the organization may already hold as many as the API allows.
 */
async function liveStatuses(world: FuzzWorld): Promise<number[]> {
  const api = world.board.team(world.acme.id).api;
  const { statuses } = await api.statuses.list();
  const missing = 15 - statuses.filter((s) => !s.is_default).length;
  await world.board.storage.transaction('write', async (tx) => {
    for (let i = 0; i < missing; i++) {
      await tx.insertStatus({ organization_id: world.acme.id, name: `Fuzz ${statuses.length + i}`, color: '#123456', category: 'planned', position: 100 + i, is_default: false });
    }
  });
  return (await api.statuses.list()).statuses.map((s) => s.id);
}

/** Ids of the board's changelog entries, topped up to 6 (scheduled and published) so that edits and deletes find some. */
async function liveChangelogEntries(world: FuzzWorld): Promise<number[]> {
  const api = await world.board.api(world.keys.write!);
  const listed = async () => (await api.changelog.entries('features', { limit: '500' })).entries.map((e) => e.id);
  const have = (await listed()).length;
  for (let i = have; i < 6; i++) {
    await api.changelog.createEntry('features', { title: `Entry ${i}`, body: 'Shipped.', ...(i % 2 === 0 ? { publish_at: '2099-01-01T09:00:00Z' } : {}) });
  }
  return listed();
}

/** Ids of the board's merged posts, read from the storage (no list shows them). */
async function mergedOf({ board, acme }: FuzzWorld): Promise<number[]> {
  return board.storage.transaction('read', async (tx) => {
    const features = (await tx.getBoardBySlug(acme.id, 'features'))!;
    const { rows } = await tx.listPosts(features.id, { sort: 'new', limit: 500, offset: 0 });
    return (await mergedPosts(tx, features.id, rows)).map((p) => p.id);
  });
}

/** Ids of the board's merged posts, topped up to {@link MERGED} by merging listed posts (an undo uses one up). */
async function liveMergedPosts(world: FuzzWorld): Promise<number[]> {
  const missing = MERGED - (await mergedOf(world)).length;
  if (missing > 0) {
    const [into, ...sources] = await livePosts(world, missing + 1);
    const api = await world.board.api(world.keys.write!);
    for (const id of sources.slice(0, missing)) await api.posts.merge('features', id, { into: into! });
  }
  return mergedOf(world);
}

/** Ids of the board's deleted posts still in the trash, topped up to {@link MERGED} by deleting listed posts (a restore uses one up). */
async function liveDeletedPosts(world: FuzzWorld): Promise<number[]> {
  const team = world.board.team(world.acme.id).api;
  const deleted = async () => (await team.posts.listDeleted({ board: 'features', limit: '500' })).deleted_posts.map((p) => p.id);
  const missing = MERGED - (await deleted()).length;
  if (missing > 0) {
    const api = await world.board.api(world.keys.write!);
    for (const id of await livePosts(world, missing)) await api.posts.delete('features', id);
  }
  return deleted();
}

/** Live ids for every path parameter of `op` (and a merge's target), topped up first. */
export async function liveIds(world: FuzzWorld, op: OperationName): Promise<LiveIds> {
  const path = operationTable[op].path;
  const takes = (name: string) => path.includes(`{${name}}`);
  const commented = takes('comment_id') ? await postWithComments(world) : { comment_id: [] };
  return {
    merged_post_id: takes('merged_post_id') ? await liveMergedPosts(world) : [],
    deleted_post_id: takes('deleted_post_id') ? await liveDeletedPosts(world) : [],
    id: 'id' in commented ? commented.id : await livePosts(world, op === 'mergePost' ? 40 : 8),
    comment_id: commented.comment_id,
    held_post_id: takes('held_post_id') ? await liveHeldPosts(world) : [],
    voter_id: takes('voter_id') ? await liveVoters(world) : [],
    // A link names its connection in its body.
    connection_id: takes('connection_id') || op === 'linkPost' ? await liveConnections(world) : [],
    chat_target_id: takes('chat_target_id') ? await liveChatTargets(world) : [],
    status_id: takes('status_id') ? await liveStatuses(world) : [],
    entry_id: takes('entry_id') ? await liveChangelogEntries(world) : [],
  };
}
