/**
 * A serve process whose PostgreSQL server goes away and comes back (a restart): while it is down,
 * requests fail promptly with a 5xx in the error envelope, never hang; once it is back, the process
 * serves again by itself, without a restart of its own. Runs on a cluster of its own, since it
 * stops the server.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { startCluster, type Cluster } from '../../../scripts/pg-cluster.mjs';
import { startServe, workDir, type Server } from '../../helpers/cli.js';

const KEY = 'restart-key-0123456789';
const work = workDir();
let cluster: Cluster;
let server: Server;

beforeAll(async () => {
  cluster = await startCluster({ maxConnections: 20 });
  const fixture = { organizations: [{ name: 'R', apiKeys: [{ key: KEY, scope: 'write' }], boards: [{ slug: 'b', name: 'B' }] }] };
  server = await startServe(['--port', '0', '--db', cluster.url, '--fixture', work.write('f.json', fixture)], work.dir);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  cluster?.stop();
  work.remove();
});

async function timedCall(method: string, path: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${server.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : JSON.parse(text), ms: performance.now() - started };
}

const skip = skipReason('postgres-binaries', 'test/adapters/postgres/restart.test.ts');

it.skipIf(skip !== undefined)(suiteTitle('answers 5xx while PostgreSQL is down and recovers by itself when it is back', skip), async () => {
  expect((await timedCall('POST', '/boards/b/posts', { title: 'before' })).status).toBe(201);

  cluster.halt();
  const during = [];
  for (const [method, path, body] of [
    ['GET', '/boards/b/posts'],
    ['POST', '/boards/b/posts', { title: 'while down' }],
    ['GET', '/boards'],
  ] as const) {
    during.push(await timedCall(method, path, body));
  }
  for (const res of during) {
    expect([500, 503]).toContain(res.status);
    expect(['internal_error', 'service_unavailable']).toContain(res.json.error.code);
    // Bounded by the connection timeout (5 s), never by the client's 20 s abort.
    expect(res.ms).toBeLessThan(15_000);
  }

  cluster.resume();
  let recovered = null;
  for (let attempt = 0; attempt < 100 && recovered === null; attempt++) {
    const res = await timedCall('POST', '/boards/b/posts', { title: 'after' });
    if (res.status === 201) recovered = res;
    else await new Promise((done) => setTimeout(done, 100));
  }
  expect(recovered).not.toBeNull();
  const list = await timedCall('GET', '/boards/b/posts');
  expect(list.json.posts.map((post: { title: string }) => post.title)).toEqual(['after', 'before']);

  // Nothing of the failed write reached the database.
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const titles = (await client.query<{ title: string }>('SELECT title FROM fb_posts ORDER BY id')).rows.map((row) => row.title);
  await client.end();
  expect(titles).toEqual(['before', 'after']);
  expect(server.child.exitCode).toBeNull();
}, 90_000);
