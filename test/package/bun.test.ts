/** The handler under Bun (`Bun.serve`), answering real HTTP requests: docs/examples/runtimes/bun.js. */
import { afterAll, describe, it } from 'vitest';
import { exerciseApi, probe, start, type RunningExample } from './runtime-support.js';

const bun = probe('bun');

describe('Bun', () => {
  let running: RunningExample | undefined;
  afterAll(async () => running?.stop());

  it.skipIf('reason' in bun)(
    'version' in bun ? `Bun ${bun.version} serves board.fetch: create a board, a post, list the posts` : `skipped: ${bun.reason}`,
    async () => {
      running = await start('bun', ['docs/examples/runtimes/bun.js']);
      await exerciseApi(running.url, running.key);
    },
  );
});
