/**
 * OAuth for `/mcp` end to end: the official SDK client with its OAuth provider against a real
 * `serve` process, a team member approving the client on the consent page in headless Chromium,
 * tools listed and called with the token, the refresh token rotated, and the client revoked in the
 * dashboard's Connected agents list, after which its next call is a 401. Screenshots of the consent
 * page and the list go to docs/images/ (docs/mcp.md shows them).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverAuthorizationServerMetadata, refreshAuthorization, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason, launchBrowser } from '../helpers/chromium.js';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { PROPOSE_TOOLS, textOf } from './helpers.js';
import { decideConsent, MemoryOAuthProvider, mcpWith, REDIRECT_URI, signedInTeam } from './oauth-helpers.js';

const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;
const skip = chromiumSkipReason('test/mcp/oauth-flow.test.ts');

describe.skipIf(skip !== undefined)(`OAuth for /mcp with the SDK's client${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const work = workDir();
  let server: Server;
  let browser: Browser;
  let teamLink = '';

  beforeAll(async () => {
    server = await startServe(['--port', '0', '--memory'], work.dir);
    teamLink = (await waitForLine(server, /^team sign-in: (http:\/\/\S+)$/))[1]!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server.stop()).toBe(0);
    work.remove();
  });

  const connect = async (provider: MemoryOAuthProvider) => {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider });
    await client.connect(transport);
    return { client, transport };
  };

  it('runs 401 → discovery → registration → consent → tokens → tools → refresh → revoke → 401', async () => {
    const anonymous = await fetch(`${server.url}/mcp`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(
      `Bearer realm="feedback-board", resource_metadata="${server.url}/.well-known/oauth-protected-resource"`,
    );

    // The SDK discovers the server, registers itself and is sent to the consent page.
    const provider = new MemoryOAuthProvider('Coding agent');
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^fbc_/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${server.url}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${server.url}/mcp`);

    // A signed-in team member approves it with the propose scope.
    const team = await signedInTeam(browser, teamLink);
    const page = await team.newPage();
    const back = await decideConsent(page, authorizationUrl.href, { scope: 'propose', screenshot: `${IMAGES}mcp-oauth-consent.png` });
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(authorizationUrl.searchParams.get('state'));
    await transport.finishAuth(back.searchParams.get('code')!);
    const first = provider.saved!;
    expect(first).toMatchObject({ token_type: 'Bearer', scope: 'propose', expires_in: 3600 });

    // The token lists and calls the tools of its scope, and no more.
    const { client } = await connect(provider);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...PROPOSE_TOOLS].sort());
    const boards = await client.callTool({ name: 'list_boards', arguments: {} });
    expect(boards.isError).toBeFalsy();
    expect(JSON.stringify(boards.structuredContent)).toContain('"slug":"demo"');
    // What the client does is logged in the name of the client the team member approved.
    const created = await client.callTool({ name: 'create_post', arguments: { slug: 'demo', title: 'Asked through OAuth' } });
    const postId = (created.structuredContent as { id: number }).id;
    const activity = await client.callTool({ name: 'get_post_activity', arguments: { slug: 'demo', id: postId } });
    expect((activity.structuredContent as { entries: { kind: string; actor: unknown }[] }).entries).toEqual([
      { id: expect.any(Number), kind: 'created', at: expect.any(String), actor: expect.objectContaining({ kind: 'api_key', label: 'OAuth: Coding agent', oauth_client: 'Coding agent' }) },
    ]);
    const write = await client.callTool({ name: 'create_board', arguments: { slug: 'agents', name: 'Agents' } });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toMatch(/^insufficient_scope/);

    // Refreshing rotates both tokens; the new access token works.
    const metadata = await discoverAuthorizationServerMetadata(server.url);
    expect(metadata?.token_endpoint).toBe(`${server.url}/oauth/token`);
    const refreshed = await refreshAuthorization(server.url, {
      metadata,
      clientInformation: provider.client!,
      refreshToken: first.refresh_token!,
      resource: new URL(`${server.url}/mcp`),
    });
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.access_token).not.toBe(first.access_token);
    provider.saveTokens(refreshed);
    expect((await mcpWith(server.url, refreshed.access_token)).status).toBe(200);

    // The dashboard lists the agent; revoking it makes the next call a 401.
    await page.goto(`${server.url}/dashboard/agents`);
    const row = page.getByRole('row', { name: /Coding agent/ });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('propose');
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await page.screenshot({ path: `${IMAGES}mcp-oauth-agents.png`, fullPage: true });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.waitForURL(/notice=agent_revoked/);
    expect(await page.getByRole('row', { name: /Coding agent/ }).count()).toBe(0);

    const refused = await mcpWith(server.url, refreshed.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    await expect(client.listTools()).rejects.toThrow();
    await team.close();
  }, 60_000);
});
