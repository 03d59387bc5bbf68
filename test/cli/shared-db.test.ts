/**
 * Several `serve --db FILE` processes on one SQLite file, used over real HTTP: agents claim and
 * release the same posts through different servers at once. At every moment a post has at most
 * one live holder, every refusal is a proper 409, and no "database is locked" reaches a client.
 * Claim-next through all of them at once hands each post to exactly one caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call as callApi, startServe, workDir, type Server } from '../helpers/cli.js';

const SERVERS = 4;
const AGENTS = 8;
const POSTS = 5;
const ROUNDS = 40;

const agentKey = (i: number) => `agent-${i}-key-0123456789`;
const WRITE_KEY = 'writer-key-0123456789';

const fixture = {
  organizations: [
    {
      name: 'Shared',
      apiKeys: [
        { key: WRITE_KEY, scope: 'write' },
        ...Array.from({ length: AGENTS }, (_, i) => ({ key: agentKey(i), scope: 'propose' })),
      ],
      boards: [
        {
          slug: 'work',
          name: 'Work',
          posts: Array.from({ length: POSTS }, (_, i) => ({ title: `Task ${i + 1}`, status: 'planned' })),
        },
      ],
    },
  ],
};

/** One won claim, seen from the client: when the 201 arrived and when its release was sent. */
interface Hold {
  agent: number;
  post: number;
  claimedAt: string;
  wonAt: number;
  releaseSentAt: number;
}

const work = workDir();
const servers: Server[] = [];

beforeAll(async () => {
  const db = join(work.dir, 'shared.db');
  // The first process loads the fixture into the new file; the others open it as it is.
  servers.push(await startServe(['--port', '0', '--db', db, '--fixture', work.write('fixture.json', fixture), '--rate-limit', 'off'], work.dir));
  for (let i = 1; i < SERVERS; i++) servers.push(await startServe(['--port', '0', '--db', db, '--rate-limit', 'off'], work.dir));
}, 60_000);

afterAll(async () => {
  for (const server of servers) expect(await server.stop()).toBe(0);
  work.remove();
});

/** A request through one of the servers with a key (the shared helper, with the server first). */
const call = (server: Server, key: string, method: string, path: string, body?: unknown) => callApi(server.api, method, path, key, body);

