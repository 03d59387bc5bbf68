/**
 * A SQLite file deleted or replaced under a running server: every request is answered 503 in the
 * envelope and the reason is logged, instead of writes acknowledged into an unlinked file.
 */
import { renameSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { READ_RECHECK_MS } from '../../../adapters/sqlite/file-identity.js';
import { createFeedbackBoard } from '../../../src/board.js';
import { call, startServe, waitForLine, workDir, type Server } from '../../helpers/cli.js';
import { send } from '../../helpers/harness.js';
import { tempDir } from './helpers.js';

const removeDatabase = (file: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
};

describe('a SQLite database file that disappears in-process', () => {
  const temps: Array<ReturnType<typeof tempDir>> = [];
  afterEach(() => temps.splice(0).forEach((t) => t.remove()));

  async function setup() {
    const temp = tempDir();
    temps.push(temp);
    const file = temp.file();
    const logged: string[] = [];
    const board = createFeedbackBoard({
      storage: createSqliteStorage({ path: file }),
      logger: { error: (message, error) => logged.push(`${message} ${(error as Error | undefined)?.message ?? ''}`) },
    });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    expect((await send(board.fetch, 'POST', '/boards', { key, body: { slug: 'features', name: 'F' } })).status).toBe(201);
    return { temp, file, board, key, logged };
  }

  it('deleted: 503 service_unavailable in the envelope for writes and reads, with a log line naming the file', async () => {
    const { file, board, key, logged } = await setup();
    removeDatabase(file);
    const write = await send(board.fetch, 'POST', '/boards/features/posts', { key, body: { title: 'Lost?' } });
    expect(write.status).toBe(503);
    expect(write.json).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    expect(write.json.error.message).not.toContain(file);
    const read = await send(board.fetch, 'GET', '/boards', { key });
    expect(read.status).toBe(503);
    expect(logged.some((line) => line.includes(file) && /deleted|replaced/.test(line))).toBe(true);
    await expect(board.dashboard.organizations.list()).rejects.toMatchObject({ code: 'service_unavailable' });
    await board.close();
  });

  it('deleted, with reads only: a read is refused too once the last check is READ_RECHECK_MS old', async () => {
    const { file, board, key } = await setup();
    removeDatabase(file);
    await new Promise((resolve) => setTimeout(resolve, READ_RECHECK_MS + 20));
    const read = await send(board.fetch, 'GET', '/boards', { key });
    expect(read.status).toBe(503);
    expect(read.json.error.code).toBe('service_unavailable');
    await board.close();
  });

  it('replaced by another file: 503 as well', async () => {
    const { temp, file, board, key } = await setup();
    const other = temp.file('other.db');
    await createSqliteStorage({ path: other }).close();
    renameSync(other, file);
    const write = await send(board.fetch, 'POST', '/boards/features/posts', { key, body: { title: 'Lost?' } });
    expect(write.status).toBe(503);
    expect(write.json.error.code).toBe('service_unavailable');
    await board.close();
  });
});

describe('serve on a database file deleted while it runs', () => {
  let server: Server | undefined;
  let dir: ReturnType<typeof workDir> | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) await server.stop();
    dir?.remove();
  });

  it('answers 503 in the envelope and says why on stderr', async () => {
    dir = workDir();
    server = await startServe(['--port', '0', '--db', 'board.db'], dir.dir);
    const write = (await waitForLine(server, /^write key:\s+(\S+)$/))[1]!;
    const before = await call(server.api, 'POST', '/boards/demo/posts', write, { title: 'Kept' });
    expect(before.status).toBe(201);
    let stderr = '';
    server.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    removeDatabase(`${dir.dir}/board.db`);
    const after = await call(server.api, 'POST', '/boards/demo/posts', write, { title: 'Lost?' });
    expect(after.status).toBe(503);
    expect(after.json.error.code).toBe('service_unavailable');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stderr).toMatch(/board\.db.*(deleted|replaced)/);
  });
});
