/**
 * PgBouncer in transaction mode in front of the tests' PostgreSQL server (the run's cluster, or
 * `FEEDBACK_BOARD_TEST_PG_URL`'s), with its default `ignore_startup_parameters =
 * extra_float_digits`: one per test file that asks, stopped by that file. A database made by
 * server.ts is reached through it by `throughPooler(url)`.
 */
import { startPgbouncer, type Pgbouncer } from '../../../scripts/pgbouncer.mjs';
import { pgAdminUrl } from './server.js';

export interface TestPooler {
  /** The URL of the database of `direct` (a URL of the server), through the pooler. */
  throughPooler(direct: string): string;
  stop(): void;
}

export async function startTestPooler(): Promise<TestPooler> {
  const server = new URL(await pgAdminUrl());
  const bouncer: Pgbouncer = await startPgbouncer({
    host: server.hostname,
    port: Number(server.port || 5432),
    user: decodeURIComponent(server.username) || 'postgres',
    ...(server.password === '' ? {} : { password: decodeURIComponent(server.password) }),
  });
  return {
    throughPooler(direct) {
      const url = new URL(direct);
      url.host = `127.0.0.1:${bouncer.port}`;
      return url.toString();
    },
    stop: () => bouncer.stop(),
  };
}
