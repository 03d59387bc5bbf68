/**
 * PostgreSQL for tests: the server named by `FEEDBACK_BOARD_TEST_PG_URL`, else one throwaway
 * cluster per vitest run, started by the first test file that asks (the folder comes from the
 * globalSetup; `mkdir` of a lock folder elects the one worker that runs initdb, the others wait
 * for the URL it writes). Each test file or suite gets databases of its own (CREATE DATABASE),
 * so files run in parallel without seeing each other's rows.
 *
 * With no PostgreSQL installed (or `FEEDBACK_BOARD_TEST_NO_PG=1`), each test file gets PGlite in
 * its own process instead (pglite-server.ts), and a "database" is a schema of it: the URLs work
 * the same way, for one process. See test/helpers/requirements.ts.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startCluster } from '../../../scripts/pg-cluster.mjs';
import { foundHere, postgresBackend } from '../../helpers/requirements.js';
import { startPgliteServer } from './pglite-server.js';

export const PG_URL_VARIABLE = 'FEEDBACK_BOARD_TEST_PG_URL';

let adminUrl: Promise<string> | undefined;

/** True when the tests run on PGlite (no PostgreSQL server here). */
export const ON_PGLITE = postgresBackend(process.env, foundHere()) === 'pglite';

/**
 * Writes `text` to `file` whole or not at all (a file beside it, renamed): the other workers wait
 * for the file to exist, and one that read it between its creation and its write would get an
 * empty URL, and connect to the default port.
 */
