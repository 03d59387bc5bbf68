// A throwaway PgBouncer for tests and benchmarks, in front of a PostgreSQL server (such as a
// cluster of pg-cluster.mjs): a configuration in a temporary folder, a pooler on a free port of
// 127.0.0.1, stopped (and the folder removed) by `stop()`.
//
// It is configured as an operator would put it in front of a node-postgres application: every
// database of the server through one pool per database (`* =`), `pool_mode = transaction`, and the
// default `ignore_startup_parameters = extra_float_digits`, so that a client sending any other
// startup parameter is refused, as in production. Authentication is left to the server (which the
// tests' clusters trust): `auth_type = any` with the server's user forced in the database line.
// PgBouncer refuses to run as root; as root it runs as the unprivileged `postgres` user.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort, ownedDir, runAsServerUser } from './pg-cluster.mjs';

/** The PgBouncer program, or null when it is not installed (Debian: apt-get install pgbouncer). */
export function findPgbouncer() {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() !== '') return onPath.stdout.trim();
  return existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : null;
}

/** Resolves once something accepts connections on `port` of 127.0.0.1, or rejects after `ms`. */
async function listening(port, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on port ${port} within ${ms} ms`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/**
 * Starts PgBouncer in front of the server at `upstream` (`{ host, port, user, password }`, user
 * default `postgres`; without a password the server must trust the pooler's connections). Options: `dir` (default a new temporary folder), `port` (default a free one),
 * `poolMode` (default `transaction`), `poolSize` (server connections per database, default 20).
 * Resolves with `{ port, dir, url(database), stop() }`; `url` connects through the pooler.
 */
export async function startPgbouncer(upstream, options = {}) {
  const program = findPgbouncer();
  if (program === null) throw new Error('PgBouncer is not installed (Debian: apt-get install pgbouncer)');
  const dir = ownedDir(options.dir);
  const port = options.port ?? (await freePort());
  const user = upstream.user ?? 'postgres';
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${upstream.host} port=${upstream.port} user=${user}${upstream.password ? ` password=${upstream.password}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      `pool_mode = ${options.poolMode ?? 'transaction'}`,
      'ignore_startup_parameters = extra_float_digits',
      'max_client_conn = 2000',
      `default_pool_size = ${options.poolSize ?? 20}`,
      // Test databases come and go: a pool of a dropped one is not kept.
      'server_idle_timeout = 10',
      'autodb_idle_timeout = 10',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  runAsServerUser(program, ['-d', config]);
  await listening(port, 10_000);
  return {
    port,
    dir,
    url: (database) => `postgres://${user}@127.0.0.1:${port}/${database}`,
    stop: () => stopPgbouncerIn(dir),
  };
}

/** Stops the PgBouncer started in `dir` (its connections are cut) and removes the folder. */
export function stopPgbouncerIn(dir) {
  const pidFile = join(dir, 'pgbouncer.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