describe(`${SERVERS} serve processes on one SQLite file`, () => {
  it('see each other’s writes', async () => {
    const created = await call(servers[1]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'Written through server 2' });
    expect(created.status).toBe(201);
    for (const server of servers) {
      const read = await call(server, WRITE_KEY, 'GET', `/boards/work/posts/${created.json!['id']}`);
      expect(read.json!['title']).toBe('Written through server 2');
    }
    expect((await call(servers[3]!, WRITE_KEY, 'DELETE', `/boards/work/posts/${created.json!['id']}`)).status).toBe(204);
  });

  it('answer a post and a page anew once another process wrote, though each keeps its answers', async () => {
    const created = await call(servers[0]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'Round 0' });
    const path = `/boards/work/posts/${created.json!['id']}`;
    const titles = async (server: Server) => {
      const [one, page] = await Promise.all([call(server, WRITE_KEY, 'GET', path), call(server, WRITE_KEY, 'GET', '/boards/work/posts?sort=new&limit=1')]);
      return [one.json!['title'], (page.json!['posts'] as Array<{ title: string }>)[0]!.title];
    };
    for (let round = 1; round <= 24; round++) {
      // Every server has the current answers cached (asked twice), then one of them writes.
      for (const server of servers) for (let i = 0; i < 2; i++) expect(await titles(server)).toEqual([`Round ${round - 1}`, `Round ${round - 1}`]);
      const writer = servers[round % SERVERS]!;
      expect((await call(writer, WRITE_KEY, 'PATCH', path, { title: `Round ${round}` })).status).toBe(200);
      for (const server of servers) expect(await titles(server)).toEqual([`Round ${round}`, `Round ${round}`]);
    }
    expect((await call(servers[1]!, WRITE_KEY, 'DELETE', path)).status).toBe(204);
    for (const server of servers) expect((await call(server, WRITE_KEY, 'GET', path)).status).toBe(404);
  });

  it('keep one live holder per post while agents claim and release through all of them', async () => {
    const holds: Hold[] = [];
    const unexpected: string[] = [];
    let conflicts = 0;

    async function agent(i: number) {
      for (let round = 0; round < ROUNDS; round++) {
        const post = 1 + ((i * 7 + round * 3) % POSTS);
        const server = servers[(i + round) % SERVERS]!;
        const claim = await call(server, agentKey(i), 'POST', `/boards/work/posts/${post}/claim`, { ttl_seconds: 600 });
        if (claim.status === 409) {
          if (claim.json?.['error']?.code !== 'claim_conflict') unexpected.push(`409 ${JSON.stringify(claim.json)}`);
          conflicts++;
          continue;
        }
        if (claim.status !== 201) {
          unexpected.push(`claim ${claim.status} ${JSON.stringify(claim.json)}`);
          continue;
        }
        const wonAt = performance.now();
        // Hold it briefly, then release through another server.
        await new Promise((r) => setTimeout(r, 2));
        const releaseSentAt = performance.now();
        const release = await call(servers[(i + round + 1) % SERVERS]!, agentKey(i), 'DELETE', `/boards/work/posts/${post}/claim`);
        if (release.status !== 204) unexpected.push(`release ${release.status} ${JSON.stringify(release.json)}`);
        holds.push({ agent: i, post, claimedAt: claim.json!['claimed_at'], wonAt, releaseSentAt });
      }
    }

    await Promise.all(Array.from({ length: AGENTS }, (_, i) => agent(i)));

    expect(unexpected).toEqual([]);
    expect(holds.length).toBeGreaterThan(0);
    expect(conflicts).toBeGreaterThan(0);
    // A second holder's 201 can only have arrived after the first holder sent its release.
    for (let post = 1; post <= POSTS; post++) {
      const ordered = holds.filter((h) => h.post === post).sort((a, b) => a.wonAt - b.wonAt);
      for (let k = 1; k < ordered.length; k++) {
        expect(ordered[k]!.wonAt, `post ${post}: agent ${ordered[k]!.agent} won while agent ${ordered[k - 1]!.agent} held it`)
          .toBeGreaterThan(ordered[k - 1]!.releaseSentAt);
      }
    }
    // Everything was released: every server sees no claim on any post.
    for (const server of servers) {
      for (let post = 1; post <= POSTS; post++) {
        expect((await call(server, WRITE_KEY, 'GET', `/boards/work/posts/${post}`)).json!['claim']).toBeNull();
      }
    }
    console.log(`${SERVERS} servers, ${AGENTS} agents: ${holds.length} claims won, ${conflicts} refused with 409, 0 errors`);
  }, 60_000);

  it('hand 20 eligible posts to 50 concurrent claim-next callers spread over all of them: 20 distinct claims, 30 empty answers', async () => {
    // The fixture's 5 planned posts (all released above), plus 15 more, plus 2 that are never queued.
    for (let i = 0; i < 15; i++) {
      expect((await call(servers[i % SERVERS]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: `Extra ${i + 1}`, status: 'planned' })).status).toBe(201);
    }
    await call(servers[0]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'Open, unranked' });
    await call(servers[0]!, WRITE_KEY, 'POST', '/boards/work/posts', { title: 'Shipped', status: 'shipped' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(servers[i % SERVERS]!, agentKey(i % AGENTS), 'POST', '/boards/work/queue/claim', { ttl_seconds: 600, agent_label: `caller ${i}` }),
      ),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 200)).toEqual([]);
    expect(won).toHaveLength(20);
    expect(answers.filter((a) => a.status === 200 && a.json!['claim'] === null && a.json!['post'] === null)).toHaveLength(30);
    expect(new Set(won.map((a) => a.json!['post'].id)).size).toBe(20);
    for (const a of won) expect(a.json!['post'].status).toBe('planned');
  }, 60_000);
});