function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.partial`, text);
  renameSync(`${file}.partial`, file);
}

async function sharedClusterUrl(runDir: string): Promise<string> {
  const urlFile = join(runDir, 'url');
  const errorFile = join(runDir, 'error');
  let elected = false;
  try {
    mkdirSync(join(runDir, 'lock'));
    elected = true;
  } catch {
    // Another worker is starting it.
  }
  if (elected) {
    try {
      const cluster = await startCluster({ dir: join(runDir, 'cluster'), keep: true });
      writeWhole(urlFile, cluster.url);
    } catch (error) {
      writeWhole(errorFile, String((error as Error).message));
      throw error;
    }
  }
  const deadline = Date.now() + 60_000;
  while (!existsSync(urlFile)) {
    if (existsSync(errorFile)) throw new Error(`PostgreSQL did not start: ${readFileSync(errorFile, 'utf8')}`);
    if (Date.now() > deadline) throw new Error('PostgreSQL did not start within 60 s');
    await new Promise((done) => setTimeout(done, 50));
  }
  return readFileSync(urlFile, 'utf8');
}

/** A superuser URL of the test server (starting the run's cluster if needed). */
export function pgAdminUrl(): Promise<string> {
  const fromEnv = process.env[PG_URL_VARIABLE];
  if (fromEnv && !ON_PGLITE) return Promise.resolve(fromEnv);
  adminUrl ??= ON_PGLITE ? pgliteUrl(inject('pgRunDir')) : sharedClusterUrl(inject('pgRunDir'));
  return adminUrl;
}

/**
 * This test file's PGlite, loaded from the data folder of the run's first new PGlite when a file
 * before it left one in the run's folder (`runDir`, "" for none), else new (and its folder left
 * there for the files after it). Written whole, then renamed, so a reader never sees half of it.
 */
async function pgliteUrl(runDir: string): Promise<string> {
  const file = runDir === '' ? undefined : join(runDir, 'pglite-initial.tar');
  if (file !== undefined && existsSync(file)) return (await startPgliteServer({ initial: new Blob([readFileSync(file)]) })).url;
  if (file === undefined) return (await startPgliteServer()).url;
  const keep = async (initial: Blob) => {
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await initial.arrayBuffer()));
    renameSync(part, file);
  };
  return (await startPgliteServer({ keep })).url;
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let made = 0;

let admin: Promise<pg.Pool> | undefined;

/**
 * Runs statements as the superuser on the server's maintenance database, on a few sessions this
 * worker keeps. A new session is a new server process, and on the two-core test machines starting
 * one cost about 35 ms of CPU (its page faults, mostly): a run creates and drops hundreds of
 * databases, and a session for each statement was a tenth of the PostgreSQL conformance suite's CPU.
 */
export async function adminQuery(text: string): Promise<pg.QueryResult> {
  admin ??= pgAdminUrl().then((url) => {
    // The sessions close when idle for a while, and never keep the worker from exiting.
    const pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
    pool.on('error', () => undefined);
    return pool;
  });
  return (await admin).query(text);
}

let copyClause: Promise<string> | undefined;

/**
 * How CREATE DATABASE copies its template. From PostgreSQL 15 the default copies it block by
 * block through the shared buffers and writes every block to the WAL (STRATEGY WAL_LOG); copying
 * its files (FILE_COPY, the default before 15) measured 50 ms of CPU a copy of a migrated store
 * against 120–175 ms, and its DROP 20 ms against 35 ms. FILE_COPY checkpoints first, which is
 * cheap only without fsync: on a server with fsync on (one named by the environment, say), the
 * default stays.
 */
function copyStrategy(): Promise<string> {
  copyClause ??= adminQuery(
    "SELECT current_setting('server_version_num')::int >= 150000 AND current_setting('fsync') = 'off' AS file_copy",
  ).then(({ rows }) => ((rows[0] as { file_copy: boolean }).file_copy ? ' STRATEGY FILE_COPY' : ''));
  return copyClause;
}

/**
 * A new database; resolves with its URL. `dropTestDatabase` removes it. Empty, or a copy of the
 * database of `template` (a URL made here, with no session open on it while it is copied): a
 * store migrated once and copied for each test costs a fraction of migrating each anew. PGlite
 * has one database, so there a template is refused.
 */
export async function createTestDatabase(prefix = 'fb_test', template?: string): Promise<string> {
  made += 1;
  const name = `${prefix}_${process.pid}_${made}_${Math.random().toString(36).slice(2, 8)}`;
  if (ON_PGLITE) {
    if (template !== undefined) throw new Error('createTestDatabase: PGlite has no templates; migrate a new schema instead');
    await adminQuery(`CREATE SCHEMA ${name}`);
    return withSearchPath(await pgAdminUrl(), name);
  }
  const from = template === undefined ? '' : ` TEMPLATE ${new URL(template).pathname.slice(1)}`;
  await adminQuery(`CREATE DATABASE ${name}${from}${await copyStrategy()}`);
  return withDatabase(await pgAdminUrl(), name);
}

/** A client's `query`, as a test's wrapper receives and returns it. */
export type ClientQuery = (config: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * A pool a test makes for itself, as an application would, with `max` connections. It listens
 * for errors as an application's pool must: when `dropTestDatabase` ends the sessions of a
 * database, a connection still closing reports an error, which would otherwise be an uncaught
 * exception in whichever test runs then. `wrap`, when given, replaces each new client's `query`
 * (to record or hold the statements the adapter sends).
 */
export function testPool(url: string, max: number, wrap?: (query: ClientQuery) => ClientQuery): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (wrap !== undefined) (client as unknown as { query: ClientQuery }).query = wrap(client.query.bind(client) as ClientQuery);
  });
  return pool;
}

/** Drops the database of `url`, ending its sessions first. */
export async function dropTestDatabase(url: string): Promise<void> {
  if (ON_PGLITE) {
    const schema = /search_path=(\S+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
    if (schema !== undefined) await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    return;
  }
  const name = new URL(url).pathname.slice(1);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

let schemas = 0;

/**
 * A new, empty schema in the database of `url`; resolves with a URL whose connections use it
 * (`search_path`). Much faster than a database per test where a suite needs hundreds of stores.
 */
export async function createTestSchema(url: string): Promise<string> {
  schemas += 1;
  const name = `s_${process.pid}_${schemas}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${name}`);
  } finally {
    await client.end();
  }
  return withSearchPath(url, name);
}

/** `url` whose connections use schema `name`. */
function withSearchPath(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${name}`);
  return parsed.toString();
}

/** The rows of one statement run on its own connection to `url`. */
export async function queryRows<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}
