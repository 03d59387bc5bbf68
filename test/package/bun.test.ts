/** The handler under Bun (`Bun.serve`), answering real HTTP requests: docs/examples/runtimes/bun.js. */
import { afterAll, describe, it } from 'vitest';
import { suiteTitle } from '../helpers/requirements.js';
import { exerciseApi, runtimeFor, start, type RunningExample } from './runtime-support.js';

const SUITE = 'Bun';
const { runtime: bun, skip } = runtimeFor('bun', SUITE);

describe.skipIf(skip !== undefined)(suiteTitle(SUITE, skip), () => {
  let running: RunningExample | undefined;
  afterAll(async () => running?.stop());

  it(`${bun ? `Bun ${bun.version}` : 'Bun'} serves board.fetch: create a board, a post, list the posts`, async () => {
    running = await start(bun!, ['docs/examples/runtimes/bun.js']);
    await exerciseApi(running.url, running.key);
  });
});
