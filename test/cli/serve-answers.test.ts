/**
 * `serve` writes answers through @hono/node-server's light Response, which sends an init's header
 * object as it is and adds Content-Length to it. Read over a raw socket client, every answer has
 * the API headers and the Content-Length of its own body, in any order of long and short answers.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, workDir, type Server } from '../helpers/cli.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';

let server: Server | undefined;
let dir: ReturnType<typeof workDir> | undefined;
afterEach(async () => {
  if (server?.child.exitCode === null) await server.stop();
  dir?.remove();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(url: string, method: string, key: string | null, body?: unknown): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload) headers['content-type'] = 'application/json';
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('serve: the answers as written to the socket', () => {
  // Without a rate limit no per-request header is merged in: the case where an answer's header
  // object could be one shared by every answer.
  it('each carries no-store, nosniff and its own Content-Length, whatever came before it', async () => {
    dir = workDir();
    const fixture = dir.write('fixture.json', sampleFixture());
    server = await startServe(['--port', '0', '--rate-limit', 'off', '--fixture', fixture], dir.dir);
    const api = server.api;
    const created = await raw(`${api}/boards/features/posts`, 'POST', KEYS.acmeWrite, { title: 'A long title '.repeat(10).trim(), body: 'x'.repeat(500) });
    expect(created.status).toBe(201);
    const id = JSON.parse(created.body.toString()).id as number;
    const answers = [
      created,
      await raw(`${api}/boards/features/posts?limit=50`, 'GET', KEYS.acmeRead),
      await raw(`${api}/boards/features/posts/${id}`, 'GET', KEYS.acmeRead),
      await raw(`${api}/boards/nope`, 'GET', KEYS.acmeRead),
      await raw(`${api}/boards`, 'GET', null),
      await raw(`${api}/boards`, 'PUT', KEYS.acmeRead),
      await raw(`${api}/boards`, 'GET', KEYS.acmeRead),
      await raw(`${api}/boards/features/posts/${id}`, 'GET', KEYS.acmeRead),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200, 404, 401, 405, 200, 200]);
    const lengths = new Set<number>();
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
      JSON.parse(answer.body.toString()); // a whole JSON document, never cut or padded
      lengths.add(answer.body.byteLength);
    }
    expect(lengths.size).toBeGreaterThan(4);
    expect(answers[4]!.headers['www-authenticate']).toBe('Bearer realm="feedback-board"');
    expect(answers[6]!.headers['www-authenticate']).toBeUndefined();
    expect(answers[5]!.headers.allow).toBe('GET, POST');
    expect(answers[7]!.headers.allow).toBeUndefined();

    const deleted = await raw(`${api}/boards/features/posts/${id}`, 'DELETE', KEYS.acmeWrite);
    expect(deleted.status).toBe(204);
    expect(deleted.body.byteLength).toBe(0);
    expect(deleted.headers['cache-control']).toBe('no-store');
    expect(deleted.headers['x-content-type-options']).toBe('nosniff');
  });
});
