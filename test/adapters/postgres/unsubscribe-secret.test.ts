/**
 * Processes starting at once on a PostgreSQL database without an unsubscribe secret end with the
 * same one: the secret is inserted only when absent and the stored one is used, so a token one
 * process signs verifies in every other. Each process is this package's source bundled by esbuild
 * and run by Node, started together at one instant.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { UNSUBSCRIBE_SECRET_SETTING } from '../../../src/pages/unsubscribe-token.js';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PROCESSES = 4;

/** A process: opens the store, waits for the common start, prints its token, then verifies the others' read on stdin. */
const CHILD = `
import { createInterface } from 'node:readline';
import { createPostgresStorage } from './adapters/postgres/index.js';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken } from './src/pages/unsubscribe-token.js';
const [url, startAt, name] = process.argv.slice(2);
const storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 2 });
await new Promise((resolve) => setTimeout(resolve, Number(startAt) - Date.now()));
const key = await unsubscribeKey(storage);
console.log(await signUnsubscribeToken(key, { boardId: 1, postId: 0, address: name + '@example.com' }));
for await (const token of createInterface({ input: process.stdin })) console.log(JSON.stringify(await verifyUnsubscribeToken(key, token)));
await storage.close();
`;

const dir = mkdtempSync(join(tmpdir(), 'fb-unsubscribe-secret-'));
let url: string | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (url !== undefined) await dropTestDatabase(url);
});

/** Bundles the child (pg included, so it runs from a temporary directory). */
async function bundle(): Promise<string> {
  const file = join(dir, 'child.mjs');
  const result = await build({
    stdin: { contents: CHILD, resolveDir: ROOT, loader: 'ts', sourcefile: 'child.ts' },
    bundle: true, write: false, format: 'esm', platform: 'node', external: ['pg-native'], logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  writeFileSync(file, result.outputFiles[0]!.contents);
  return file;
}

/** Runs one process: resolves with its token once printed, and with its verdicts once it ends. */
function start(file: string, startAt: number, name: string) {
  const child = spawn(process.execPath, [file, url!, String(startAt), name], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const token = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`process ${name} exited (${code}) before signing`)));
  });
  const verdicts = new Promise<unknown[]>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').slice(1).map((line) => JSON.parse(line) as unknown)) : reject(new Error(`process ${name} exited ${code}`)))),
  );
  return { child, token, verdicts };
}

const skip = skipReason('postgres-server', 'test/adapters/postgres/unsubscribe-secret.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('the unsubscribe secret on a PostgreSQL database shared by processes', skip), () => {
  it(`${PROCESSES} processes starting at once end with one secret: each one's token verifies in every other`, async () => {
    url = await createTestDatabase('fb_unsub');
    await (await createPostgresStorage({ connectionString: url }, { maxConnections: 1 })).close();
    const file = await bundle();
    const startAt = Date.now() + 1500;
    const processes = Array.from({ length: PROCESSES }, (_, i) => start(file, startAt, `p${i}`));
    const tokens = await Promise.all(processes.map((p) => p.token));
    for (const { child } of processes) child.stdin.end(`${tokens.join('\n')}\n`);
    const verdicts = await Promise.all(processes.map((p) => p.verdicts));
    const expected = tokens.map((_, i) => ({ boardId: 1, postId: 0, address: `p${i}@example.com` }));
    for (const verdict of verdicts) expect(verdict).toEqual(expected);
    const storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 1 });
    const stored = await storage.transaction('read', (tx) => tx.getSetting(UNSUBSCRIBE_SECRET_SETTING));
    await storage.close();
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
  }, 60_000);
});
