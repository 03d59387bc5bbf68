/**
 * `serve` through PgBouncer in transaction mode (the default `ignore_startup_parameters =
 * extra_float_digits`, so any other startup parameter is refused): one process detects the pooler
 * by that refusal, the other is told with `--db-pooler transaction`. Through the pooler, where each
 * transaction may run on another server connection: 200 concurrent mixed requests all succeed and
 * their webhooks go out; 8 keys claiming 20 posts at once give each post one holder; one key gets
 * exactly its rate limit across both processes; a statement past its timeout is canceled (the
 * timeout is set per transaction); a process killed with SIGKILL loses no acknowledged write.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { call as callApi, startServe, workDir, type Server } from '../../helpers/cli.js';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { startReceiver, type Receiver } from '../../webhooks/receiver.js';
import { startTestPooler, type TestPooler } from './pgbouncer.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const POSTS = 20;
const AGENTS = 8;
const writeKey = (i: number) => `pooled-write-${i}-key-0123456789`;
const agentKey = (i: number) => `pooled-agent-${i}-key-0123456789`;
const LIMITED_KEY = 'pooled-limited-key-0123456789';
const READER_KEY = 'pooled-reader-key-0123456789';

const fixture = (hook: string) => ({
  organizations: [
    {
      name: 'Pooled',
      apiKeys: [
        ...Array.from({ length: 4 }, (_, i) => ({ key: writeKey(i), scope: 'write' })),
        ...Array.from({ length: AGENTS }, (_, i) => ({ key: agentKey(i), scope: 'propose' })),
        { key: LIMITED_KEY, scope: 'read' },
        { key: READER_KEY, scope: 'read' },
      ],
      webhooks: [{ url: hook, events: ['post.created'] }],
      boards: [{ slug: 'work', name: 'Work', posts: Array.from({ length: POSTS }, (_, i) => ({ title: `Task ${i + 1}`, status: 'planned' })) }],
    },
  ],
});

const work = workDir();
const servers: Server[] = [];
let pooler: TestPooler;
let hooks: Receiver;
let url: string;
let pooled: string;
let postIds: number[];

const call = (server: Server, key: string, method: string, path: string, body?: unknown) => callApi(server.api, method, path, key, body);

const skip = skipReason('pgbouncer', 'test/adapters/postgres/pooler.test.ts');

beforeAll(async () => {
  if (skip !== undefined) return;
  pooler = await startTestPooler();
  hooks = await startReceiver('ok');
  url = await createTestDatabase('fb_pooler');
  pooled = pooler.throughPooler(url);
  const args = ['--port', '0', '--db', pooled, '--allow-private-webhooks'];
  // Told nothing: the pooler's refusal of the timeouts as startup parameters gives it away.
  servers.push(await startServe([...args, '--fixture', work.write('fixture.json', fixture(hooks.url))], work.dir));
  servers.push(await startServe([...args, '--db-pooler', 'transaction'], work.dir));
  const page = await call(servers[0]!, READER_KEY, 'GET', `/boards/work/posts?limit=${POSTS}`);
  postIds = (page.json.posts as { id: number }[]).map((post) => post.id);
}, 60_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  await hooks?.close();
  pooler?.stop();
  if (url !== undefined) await dropTestDatabase(url);
  work.remove();
});

describe.skipIf(skip !== undefined)(suiteTitle('two serve processes through PgBouncer in transaction mode', skip), () => {
  it('start through the pooler, detected or told, and serve the same data', async () => {
    expect(postIds).toHaveLength(POSTS);
    for (const server of servers) {
      const boards = await call(server, READER_KEY, 'GET', '/boards');
      expect(boards.status).toBe(200);
      expect(boards.json.boards.map((board: { slug: string }) => board.slug)).toEqual(['work']);
      expect(server.stderr()).not.toMatch(/prepared statement|unsupported startup parameter/);
    }
  });

  it('answer 200 concurrent mixed requests, all successfully, and deliver the webhooks of the new posts', async () => {
    const requests = Array.from({ length: 200 }, (_, i) => {
      const post = postIds[i % POSTS]!;
      const steps: [string, string, unknown][] = [
        ['POST', '/boards/work/posts', { title: `Pooled idea ${i}` }],
        ['GET', '/boards/work/posts?limit=10', undefined],
        ['GET', `/boards/work/posts/${post}`, undefined],
        ['PATCH', `/boards/work/posts/${post}`, { body: `Edited by request ${i}` }],
        ['POST', `/boards/work/posts/${post}/comments`, { body: `Comment ${i}` }],
      ];
      const [method, path, body] = steps[i % steps.length]!;
      return call(servers[i % 2]!, writeKey(i % 4), method, path, body).then((answer) => ({ i, method, path, ...answer }));
    });
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.method} ${a.path}: ${a.status} ${a.text}`)).toEqual([]);
    const created = answers.filter((a) => a.method === 'POST' && a.path === '/boards/work/posts').map((a) => a.json.id as number);
    expect(created).toHaveLength(40);
    // The senders lease through the pooler too: every new post's event arrives.
    const delivered = () => new Set(hooks.received.map((r) => (JSON.parse(r.body) as { data: { post: { id: number } } }).data.post.id));
    const deadline = Date.now() + 20_000;
    while (!created.every((id) => delivered().has(id)) && Date.now() < deadline) await new Promise((wake) => setTimeout(wake, 100));
    expect(created.filter((id) => !delivered().has(id))).toEqual([]);
  }, 60_000);

  it('give each of 20 posts exactly one holder when 8 keys claim them all at once', async () => {
    const attempts = [];
    for (let agent = 0; agent < AGENTS; agent++) {
      for (const [n, post] of postIds.entries()) {
        attempts.push(
          call(servers[(agent + n) % 2]!, agentKey(agent), 'POST', `/boards/work/posts/${post}/claim`, { ttl_seconds: 600 }).then((answer) => ({ agent, post, ...answer })),
        );
      }
    }
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    for (const post of postIds) expect(results.filter((r) => r.post === post && r.status === 201), `post ${post}`).toHaveLength(1);
    // Each holder is the one the post names, and releases it.
    for (const { agent, post } of results.filter((r) => r.status === 201)) {
      expect((await call(servers[1]!, agentKey(agent), 'DELETE', `/boards/work/posts/${post}/claim`)).status).toBe(204);
    }
  }, 60_000);

  it('hold one key to exactly its rate limit across both processes', async () => {
    const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => call(servers[i % 2]!, LIMITED_KEY, 'GET', '/boards')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(120);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  }, 60_000);

  it('cancels a statement past its timeout through the pooler: the timeout is set per transaction', async () => {
    const storage = await createPostgresStorage({ connectionString: pooled }, { pooler: 'transaction', statementTimeoutMs: 1500 });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM fb_posts WHERE id = $1 FOR UPDATE', [postIds[0]]);
      const started = performance.now();
      const failure = await storage
        .transaction('write', (tx) => tx.updatePost(postIds[0]!, { title: 'Never stored' }))
        .then(() => null, (error: unknown) => error as Error & { code?: string; cause?: Error & { cause?: { code?: string } } });
      const waited = performance.now() - started;
      expect(failure?.code).toBe('service_unavailable');
      expect(failure?.cause?.cause?.code).toBe('57014');
      // Canceled by the server after 1.5 s, not by the client's read timeout (3.5 s) or later.
      expect(waited).toBeGreaterThan(1400);
      expect(waited).toBeLessThan(3400);
      // The next transaction, on whichever server connection, runs with its own timeout again.
      await holder.query('ROLLBACK');
      await storage.transaction('write', (tx) => tx.updatePost(postIds[0]!, { title: 'Stored after the hold' }));
      expect((await storage.transaction('read', (tx) => tx.getPost(postIds[0]!)))?.title).toBe('Stored after the hold');
    } finally {
      await holder.end();
      await storage.close();
    }
  }, 30_000);

  it("refuses to connect through the pooler when told it is a direct connection, naming the pooler's refusal", async () => {
    await expect(createPostgresStorage({ connectionString: pooled }, { pooler: 'none' })).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
    await expect(createPostgresStorage({ connectionString: pooled }, { pooler: 'session' as unknown as 'none' })).rejects.toThrow(
      /pooler must be 'none' or 'transaction', not session/,
    );
  });

  it('loses no acknowledged write when a process is killed (SIGKILL) during a burst', async () => {
    const victim = await startServe(['--port', '0', '--db', pooled, '--db-pooler', 'transaction'], work.dir);
    servers.push(victim);
    const acknowledged: number[] = [];
    const burst = Array.from({ length: 40 }, async (_, i) => {
      try {
        const answer = await call(victim, writeKey(i % 4), 'POST', '/boards/work/posts', { title: `Before the kill ${i}` });
        if (answer.status === 201) acknowledged.push(answer.json.id as number);
      } catch {
        // The connection died with the process: not acknowledged.
      }
    });
    while (acknowledged.length < 3) await new Promise((wake) => setTimeout(wake, 2));
    victim.child.kill('SIGKILL');
    await Promise.all(burst);
    for (const id of acknowledged) expect((await call(servers[0]!, READER_KEY, 'GET', `/boards/work/posts/${id}`)).status).toBe(200);
    // No lock or pooled server connection is left behind: both survivors write at once.
    for (const server of servers.slice(0, 2)) expect((await call(server, writeKey(1), 'POST', '/boards/work/posts', { title: 'After the kill' })).status).toBe(201);
  }, 60_000);
});
