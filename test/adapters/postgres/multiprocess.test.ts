/**
 * Four `serve --db postgres://…` processes on one database, driven over real HTTP: every rule of
 * the API holds for all of them together. Writes are visible everywhere; of many keys racing for
 * many posts exactly one holds each post; claim-next hands out distinct posts; one key gets exactly the rate limit across two processes;
 * a key revoked elsewhere is refused by every process within 1 s; SIGKILL during a burst of writes
 * loses none that was acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { createFeedbackBoard } from '../../../src/index.js';
import { call as callApi, startServe, workDir, type Server } from '../../helpers/cli.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const SERVERS = 4;
const AGENTS = 10;
const POSTS = 12;

const agentKey = (i: number) => `agent-${i}-key-0123456789`;
const WRITE_KEY = 'writer-key-0123456789';
const LIMITED_KEY = 'limited-key-0123456789';
const REVOKED_KEY = 'revoked-key-0123456789';
const BURST_KEY = 'burst-key-0123456789';

const fixture = {
  organizations: [
    {
      name: 'Shared',
      apiKeys: [
        { key: WRITE_KEY, scope: 'write' },
        { key: LIMITED_KEY, scope: 'read' },
        { key: REVOKED_KEY, scope: 'read', label: 'to revoke' },
        { key: BURST_KEY, scope: 'write' },
        ...Array.from({ length: AGENTS }, (_, i) => ({ key: agentKey(i), scope: 'propose' })),
      ],
      boards: [
        { slug: 'work', name: 'Work', posts: Array.from({ length: POSTS }, (_, i) => ({ title: `Task ${i + 1}`, status: 'planned' })) },
      ],
    },
  ],
};

const work = workDir();
const servers: Server[] = [];
let url: string;

beforeAll(async () => {
  url = await createTestDatabase('fb_multi');
  // The first process loads the fixture into the new database; the others open it as it is.
  servers.push(await startServe(['--port', '0', '--db', url, '--fixture', work.write('fixture.json', fixture)], work.dir));
  const rest = await Promise.all(Array.from({ length: SERVERS - 1 }, () => startServe(['--port', '0', '--db', url], work.dir)));
  servers.push(...rest);
}, 60_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  await dropTestDatabase(url);
  work.remove();
});

/** A request through one of the servers with a key (the shared helper, with the server first). */
const call = (server: Server, key: string, method: string, path: string, body?: unknown) => callApi(server.api, method, path, key, body);

