/**
 * Shared by the OAuth tests: an OAuth client provider for the SDK that keeps everything in memory,
 * a team member signed in to a real `serve` in headless Chromium, and the consent page driven
 * there (the client's redirect URI is answered by the browser itself, no server behind it).
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The redirect URI every test client registers: a loopback address nothing listens on. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** The SDK's OAuth client provider, in memory; `authorizationUrl` is where it was sent last. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  constructor(readonly name = 'Test agent') {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A browser context whose team member is signed in through `serve`'s printed one-time link. */
export async function signedInTeam(browser: Browser, teamLink: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const page = await context.newPage();
  await page.goto(teamLink);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.waitForURL(/notice=signed_in/);
  await page.close();
  return context;
}

/**
 * Opens `authorizationUrl` in `page`, chooses `scope` (when given), clicks `decision`, and returns
 * where the browser was sent back to (the client's redirect URI with the code, or an error): the
 * URL of the request the browser makes there, as the client would receive it. Nothing listens at
 * the redirect URI, so that navigation then fails, which the test does not need.
 */
export async function decideConsent(
  page: Page,
  authorizationUrl: string,
  options: { scope?: string; decision?: 'Approve' | 'Deny'; screenshot?: string } = {},
): Promise<URL> {
  await page.goto(authorizationUrl);
  if (options.scope) await page.locator(`input[name="access"][value="${options.scope}"]`).check();
  if (options.screenshot) await page.screenshot({ path: options.screenshot, fullPage: true });
  const sentBack = page.waitForRequest((request) => request.url().startsWith(REDIRECT_URI));
  await page.getByRole('button', { name: options.decision ?? 'Approve' }).click();
  return new URL((await sentBack).url());
}

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A form POST to the token endpoint; the status and JSON answer. */
export async function tokenRequest(origin: string, fields: Record<string, string>) {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

/** A JSON-RPC `tools/list` at `/mcp` with `token`; the HTTP status and headers. */
export async function mcpWith(origin: string, token: string, method = 'tools/list') {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
