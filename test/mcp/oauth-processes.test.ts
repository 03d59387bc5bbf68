/**
 * OAuth for `/mcp` across two `serve` processes on one SQLite file, over plain HTTP (a team member
 * signs in and approves through the pages' forms; both serve one public URL, as behind one
 * proxy): a token approved through one process works through the other, and once the approval is
 * revoked through the first, the other answers its next call with 401 and the OAuth challenge,
 * at once, while its caches still hold the token (it answered 404 "No such route" before).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { mcpWith, pkce, REDIRECT_URI, tokenRequest } from './oauth-helpers.js';

/** The public URL both processes serve, as behind one proxy: one OAuth resource for both. */
const PUBLIC = 'http://feedback.test';

/** A cookie-keeping client of one server that posts the pages' forms, from the public origin. */
class FormClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  async send(path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (form) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC });
    const response = await fetch(new URL(path, this.url), { method: form ? 'POST' : 'GET', headers, redirect: 'manual', ...(form ? { body: new URLSearchParams(form) } : {}) });
    for (const value of response.headers.getSetCookie()) {
      const [pair] = value.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }

  /** The hidden fields of the first form posting to `action` on the page's text. */
  static hidden(text: string, action: string): Record<string, string> {
    const form = text.slice(text.indexOf(`action="${action}"`));
    const fields: Record<string, string> = {};
    for (const [, name, value] of form.slice(0, form.indexOf('</form>')).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields[name!] = value!.replaceAll('&amp;', '&');
    }
    return fields;
  }
}

const work = workDir();
const servers: Server[] = [];
let teamLink = '';

beforeAll(async () => {
  const db = join(work.dir, 'shared.db');
  servers.push(await startServe(['--port', '0', '--db', db, '--log', 'off', '--public-url', PUBLIC], work.dir));
  teamLink = (await waitForLine(servers[0]!, /^team sign-in: (http:\/\/\S+)$/))[1]!;
  servers.push(await startServe(['--port', '0', '--db', db, '--log', 'off', '--public-url', PUBLIC], work.dir));
}, 60_000);

afterAll(async () => {
  for (const server of servers) expect(await server.stop()).toBe(0);
  work.remove();
});

describe('OAuth for /mcp through two serve processes on one SQLite file', () => {
  it('a token revoked through one process is a 401 with the OAuth challenge through the other, at once', async () => {
    const [a, b] = servers as [Server, Server];
    const team = new FormClient(a.url);
    const link = await team.send(new URL(teamLink).pathname + new URL(teamLink).search);
    expect((await team.send('/sign-in/link', FormClient.hidden(link.text, '/sign-in/link'))).status).toBe(303);

    const registered = (await (await fetch(`${a.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Agent', redirect_uris: [REDIRECT_URI] }) })).json()) as { client_id: string };
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({ client_id: registered.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 's' });
    const consent = await team.send(`/oauth/authorize?${query}`);
    expect(consent.status).toBe(200);
    const approved = await team.send('/oauth/authorize', { ...FormClient.hidden(consent.text, '/oauth/authorize'), access: 'propose', decision: 'approve' });
    const code = new URL(approved.location!).searchParams.get('code')!;
    const tokens = await tokenRequest(a.url, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: registered.client_id, redirect_uri: REDIRECT_URI });
    expect(tokens.status).toBe(200);
    const token = tokens.json['access_token']!;

    // Through the other process: its token and key caches now hold the token and its key.
    expect((await mcpWith(b.url, token)).status).toBe(200);

    const agents = await team.send('/dashboard/agents');
    const revokeAction = /action="(\/dashboard\/agents\/\d+\/revoke)"/.exec(agents.text)![1]!;
    expect((await team.send(revokeAction, FormClient.hidden(agents.text, revokeAction))).location).toMatch(/notice=agent_revoked/);

    for (const server of [b, a]) {
      const refused = await mcpWith(server.url, token);
      expect(refused.status, server.url).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="feedback-board", resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource"`);
      expect(refused.json).toMatchObject({ error: { code: 'unauthorized' } });
    }
  }, 60_000);
});