const skip = skipReason('postgres-server', 'test/adapters/postgres/multiprocess.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle(`${SERVERS} serve processes on one PostgreSQL database`, skip), () => {
  it('see each other’s writes', async () => {
    const created = await call(servers[1]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'Written through server 2' });
    expect(created.status).toBe(201);
    for (const server of servers) {
      const read = await call(server, WRITE_KEY, 'GET', `/boards/work/posts/${created.json!['id']}`);
      expect(read.status).toBe(200);
      expect(read.json!['title']).toBe('Written through server 2');
    }
    expect((await call(servers[3]!, WRITE_KEY, 'DELETE', `/boards/work/posts/${created.json!['id']}`)).status).toBe(204);
    for (const server of servers) expect((await call(server, WRITE_KEY, 'GET', `/boards/work/posts/${created.json!['id']}`)).status).toBe(404);
  });

  it('give every post exactly one holder when many keys race for many posts', async () => {
    const attempts = [];
    for (let agent = 0; agent < AGENTS; agent++) {
      for (let post = 1; post <= POSTS; post++) {
        const server = servers[(agent + post) % SERVERS]!;
        attempts.push(call(server, agentKey(agent), 'POST', `/boards/work/posts/${post}/claim`, { ttl_seconds: 600 }).then((r) => ({ agent, post, ...r })));
      }
    }
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    for (let post = 1; post <= POSTS; post++) {
      const winners = results.filter((r) => r.post === post && r.status === 201);
      expect(winners).toHaveLength(1);
      // Every refusal names the one winner, and every server reports it as the holder.
      for (const lost of results.filter((r) => r.post === post && r.status === 409)) expect(lost.json!['error'].code).toBe('claim_conflict');
      for (const server of servers) {
        const read = await call(server, WRITE_KEY, 'GET', `/boards/work/posts/${post}`);
        expect(read.json!['claim']['agent_label'] ?? '').toBe(winners[0]!.json!['agent_label'] ?? '');
        expect(read.json!['claim']['claimed_at']).toBe(winners[0]!.json!['claimed_at']);
      }
    }
    // Released again by their holders, through another process.
    for (const winner of results.filter((r) => r.status === 201)) {
      const server = servers[(winner.agent + winner.post + 1) % SERVERS]!;
      expect((await call(server, agentKey(winner.agent), 'DELETE', `/boards/work/posts/${winner.post}/claim`)).status).toBe(204);
    }
  }, 60_000);

  it('hand out distinct posts to agents calling claim-next through all of them at once', async () => {
    // The POSTS planned posts are free again (released above): 2 calls per agent, 20 calls for 12 posts.
    const calls = [];
    for (let agent = 0; agent < AGENTS; agent++) {
      for (let k = 0; k < 2; k++) {
        calls.push(call(servers[(agent + k) % SERVERS]!, agentKey(agent), 'POST', '/boards/work/queue/claim', { ttl_seconds: 600 }).then((r) => ({ agent, ...r })));
      }
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status !== 201 && r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    const won = results.filter((r) => r.status === 201).map((r) => r.json!['post']['id'] as number);
    expect(new Set(won).size).toBe(won.length);
    expect(won).toHaveLength(POSTS);
    expect(results.filter((r) => r.status === 200 && r.json!['claim'] === null)).toHaveLength(2 * AGENTS - POSTS);
    for (const r of results.filter((x) => x.status === 201)) {
      expect((await call(servers[r.agent % SERVERS]!, agentKey(r.agent), 'DELETE', `/boards/work/posts/${r.json!['post']['id']}/claim`)).status).toBe(204);
    }
  }, 60_000);

  it('hold one key to exactly the rate limit across two processes', async () => {
    const requests = Array.from({ length: 150 }, (_, i) => call(servers[i % 2]!, LIMITED_KEY, 'GET', '/boards'));
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // The other two processes see the same exhausted window.
    expect((await call(servers[2]!, LIMITED_KEY, 'GET', '/boards')).status).toBe(429);
    expect((await call(servers[3]!, LIMITED_KEY, 'GET', '/boards')).status).toBe(429);
  }, 60_000);

  it('refuse a key revoked elsewhere within 1 second in every process', async () => {
    // Every process has just authenticated (and cached) the key.
    for (const server of servers) expect((await call(server, REVOKED_KEY, 'GET', '/boards')).status).toBe(200);
    const storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 1 });
    const admin = createFeedbackBoard({ storage });
    try {
      const keys = await admin.dashboard.apiKeys.list(1);
      const target = keys.find((key) => key.label === 'to revoke')!;
      await admin.dashboard.apiKeys.revoke(target.id);
    } finally {
      await admin.close();
    }
    await new Promise((done) => setTimeout(done, 1000));
    for (const server of servers) {
      const refused = await call(server, REVOKED_KEY, 'GET', '/boards');
      expect(refused.status).toBe(401);
      expect(refused.json!['error'].code).toBe('unauthorized');
    }
  });

  it('lose no acknowledged write when a process is killed during a burst', async () => {
    const victim = await startServe(['--port', '0', '--db', url], work.dir);
    servers.push(victim);
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 20; i++) {
        try {
          const res = await call(victim, BURST_KEY, 'POST', '/boards/work/posts', { title: `burst ${w}-${i}` });
          if (res.status === 201) acknowledged.push(res.json!['id']);
        } catch {
          return; // the connection died with the process: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 5 }, (_, w) => writer(w));
    while (acknowledged.length < 15) await new Promise((done) => setTimeout(done, 5));
    victim.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    for (const id of acknowledged) {
      const read = await call(servers[0]!, WRITE_KEY, 'GET', `/boards/work/posts/${id}`);
      expect(read.status).toBe(200);
    }
    // The database stays usable by the survivors (no lock or transaction left behind).
    expect((await call(servers[1]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'after the kill' })).status).toBe(201);
  }, 60_000);
});
