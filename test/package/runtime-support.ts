/**
 * Running the runtime examples of docs/examples/runtimes under a real runtime binary and talking to
 * them over HTTP on 127.0.0.1. The tested Bun and Deno are pinned in test/runtimes/package.json and
 * installed by `npm run install:runtimes` (CI does; a plain `npm install` does not, as they weigh
 * about 190 MB); a `bun` or `deno` on PATH is used when that folder has none. The examples import
 * `feedback-board` and `feedback-board/adapters/memory`, which resolve through the package's
 * self-reference to the build in dist/ (`npm test` builds first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { skipBecause } from '../helpers/requirements.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm run install:runtimes` puts the pinned runtimes' binaries. */
export const PINNED_BIN = `${ROOT}test/runtimes/node_modules/.bin/`;

/** A runtime found here: the command that runs it and its version. */
export interface Runtime {
  command: string;
  version: string;
}

/**
 * The runtime's command and version, or why it cannot be used here (the skip reason): the pinned
 * binary under `pinnedBin` first, then one on the `PATH` of `env`.
 */
export function probe(binary: 'bun' | 'deno', pinnedBin = PINNED_BIN, env: NodeJS.ProcessEnv = process.env): Runtime | { reason: string } {
  const pinned = `${pinnedBin}${binary}`;
  const command = existsSync(pinned) ? pinned : binary;
  const result = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 30_000, env });
  const error = result.error as NodeJS.ErrnoException | undefined;
  if (error?.code === 'ENOENT') {
    return { reason: `no ${binary} in test/runtimes/node_modules or on PATH (npm run install:runtimes installs the tested version)` };
  }
  if (error) return { reason: `${command} --version failed: ${error.message}` };
  if (result.status !== 0) return { reason: `${command} --version exited ${result.status}: ${result.stderr.trim().slice(0, 300)}` };
  return { command, version: result.stdout.trim().split('\n')[0]! };
}

/**
 * The runtime for `suite`, or the reason it is skipped (recorded for the run's closing summary);
 * throws when the runtime is missing and FEEDBACK_BOARD_REQUIRE_ALL=1, as in CI.
 */
export function runtimeFor(binary: 'bun' | 'deno', suite: string): { runtime: Runtime; skip?: undefined } | { runtime?: undefined; skip: string } {
  const found = probe(binary);
  return 'reason' in found ? { skip: skipBecause(suite, found.reason) } : { runtime: found };
}

export interface RunningExample {
  url: string;
  key: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `runtime args...` with PORT=0 and waits until it has said where it listens (`listening on
 * URL`, or Deno's `Listening on URL`) and, unless `key` is given, printed its `write key:`.
 */
export function start(runtime: Runtime, args: string[], key?: string): Promise<RunningExample> {
  const child = spawn(runtime.command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${runtime.command} did not start within 30 s.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 30_000);
    const look = () => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/i.exec(stdout + stderr)?.[1];
      const printedKey = key ?? /write key: (fbk_\w+)/.exec(stdout)?.[1];
      if (url && printedKey) {
        clearTimeout(timer);
        resolve({ url, key: printedKey, child, stop });
      }
    };
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      look();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      look();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime.command} exited with ${code} before listening.\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
}

/** Creates a board and a post over real HTTP, then lists the posts with the same key. */
export async function exerciseApi(url: string, key: string): Promise<void> {
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };

  const board = await fetch(`${url}/api/v1/boards`, { method: 'POST', headers: json, body: JSON.stringify({ slug: 'features', name: 'Features' }) });
  expect(board.status, await board.clone().text()).toBe(201);
  expect(await board.json()).toMatchObject({ slug: 'features', name: 'Features', published: false, logo_url: null });

  const post = await fetch(`${url}/api/v1/boards/features/posts`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ title: '  Dark mode ', tags: ['UI', 'ui'] }),
  });
  expect(post.status, await post.clone().text()).toBe(201);
  const created = (await post.json()) as { id: number; title: string; tags: Array<{ name: string; slug: string }> };
  expect(created.title).toBe('Dark mode');
  expect(created.tags).toMatchObject([{ name: 'UI', slug: 'ui' }]);

  const list = await fetch(`${url}/api/v1/boards/features/posts?sort=top`, { headers: { 'x-api-key': key } });
  expect(list.status).toBe(200);
  expect(list.headers.get('ratelimit-policy')).toBe('"default";q=120;w=60');
  // Third request of the key: 117 left; the first request frees its slot within the minute.
  const [, remaining, seconds] = /^"default";r=(\d+);t=(\d+)$/.exec(list.headers.get('ratelimit') ?? '') ?? [];
  expect(Number(remaining)).toBe(117);
  expect(Number(seconds)).toBeGreaterThanOrEqual(50);
  expect(Number(seconds)).toBeLessThanOrEqual(60);
  const page = (await list.json()) as { posts: Array<{ id: number; title: string }>; total: number };
  expect(page.total).toBe(1);
  expect(page.posts.map((p) => [p.id, p.title])).toEqual([[created.id, 'Dark mode']]);

  const anonymous = await fetch(`${url}/api/v1/boards/features/posts`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
  expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
}
