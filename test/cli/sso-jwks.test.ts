/**
 * `serve` fetches an SSO JWKS as it delivers webhooks: a JWKS URL at a loopback address is
 * refused (no fetch, no session, a page naming the cause), and `--allow-private-webhooks` lets it
 * through. The organization and its SSO settings are written into the SQLite file first.
 */
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { saveSsoSettings } from '../../src/services/sso.js';
import { startServe, workDir, type Server } from '../helpers/cli.js';
import { jwksServer } from '../pages/sso-helpers.js';

const work = workDir();
const db = join(work.dir, 'sso.db');
let jwks: Awaited<ReturnType<typeof jwksServer>>;
let organizationId = 0;
let server: Server | undefined;

beforeAll(async () => {
  jwks = await jwksServer();
  const storage = createSqliteStorage({ path: db });
  const board = createFeedbackBoard({ storage });
  organizationId = (await board.dashboard.organizations.create({ name: 'Acme' })).id;
  await saveSsoSettings({ storage, clock: board.clock }, organizationId, { jwks_url: jwks.url, jwks_algorithms: ['RS256'] });
  await storage.close();
});
afterEach(async () => {
  if (server) expect(await server.stop()).toBe(0);
  server = undefined;
});
afterAll(async () => {
  await jwks.close();
  work.remove();
});

/** `?sso=` with an RS256 token of the JWKS's key, through `server`, redirects not followed. */
async function signIn(running: Server) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sub: 'user-1', email: 'ada@host.test', aud: `feedback-board:${organizationId}`, iat: now, exp: now + 300 })
    .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
    .sign(jwks.rsa.privateKey);
  const answer = await fetch(`${running.url}/?sso=${token}`, { redirect: 'manual' });
  return { status: answer.status, cookie: answer.headers.getSetCookie().find((c) => c.startsWith('fb_voter=')), text: await answer.text() };
}

describe('serve and a JWKS URL at a loopback address', () => {
  it('refuses to fetch it: 401, no session, the page says why', async () => {
    server = await startServe(['--port', '0', '--db', db, '--log', 'off'], work.dir);
    const answer = await signIn(server);
    expect([answer.status, answer.cookie]).toEqual([401, undefined]);
    expect(answer.text).toContain('The JWKS URL is, or resolves to, a loopback or private address');
    expect(jwks.fetches).toBe(0);
  });

  it('fetches it with --allow-private-webhooks', async () => {
    server = await startServe(['--port', '0', '--db', db, '--log', 'off', '--allow-private-webhooks'], work.dir);
    const answer = await signIn(server);
    expect([answer.status, answer.cookie === undefined]).toEqual([303, false]);
    expect(jwks.fetches).toBe(1);
  });
});
