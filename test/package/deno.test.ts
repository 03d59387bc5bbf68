/**
 * The handler under Deno, answering real HTTP requests: docs/examples/runtimes/deno.js
 * (`Deno.serve`) and the module-worker example docs/examples/snippets/worker.ts (`deno serve`),
 * each with network access to 127.0.0.1 only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { suiteTitle } from '../helpers/requirements.js';
import { exerciseApi, runtimeFor, start, type RunningExample } from './runtime-support.js';

const SUITE = 'Deno';
const { runtime: deno, skip } = runtimeFor('deno', SUITE);

describe.skipIf(skip !== undefined)(suiteTitle(SUITE, skip), () => {
  let running: RunningExample | undefined;
  afterEach(async () => running?.stop());

  it(
    `${deno?.version ?? 'Deno'}: Deno.serve(board.fetch) creates a board, a post, lists the posts`,
    async () => {
      running = await start(deno!, ['run', '--allow-net=127.0.0.1', '--allow-env=PORT', 'docs/examples/runtimes/deno.js']);
      await exerciseApi(running.url, running.key);
    },
  );

  it(
    `${deno?.version ?? 'Deno'}: deno serve runs the module worker, loaded from its fixture`,
    async () => {
      running = await start(
        deno!,
        ['serve', '--allow-net=127.0.0.1', '--host', '127.0.0.1', '--port', '0', 'docs/examples/snippets/worker.ts'],
        'preview-write-key-0001',
      );
      const headers = { authorization: `Bearer ${running.key}`, 'content-type': 'application/json' };
      const created = await fetch(`${running.url}/api/v1/boards/features/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Offline mode' }),
      });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ id: 2, title: 'Offline mode', is_admin: true });
      const list = await fetch(`${running.url}/api/v1/boards/features/posts?sort=top`, { headers: { 'x-api-key': running.key } });
      expect(list.status).toBe(200);
      const page = (await list.json()) as { total: number; posts: Array<{ id: number; title: string; vote_count: number }> };
      expect(page.total).toBe(2);
      expect(page.posts.map((p) => [p.id, p.title, p.vote_count])).toEqual([[1, 'Dark mode', 3], [2, 'Offline mode', 0]]);
    },
  );
});
