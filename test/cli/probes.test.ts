/**
 * `serve`'s probes and HEAD: `/healthz` while the process runs; `/readyz` 503 in the envelope
 * (with Retry-After) while the store cannot answer (a SQLite file moved away or deleted, a stopped
 * PostgreSQL) and 200 once it is back; the API and the pages 503 meanwhile; HEAD answers as GET
 * without a body, on probes, API routes and pages.
 */
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../helpers/requirements.js';
import { startCluster, type Cluster } from '../../scripts/pg-cluster.mjs';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { call, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const d of dirs.splice(0)) d.remove();
  running = [];
});

async function serve(args: string[]): Promise<{ server: Server; dir: string }> {
  const dir = workDir();
  dirs.push(dir);
  const server = await startServe(['--port', '0', ...args], dir.dir);
  running.push(server);
  return { server, dir: dir.dir };
}

/** Polls `path` until it answers `status` (the store's state is noticed within a moment). */
async function until(server: Server, path: string, status: number): Promise<Response> {
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`${server.url}${path}`);
    if (answer.status === status) return answer;
    await answer.body?.cancel();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never answered ${status}`);
}

/** The answers while the store is gone: probes, the API with a valid key, and a page. */
async function expectUnavailable(server: Server, key: string): Promise<void> {
  const ready = await until(server, '/readyz', 503);
  expect(ready.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  expect(await ready.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const api = await call(server.api, 'GET', '/boards', key);
  expect(api.status).toBe(503);
  expect(api.json.error.code).toBe('service_unavailable');
  expect(api.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  const page = await fetch(`${server.url}/`);
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
}

async function expectBack(server: Server, key: string): Promise<void> {
  expect(await (await until(server, '/readyz', 200)).json()).toEqual({ status: 'ok' });
  expect((await call(server.api, 'GET', '/boards', key)).status).toBe(200);
  expect((await fetch(`${server.url}/`)).status).toBe(200);
}

describe('serve: /healthz, /readyz and HEAD', () => {
  it('answers the probes without a key, revealing nothing but the status', async () => {
    const { server } = await serve(['--memory']);
    for (const path of ['/healthz', '/readyz']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.text()).toBe('{"status":"ok"}');
    }
  });

  it('answers HEAD as GET, same status and headers, no body: probes, API routes and pages', async () => {
    const { server } = await serve(['--fixture', workDirFixture()]);
    const cases: Array<[string, Record<string, string>]> = [
      ['/healthz', {}],
      ['/api/v1/boards', { authorization: `Bearer ${KEYS.acmeWrite}` }],
      ['/api/v1/boards', {}],
      ['/api/v1/boards/nope/posts', { authorization: `Bearer ${KEYS.acmeWrite}` }],
      ['/', {}],
      ['/boards/features', {}],
      ['/no-such-page', {}],
    ];
    for (const [path, headers] of cases) {
      const get = await fetch(`${server.url}${path}`, { headers });
      await get.text();
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers });
      expect([path, head.status]).toEqual([path, get.status]);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
    }
  });

  it('SQLite: /readyz, the API and the pages answer 503 while the file is away, and 200 once it is back', async () => {
    const { server, dir } = await serve(['--db', 'board.db']);
    const key = (await waitForLine(server, /^write key: +(\S+)$/))[1]!;
    await expectBack(server, key);
    const file = join(dir, 'board.db');
    renameSync(file, `${file}.away`);
    await expectUnavailable(server, key);
    renameSync(`${file}.away`, file);
    await expectBack(server, key);
    rmSync(file);
    await expectUnavailable(server, key);
  });

  const skip = skipReason('postgres-binaries', 'test/cli/probes.test.ts (PostgreSQL)');
  describe.skipIf(skip !== undefined)(suiteTitle('PostgreSQL', skip), () => {
    let cluster: Cluster;
    afterAll(() => cluster?.stop());

    it('/readyz, the API and the pages answer 503 while the server is stopped, and 200 once it runs again', async () => {
      cluster = await startCluster({ maxConnections: 30 });
      const { server } = await serve(['--db', cluster.url]);
      const key = (await waitForLine(server, /^write key: +(\S+)$/))[1]!;
      await expectBack(server, key);
      cluster.halt();
      await expectUnavailable(server, key);
      cluster.resume();
      await expectBack(server, key);
    });
  });
});

function workDirFixture(): string {
  const dir = workDir();
  dirs.push(dir);
  return dir.write('f.json', sampleFixture());
}
