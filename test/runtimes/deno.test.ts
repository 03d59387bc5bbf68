/**
 * The handler under Deno (`Deno.serve`), answering real HTTP requests:
 * docs/examples/runtimes/deno.js, run with network access to 127.0.0.1 and the PORT variable only.
 */
import { afterAll, describe, it } from 'vitest';
import { exerciseApi, probe, start, type RunningExample } from './support.js';

const deno = probe('deno');

describe('Deno', () => {
  let running: RunningExample | undefined;
  afterAll(async () => running?.stop());

  it.skipIf('reason' in deno)(
    'version' in deno ? `${deno.version} serves board.fetch: create a board, a post, list the posts` : `skipped: ${deno.reason}`,
    async () => {
      running = await start('deno', ['run', '--allow-net=127.0.0.1', '--allow-env=PORT', 'docs/examples/runtimes/deno.js']);
      await exerciseApi(running.url, running.key);
    },
  );
});
