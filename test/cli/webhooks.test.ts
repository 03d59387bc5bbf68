/**
 * Webhooks from `serve --db FILE` processes to a real receiver that verifies signatures with
 * `standardwebhooks`: a process killed (SIGKILL) right after acknowledging changes still gets
 * their events out, through the next process; two processes on one file send each message once.
 */
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startServe, workDir, type Server } from '../helpers/cli.js';
import { startReceiver, type Receiver, type Received } from '../webhooks/receiver.js';

const WRITE_KEY = 'acme-write-0123456789';
const SECRET = 'whsec_' + Buffer.from('feedback-board test secret!').toString('base64');

const fixture = (url: string) => ({
  organizations: [
    {
      name: 'Acme',
      apiKeys: [{ key: WRITE_KEY, scope: 'write' }],
      webhooks: [{ url, events: ['*'], secret: SECRET }],
      boards: [{ slug: 'features', name: 'Features', published: true }],
    },
  ],
});

const work = workDir();
let receiver: Receiver | undefined;
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null) await server.stop();
  await receiver?.close();
});

/** The verified payload of a request (throws if its signature does not verify). */
const verified = (r: Received) => new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as { type: string; data: any };

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('serve delivers webhooks', () => {
  it('every event of a scripted session, the changes acknowledged right before a SIGKILL included, arrives signed after the restart', async () => {
    receiver = await startReceiver('500');
    const db = join(work.dir, 'killed.db');
    const args = ['--db', db, '--port', '0', '--allow-private-webhooks'];
    const first = await startServe([...args, '--fixture', work.write('killed.json', fixture(receiver.url))], work.dir);
    servers.push(first);
    const api = (method: string, path: string, body?: unknown) => call(first.api, method, path, WRITE_KEY, body);
    expect((await api('POST', '/boards', { slug: 'ideas', name: 'Ideas' })).status).toBe(201);
    const post = (await api('POST', '/boards/features/posts', { title: 'Dark mode' })).json;
    const doomed = (await api('POST', '/boards/features/posts', { title: 'Doomed' })).json;
    const path = `/boards/features/posts/${post.id}`;
    const script: [string, string, unknown, number][] = [
      ['PATCH', path, { title: 'Dark theme' }, 200],
      ['PATCH', path, { status: 'planned' }, 200],
      ['POST', `${path}/claim`, { agent_label: 'bot' }, 201],
      ['POST', `${path}/evidence`, { kind: 'pr', ref: 'https://git.example.com/pr/1' }, 201],
      ['POST', `${path}/propose-status`, { status: 'shipped' }, 200],
      ['POST', `${path}/comments`, { body: 'On it' }, 201],
      ['DELETE', `${path}/claim`, undefined, 204],
      ['DELETE', `/boards/features/posts/${doomed.id}`, undefined, 204],
    ];
    for (const [method, target, body, status] of script) expect((await api(method, target, body)).status).toBe(status);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // Nothing was accepted before the kill: the receiver answered 500 to whatever reached it.
    const beforeRestart = receiver.received.length;
    receiver.mode = 'ok';

    const second = await startServe(args, work.dir);
    servers.push(second);
    expect((await call(second.api, 'POST', '/boards/features/posts', WRITE_KEY, { title: 'After the restart' })).status).toBe(201);
    const expected = [
      'board.created', 'post.created', 'post.created', 'post.updated', 'post.status_changed', 'claim.created',
      'evidence.added', 'proposal.created', 'comment.created', 'claim.released', 'post.deleted', 'post.created',
    ].sort();
    const delivered = () => receiver!.received.slice(beforeRestart).map(verified);
    // A message the killed process was sending stays leased to it for up to 30 s (timeout + 15 s).
    await until(() => delivered().length >= expected.length, 45_000, 'every event');
    await new Promise((r) => setTimeout(r, 1000));
    expect(delivered().map((p) => p.type).sort()).toEqual(expected);
    // Each message arrived once after the restart, and its retries carried its first webhook-id.
    const after = receiver.received.slice(beforeRestart).map((r) => r.headers['webhook-id']);
    expect(new Set(after).size).toBe(expected.length);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(expected.length);
  }, 60_000);

  it('two processes on one file send each message exactly once', async () => {
    receiver = await startReceiver('ok');
    const db = join(work.dir, 'shared.db');
    const args = ['--db', db, '--port', '0', '--allow-private-webhooks'];
    const one = await startServe([...args, '--fixture', work.write('shared.json', fixture(receiver.url))], work.dir);
    servers.push(one);
    const two = await startServe(args, work.dir);
    servers.push(two);
    const posts = 40;
    await Promise.all(
      Array.from({ length: posts }, (_, i) =>
        call((i % 2 ? one : two).api, 'POST', '/boards/features/posts', WRITE_KEY, { title: `post ${i}` }).then((r) =>
          expect(r.status).toBe(201),
        ),
      ),
    );
    await receiver.waitFor(posts, 15_000);
    // Both dispatchers keep polling; give them time to send anything twice.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received).toHaveLength(posts);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(posts);
    expect(receiver.received.map((r) => verified(r).data.post.title).sort()).toEqual(
      Array.from({ length: posts }, (_, i) => `post ${i}`).sort(),
    );
  }, 40_000);
});
