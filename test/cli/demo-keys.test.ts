/**
 * Restarting `serve` on the demo database leaves two live demo keys: the ones it just printed. A
 * second start that cannot take its port changes nothing: the running server's keys keep working,
 * and no database is created.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { call, runCli, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

let server: Server | undefined;
let dir: ReturnType<typeof workDir> | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null) await server.stop();
  dir?.remove();
});

async function start(): Promise<{ write: string; propose: string }> {
  server = await startServe(['--port', '0', '--db', 'demo.db'], dir!.dir);
  const write = (await waitForLine(server, /^write key:\s+(\S+)$/))[1]!;
  const propose = (await waitForLine(server, /^propose key:\s+(\S+)$/))[1]!;
  return { write, propose };
}

describe('demo keys across restarts', () => {
  it('each start revokes the keys the previous start printed', async () => {
    dir = workDir();
    const printed: Array<{ write: string; propose: string }> = [];
    for (let i = 0; i < 3; i++) {
      printed.push(await start());
      const latest = printed.at(-1)!;
      expect((await call(server!.api, 'GET', '/boards', latest.write)).status).toBe(200);
      expect((await call(server!.api, 'GET', '/boards', latest.propose)).status).toBe(200);
      for (const earlier of printed.slice(0, -1)) {
        expect((await call(server!.api, 'GET', '/boards', earlier.write)).status).toBe(401);
        expect((await call(server!.api, 'GET', '/boards', earlier.propose)).status).toBe(401);
      }
      expect(await server!.stop()).toBe(0);
    }
    const storage = createSqliteStorage({ path: join(dir.dir, 'demo.db') });
    const keys = await storage.transaction('read', (tx) => tx.listApiKeys(1));
    await storage.close();
    expect(keys).toHaveLength(6);
    expect(keys.filter((k) => k.revoked_at === null).map((k) => k.scope).sort()).toEqual(['propose', 'write']);
  });

  it('a second start on a busy port exits 1 before it touches any store: the running keys work, no file is made', async () => {
    dir = workDir();
    const keys = await start();
    const port = new URL(server!.url).port;
    for (const db of ['demo.db', 'other.db']) {
      const second = await runCli(['serve', '--port', port, '--db', db], dir.dir);
      expect(second).toMatchObject({ code: 1, stdout: '' });
      expect(second.stderr).toBe(`feedback-board: port ${port} on 127.0.0.1 is in use (another feedback-board serve?): stop it, or choose another --port; nothing was changed\n`);
    }
    expect(existsSync(join(dir.dir, 'other.db'))).toBe(false);
    expect((await call(server!.api, 'GET', '/boards', keys.write)).status).toBe(200);
    expect((await call(server!.api, 'GET', '/boards', keys.propose)).status).toBe(200);
  });
});
