/**
 * `serve` on a real PostgreSQL server that goes away and comes back: the webhook dispatcher and
 * the follower mail sender, polling twice a second, each write one JSON line when the store goes
 * away and one when it is back, and no stack trace (their failures were reported with a 25-line
 * stack on every poll). See cli/event-log.ts and src/domain/repeated-failures.ts.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/pg-cluster.mjs';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { skipReason, suiteTitle } from '../helpers/requirements.js';

const work = workDir();
let cluster: Cluster | undefined;
let server: Server | undefined;
afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop();
  cluster?.stop();
  work.remove();
});

/** A port nothing listens on (the SMTP server is never reached: no mail is due). */
function closedPort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON lines `serve` wrote to stderr after `from` characters. */
function eventsAfter(running: Server, from: number): Array<{ level: string; message: string; error?: string; stack?: string }> {
  return running
    .stderr()
    .slice(from)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { level: string; message: string; error?: string; stack?: string });
}

/**
 * Each line's level and loop, sorted. The hourly purge of deleted posts reports like the others
 * when one of its runs falls in the outage (its first run is a minute after the start, which a
 * slow machine can reach): it is left out here, and checked to report at most once.
 */
function loops(events: { level: string; message: string }[]): [string, string][] {
  const named = events.map(({ level, message }): [string, string] => [level, message.split(':')[0]!]);
  expect(named.filter(([, loop]) => loop === 'deleted posts').length).toBeLessThanOrEqual(1);
  return named.filter(([, loop]) => loop !== 'deleted posts').sort();
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  for (const start = Date.now(); !condition() && Date.now() - start < ms; ) await sleep(100);
}

const skip = skipReason('postgres-binaries', 'test/cli/store-outage-log.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('serve: the log while PostgreSQL is away', skip), () => {
  it('one JSON line per background loop when the store goes away, one when it is back', async () => {
    cluster = await startCluster({ maxConnections: 30 });
    server = await startServe(['--port', '0', '--db', cluster.url, '--smtp', `smtp://127.0.0.1:${await closedPort()}`], work.dir);
    await waitForLine(server, /^team sign-in: /);
    const start = server.stderr().length;

    cluster.halt();
    const halted = Date.now();
    // Each loop reports at its first failed poll, which a loaded machine can delay; then the
    // store stays away for six polls of each loop at least (two a second), and 1.5 s more at
    // least, in which no loop may report again.
    // The changelog publisher runs every 10 s, so its first failed run may come later than the polls'.
    await until(() => eventsAfter(server!, start).length >= 4, 20_000);
    await sleep(Math.max(1500, halted + 3500 - Date.now()));
    const away = eventsAfter(server, start);
    expect(loops(away)).toEqual([
      ['error', 'changelog entries'],
      ['error', 'follower mail'],
      ['error', 'integration dispatcher'],
      ['error', 'webhook dispatcher'],
    ]);
    for (const event of away) {
      // The fast shutdown ends open sessions ("terminating connection due to administrator command"),
      // a poll during it hears the server shutting down, one after it gets the connection refused;
      // a poll whose transaction was between two statements when its session ended finds its
      // connection broken at its next statement, and one reading as the server went has it reset.
      expect(event.error).toMatch(
        /^The service is unavailable: its storage cannot be used: .*(ECONNREFUSED|ECONNRESET|the database system is shutting down|terminating connection due to administrator command|Client has encountered a connection error)/,
      );
      expect(event).not.toHaveProperty('stack');
    }

    const resumed = server.stderr().length;
    cluster.resume();
    await until(() => eventsAfter(server!, resumed).length >= 4, 20_000);
    await sleep(1500);
    const back = eventsAfter(server, resumed);
    expect(loops(back)).toEqual([
      ['info', 'changelog entries'],
      ['info', 'follower mail'],
      ['info', 'integration dispatcher'],
      ['info', 'webhook dispatcher'],
    ]);
    for (const event of back) expect(event.message).toMatch(/works again, after \d+ failed attempts? over [\d.]+ s$/);
    // A poll twice a second failed all through the outage.
    const webhooks = back.find((event) => event.message.startsWith('webhook dispatcher'))!;
    expect(Number(/after (\d+) failed/.exec(webhooks.message)![1])).toBeGreaterThanOrEqual(6);
  }, 90_000);
});
