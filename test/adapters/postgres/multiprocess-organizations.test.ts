/**
 * Four `serve` processes on one database, two organizations written at once (their writes no
 * longer wait for each other): within each organization claims still have one holder per post,
 * claim-next still hands out distinct posts, and a process killed with SIGKILL mid-burst loses
 * no acknowledged claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { call as callApi, startServe, workDir, type Server } from '../../helpers/cli.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const SERVERS = 4;
const AGENTS = 6;
const POSTS = 8;
const ORGS = ['A', 'B'] as const;

const agentKey = (org: string, i: number) => `agent-${org}-${i}-key-0123456789`;
const writeKey = (org: string) => `write-${org}-key-0123456789`;

const fixture = {
  organizations: ORGS.map((name) => ({
    name,
    apiKeys: [
      { key: writeKey(name), scope: 'write' },
      ...Array.from({ length: AGENTS }, (_, i) => ({ key: agentKey(name, i), scope: 'propose' })),
    ],
    boards: [{ slug: 'work', name: 'Work', posts: Array.from({ length: POSTS }, (_, i) => ({ title: `${name} task ${i + 1}`, status: 'planned' })) }],
  })),
};

const work = workDir();
const servers: Server[] = [];
let url: string;

beforeAll(async () => {
  url = await createTestDatabase('fb_multi_orgs');
  servers.push(await startServe(['--port', '0', '--db', url, '--fixture', work.write('fixture.json', fixture)], work.dir));
  servers.push(...(await Promise.all(Array.from({ length: SERVERS - 1 }, () => startServe(['--port', '0', '--db', url], work.dir)))));
}, 60_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  await dropTestDatabase(url);
  work.remove();
});

/** A request through one of the servers with a key (the shared helper, with the server first). */
const call = (server: Server, key: string, method: string, path: string, body?: unknown) => callApi(server.api, method, path, key, body);

/** The ids of an organization's posts (each organization's board lists only its own). */
async function postIds(org: string): Promise<number[]> {
  const page = await call(servers[0]!, writeKey(org), 'GET', '/boards/work/posts?limit=100');
  return (page.json!['posts'] as { id: number }[]).map((post) => post.id);
}

/** Releases each won claim through its holder, and checks it was the holder. */
async function release(org: string, won: { agent: number; post: number }[]) {
  await Promise.all(
    won.map(async ({ agent, post }) => {
      expect((await call(servers[agent % SERVERS]!, agentKey(org, agent), 'DELETE', `/boards/work/posts/${post}/claim`)).status).toBe(204);
    }),
  );
}

const skip = skipReason('postgres-server', 'test/adapters/postgres/multiprocess-organizations.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle(`${SERVERS} serve processes, two organizations writing at once`, skip), () => {
  it('give every post of both organizations exactly one holder when many keys race', async () => {
    const ids = { A: await postIds('A'), B: await postIds('B') };
    const attempts = [];
    for (const org of ORGS) {
      for (let agent = 0; agent < AGENTS; agent++) {
        for (const [n, post] of ids[org].entries()) {
          const server = servers[(agent + n) % SERVERS]!;
          attempts.push(call(server, agentKey(org, agent), 'POST', `/boards/work/posts/${post}/claim`, { ttl_seconds: 600 }).then((r) => ({ org, agent, post, ...r })));
        }
      }
    }
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    for (const org of ORGS) {
      for (const post of ids[org]) expect(results.filter((r) => r.org === org && r.post === post && r.status === 201)).toHaveLength(1);
      await release(org, results.filter((r) => r.org === org && r.status === 201));
    }
  }, 120_000);

  it('hand out distinct posts through claim-next in both organizations at once', async () => {
    const calls = [];
    for (const org of ORGS) {
      for (let agent = 0; agent < AGENTS; agent++) {
        for (let k = 0; k < 2; k++) {
          calls.push(call(servers[(agent + k) % SERVERS]!, agentKey(org, agent), 'POST', '/boards/work/queue/claim', { ttl_seconds: 600 }).then((r) => ({ org, agent, ...r })));
        }
      }
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status !== 201 && r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    for (const org of ORGS) {
      const won = results.filter((r) => r.org === org && r.status === 201).map((r) => ({ agent: r.agent, post: r.json!['post']['id'] as number }));
      const posts = won.map((w) => w.post);
      expect(new Set(posts).size).toBe(posts.length);
      expect(posts).toHaveLength(POSTS);
      expect(new Set(posts)).toEqual(new Set(await postIds(org)));
      await release(org, won);
    }
  }, 120_000);

  it('lose no acknowledged claim when a process is killed during claim-next in both organizations', async () => {
    const victim = await startServe(['--port', '0', '--db', url], work.dir);
    servers.push(victim);
    const acknowledged: { org: string; post: number; label: string }[] = [];
    const agents = [];
    for (const org of ORGS) {
      for (let agent = 0; agent < AGENTS; agent++) {
        agents.push(
          (async () => {
            try {
              const res = await call(victim, agentKey(org, agent), 'POST', '/boards/work/queue/claim', { ttl_seconds: 600, agent_label: `${org}${agent}` });
              if (res.status === 201) acknowledged.push({ org, post: res.json!['post']['id'], label: `${org}${agent}` });
            } catch {
              // The connection died with the process: not acknowledged.
            }
          })(),
        );
      }
    }
    while (acknowledged.length < 2) await new Promise((done) => setTimeout(done, 2));
    victim.child.kill('SIGKILL');
    await Promise.all(agents);
    for (const claim of acknowledged) {
      const read = await call(servers[0]!, writeKey(claim.org), 'GET', `/boards/work/posts/${claim.post}`);
      expect(read.json!['claim']?.['agent_label']).toBe(claim.label);
    }
    // Both organizations stay writable through the survivors: no lock is left behind.
    for (const org of ORGS) expect((await call(servers[1]!, writeKey(org), 'POST', '/boards/work/posts', { title: 'after the kill' })).status).toBe(201);
  }, 60_000);
});
