/**
 * `serve --db postgres://…`: the URL's scheme selects PostgreSQL; `--fixture` loads into an empty
 * database and refuses one holding data; `--db-write-lock` chooses how writes are serialized;
 * several first starts at once on an empty store create one
 * demo organization, on PostgreSQL and on an empty SQLite file alike.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../helpers/requirements.js';
import { call, runCli, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { createTestDatabase, dropTestDatabase } from '../adapters/postgres/server.js';

const work = workDir();
const databases: string[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const url of databases) await dropTestDatabase(url);
  work.remove();
});

async function database(): Promise<string> {
  const url = await createTestDatabase('fb_cli');
  databases.push(url);
  return url;
}

async function serve(args: string[]): Promise<Server> {
  const server = await startServe(['--port', '0', ...args], work.dir);
  servers.push(server);
  return server;
}

/** True once the store's tables were created in the database of `url`. */
async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ present: boolean }>("SELECT to_regclass('fb_organizations') IS NOT NULL AS present")).rows[0]!.present;
  } finally {
    await client.end();
  }
}

async function organizations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('SELECT name FROM fb_organizations ORDER BY id')).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const fixture = {
  organizations: [{ name: 'Fixture Org', apiKeys: [{ key: 'fixture-key-0123456789', scope: 'write' }], boards: [{ slug: 'b', name: 'B' }] }],
};

const skip = skipReason('postgres-server', 'test/cli/postgres.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('serve --db postgres://', skip), () => {
  it('selects PostgreSQL by the scheme, creates the demo, and serves it', async () => {
    const url = await database();
    const server = await serve(['--db', url]);
    await waitForLine(server, /^propose key:/);
    expect(server.lines.some((line) => line.startsWith('storage: PostgreSQL postgres://'))).toBe(true);
    const key = (await waitForLine(server, /^write key:\s+(\S+)/))[1]!;
    const posts = await call(server.api, 'GET', '/boards/demo/posts', key);
    expect(posts.status).toBe(200);
    expect(posts.json.total).toBe(5);
    expect(await organizations(url)).toEqual(['Demo']);
  });

  it('--fixture loads into an empty database and refuses one that holds data', async () => {
    const url = await database();
    const file = work.write('fixture.json', fixture);
    const server = await serve(['--db', url, '--fixture', file]);
    await waitForLine(server, /^loaded fixture/);
    const boards = await call(server.api, 'GET', '/boards', 'fixture-key-0123456789');
    expect(boards.status).toBe(200);
    const again = await runCli(['serve', '--port', '0', '--db', url, '--fixture', file], work.dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data/);
    expect(await organizations(url)).toEqual(['Fixture Org']);
  });

  it('--db-write-lock refuses a value other than organization or store, and a storage other than PostgreSQL, creating nothing', async () => {
    const url = await database();
    const wrong = await runCli(['serve', '--port', '0', '--db', url, '--db-write-lock', 'row'], work.dir);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/--db-write-lock takes organization or store, not "row"/);
    expect(wrong.stdout).not.toMatch(/listening on/);
    expect(await hasTables(url)).toBe(false);
    const file = join(work.dir, 'not-postgres.db');
    for (const storage of [['--memory'], ['--db', file]]) {
      const refused = await runCli(['serve', '--port', '0', ...storage, '--db-write-lock', 'store'], work.dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/--db-write-lock applies to PostgreSQL only/);
      expect(refused.stdout).not.toMatch(/listening on/);
    }
    expect(existsSync(file)).toBe(false);
  });

  it('--db-pooler refuses a value other than transaction or none, and a storage other than PostgreSQL, creating nothing', async () => {
    const url = await database();
    const wrong = await runCli(['serve', '--port', '0', '--db', url, '--db-pooler', 'session'], work.dir);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/--db-pooler takes transaction or none, not "session"/);
    expect(wrong.stdout).not.toMatch(/listening on/);
    expect(await hasTables(url)).toBe(false);
    const file = join(work.dir, 'not-postgres-pooled.db');
    const refused = await runCli(['serve', '--port', '0', '--db', file, '--db-pooler', 'transaction'], work.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--db-pooler applies to PostgreSQL only/);
    expect(existsSync(file)).toBe(false);
  });

  it('--db-pooler transaction serves a direct connection too (no session state is needed)', async () => {
    const url = await database();
    const server = await serve(['--db', url, '--db-pooler', 'transaction']);
    const key = (await waitForLine(server, /^write key:\s+(\S+)/))[1]!;
    const created = await call(server.api, 'POST', '/boards/demo/posts', key, { title: 'Through transaction rules' });
    expect(created.status).toBe(201);
    expect((await call(server.api, 'GET', `/boards/demo/posts/${created.json.id}`, key)).json.title).toBe('Through transaction rules');
  });

  it('an unreachable server is a clear error, not a hang', async () => {
    const result = await runCli(['serve', '--port', '0', '--db', 'postgres://nobody:secret@127.0.0.1:1/none'], work.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot open PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(result.stderr).not.toMatch(/secret/);
  });
});

describe('three first starts at once create one demo', () => {
  it.skipIf(skip !== undefined)(suiteTitle('on an empty PostgreSQL database', skip), async () => {
    const url = await database();
    const started = await Promise.all([0, 1, 2].map(() => serve(['--db', url])));
    for (const server of started) await waitForLine(server, /^propose key:/);
    expect(await organizations(url)).toEqual(['Demo']);
    // A later start replaces the demo keys of the one before, so at least the latest start's work.
    let working = 0;
    for (const server of started) {
      const key = (await waitForLine(server, /^write key:\s+(\S+)/))[1]!;
      const posts = await call(server.api, 'GET', '/boards/demo/posts', key);
      if (posts.status === 200) {
        working += 1;
        expect(posts.json.total).toBe(5);
      }
    }
    expect(working).toBeGreaterThanOrEqual(1);
  });

  it('on an empty SQLite file', async () => {
    const file = join(work.dir, 'first.db');
    const started = await Promise.all([0, 1, 2].map(() => serve(['--db', file])));
    for (const server of started) await waitForLine(server, /^propose key:/);
    // The latest start's demo keys are the live ones: some server's key answers.
    const answers = [];
    for (const server of started) {
      const key = (await waitForLine(server, /^write key:\s+(\S+)/))[1]!;
      answers.push((await call(server.api, 'GET', '/boards', key)).status);
    }
    expect(answers).toContain(200);
    // One demo organization, read through the storage.
    const { createSqliteStorage } = await import('../../adapters/sqlite/index.js');
    const storage = createSqliteStorage({ path: file });
    try {
      const names = await storage.transaction('read', async (tx) => (await tx.listOrganizations()).map((org) => org.name));
      expect(names).toEqual(['Demo']);
    } finally {
      await storage.close();
    }
  });
});
