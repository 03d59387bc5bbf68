/**
 * SSO test helpers: the pages over a real HTTP server, a second organization, tokens signed with
 * `jose` against the board's fake clock, and a JWKS server on a local port.
 */
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { createSsoSecret } from '../../src/services/sso.js';
import type { PagesOptions } from '../../src/pages/index.js';
import { setupPages, type PagesSetup } from './helpers.js';

/** The pages of `setupPages` served over HTTP, with a secret of their organization. */
export interface SsoSetup extends PagesSetup {
  server: RunningServer;
  secret: string;
  secretId: number;
}

export async function setupSso(options: Partial<PagesOptions> = {}): Promise<SsoSetup> {
  const setup = await setupPages(options);
  const created = await createSsoSecret({ storage: setup.board.storage, clock: setup.clock }, setup.orgId);
  const server = await listen(setup.pages, { port: 0 });
  return { ...setup, server, secret: created.secret, secretId: created.id };
}

/** The board clock's now, in whole seconds (what `iat` and `exp` count). */
export const seconds = (setup: PagesSetup) => Math.floor(setup.clock.now() / 1000);

/** A user's claims for the setup's organization: sub, email, name, its audience, 5 minutes to live. */
export function claims(setup: PagesSetup, extra: JWTPayload = {}): JWTPayload {
  const now = seconds(setup);
  return { sub: 'user-1', email: 'ada@host.test', name: 'Ada Host', aud: `feedback-board:${setup.orgId}`, iat: now, exp: now + 300, ...extra };
}

/** An HS256 token of `payload` signed with `secret`. */
export function hs256(payload: JWTPayload, secret: string | Uint8Array): Promise<string> {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

/** `alg: none`: a header and payload with an empty signature. */
export function unsigned(payload: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/** A JWKS served on a local port, with its signing keys (RS256 and ES256, each with a kid). */
export async function jwksServer() {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const keys = [
    { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
  ];
  let fetches = 0;
  const server: Server = createServer((_request, response) => {
    fetches++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    rsa,
    ec,
    get fetches() {
      return fetches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The answer to a request without following redirects: status, location, Set-Cookie values, text. */
export async function fetchRaw(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), cookies: response.headers.getSetCookie(), headers: response.headers, text: await response.text() };
}

/** The voter session cookie among Set-Cookie values, or undefined. */
export const voterCookie = (cookies: string[]) => cookies.find((value) => value.startsWith('fb_voter='));
