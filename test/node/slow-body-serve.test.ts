/**
 * The slow-body guard on real `serve` processes. A burst of small requests from one address is
 * not an attack: two processes on one SQLite file take 320 concurrent claims (8 keys on 40 posts
 * at once, 20-byte bodies, all from 127.0.0.1), and every answer is 201 or 409 with exactly one
 * holder per post; the bodies arrive at once, so none counts against the address's share of slow
 * bodies. A thousand connections dribbling bodies from one address still hold no more than that
 * share, and other addresses are served meanwhile.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServe, workDir, type Server } from '../helpers/cli.js';

const KEYS = 8;
const POSTS = 40;
const agentKey = (i: number) => `burst-agent-${i}-key-0123456789`;
const READ_KEY = 'burst-reader-key-0123456789';

const fixture = {
  organizations: [
    {
      name: 'Burst',
      apiKeys: [{ key: READ_KEY, scope: 'read' }, ...Array.from({ length: KEYS }, (_, i) => ({ key: agentKey(i), scope: 'propose' }))],
      boards: [{ slug: 'work', name: 'Work', posts: Array.from({ length: POSTS }, (_, i) => ({ title: `Task ${i + 1}`, status: 'planned' })) }],
    },
  ],
};

const work = workDir();
const servers: Server[] = [];

beforeAll(async () => {
  const db = join(work.dir, 'burst.db');
  servers.push(await startServe(['--port', '0', '--db', db, '--fixture', work.write('fixture.json', fixture), '--log', 'off'], work.dir));
  servers.push(await startServe(['--port', '0', '--db', db, '--log', 'off'], work.dir));
}, 60_000);

const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) expect(await server.stop()).toBe(0);
  work.remove();
});

describe('a burst of small bodies from one address, two serve processes on one SQLite file', () => {
  it('answers 320 concurrent claims with 201 or 409 only, and leaves exactly one holder per post', async () => {
    // All at once: fetch opens a connection for each request in flight.
    const answers = await Promise.all(
      Array.from({ length: KEYS * POSTS }, (_, i) => {
        const post = 1 + Math.floor(i / KEYS);
        const key = i % KEYS;
        const body = JSON.stringify({ agent_label: `a${key}` }); // 20 bytes
        const server = servers[i % servers.length]!;
        return fetch(`${server.api}/boards/work/posts/${post}/claim`, {
          method: 'POST',
          headers: { authorization: `Bearer ${agentKey(key)}`, 'content-type': 'application/json' },
          body,
        }).then(async (response) => ({ post, key, status: response.status, json: (await response.json()) as Record<string, any> }));
      }),
    );
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    console.log(`320 concurrent claims from one address: ${JSON.stringify(statuses)}`);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${JSON.stringify(a.json)}`)).toEqual([]);
    for (let post = 1; post <= POSTS; post++) {
      const won = answers.filter((a) => a.post === post && a.status === 201);
      expect(won, `post ${post}`).toHaveLength(1);
      const read = await call(servers[post % 2]!.api, 'GET', `/boards/work/posts/${post}`, READ_KEY);
      expect(read.json!['claim']?.agent_label, `post ${post}'s holder`).toBe(`a${won[0]?.key}`);
    }
  }, 60_000);
});

/** A connection from `localAddress` that sends a form POST's headers, then one body byte every 2 s; resolves once connected. */
async function dribble(port: number, localAddress: string) {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  const state = { answer: '', closed: false };
  socket.on('data', (chunk) => (state.answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => (state.closed = true));
  socket.write('POST /sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n');
  const timer = setInterval(() => socket.writable && socket.write('a'), 2_000);
  socket.on('close', () => clearInterval(timer));
  return state;
}

describe('a thousand connections dribbling bodies from one address', () => {
  it('hold at most the address share (a tenth of --max-connections), the rest get 429, and other addresses are served', async () => {
    const server = servers[0]!;
    const port = Number(new URL(server.url).port);
    // In batches, so that the listen backlog never drops a connection (its client would retry later).
    const attackers: Awaited<ReturnType<typeof dribble>>[] = [];
    for (let batch = 0; batch < 10; batch++) attackers.push(...(await Promise.all(Array.from({ length: 100 }, () => dribble(port, '127.0.0.2')))));
    // Within moments (the guard looks every 125 ms; a loaded machine may take longer to get there):
    const sending = () => attackers.filter((a) => !a.closed && a.answer === '').length;
    await expect.poll(sending, { timeout: 15_000, interval: 100 }).toBeLessThanOrEqual(100);
    const open = sending();
    const refused = attackers.filter((a) => a.answer.startsWith('HTTP/1.1 429 ')).length;
    const tooSlow = attackers.filter((a) => a.answer.startsWith('HTTP/1.1 408 ')).length;
    console.log(`1,000 dribbling connections from one address: ${open} still sending, ${refused} answered 429, ${tooSlow} 408`);
    expect(open).toBeLessThanOrEqual(100);
    expect(open + refused + tooSlow).toBe(1000);
    expect(refused).toBeGreaterThan(500);
    expect(attackers.find((a) => a.answer.startsWith('HTTP/1.1 429 '))!.answer).toContain('"code":"rate_limited"');
    // Another address, on connections of its own, while the share is held.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const read = await fetch(`${server.api}/boards/work/posts/1`, { headers: { authorization: `Bearer ${READ_KEY}` } });
    expect(read.status).toBe(200);
    // A body from another address reaches the API (which refuses a read key's post with 403).
    const post = await fetch(`${server.api}/boards/work/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${READ_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'From another address' }),
    });
    expect(post.status).toBe(403);
  }, 60_000);
});
