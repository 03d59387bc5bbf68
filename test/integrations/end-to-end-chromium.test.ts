/**
 * The agents' loop with an issue tracker, end to end, against `feedback-board serve` on a SQLite
 * file (`--allow-private-webhooks`, mail to a real SMTP receiver): a voter follows a post on its
 * public page; the team connects GitHub on the dashboard and gets its secret; an agent claims the
 * post through MCP (the official SDK's client over HTTP, with its key); a local "GitHub" delivers
 * the merged pull request naming `#fb-<id>` (GitHub's own example payload, its body edited),
 * signed with the connection's secret; the evidence is on the post and `shipped` is proposed by
 * the connection; the team confirms it on the dashboard in headless Chromium; the follower gets
 * their mail at the receiver, and the agent reads the post shipped. Every step goes through
 * serve's real HTTP server.
 */
import { sign } from '@octokit/webhooks-methods';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { call, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';
import { axeViolations, launchBrowser, signInByMail, signInTeam } from '../pages/browser-pages.js';
import { mergedPullRequest } from './fixtures/github.js';

const skipReason = chromiumSkipReason('test/integrations/end-to-end-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`the loop end to end: MCP claim, GitHub delivery, dashboard confirmation, follower mail${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const work = workDir();
  let smtp: SmtpReceiver;
  let server: Server | undefined;
  let browser: Browser | undefined;
  let writeKey = '';
  let proposeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startServe(['--port', '0', '--db', join(work.dir, 'feedback.db'), '--smtp', smtp.url, '--allow-private-webhooks'], work.dir);
    writeKey = (await waitForLine(server, /^write key:\s+(\S+)$/))[1]!;
    proposeKey = (await waitForLine(server, /^propose key:\s+(\S+)$/))[1]!;
    teamLink = (await waitForLine(server, /^team sign-in: (http:\/\/\S+)$/))[1]!;
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) expect(await server.stop()).toBe(0);
    await smtp?.close();
    work.remove();
  });

  it('turns a merged pull request into evidence and a proposal the team confirms, and the follower hears of it', async () => {
    const url = server!.url;
    expect(server!.lines.find((line) => line.startsWith('storage:'))).toContain('feedback.db');
    const post = (await call(server!.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Dark mode for the mobile app' })).json as { id: number };
    const context = () => browser!.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });

    // A voter follows the post.
    const follower = 'follower@example.com';
    const voter = await (await context()).newPage();
    await signInByMail(voter, smtp, `${url}/sign-in`, follower);
    await voter.goto(`${url}/boards/demo/posts/${post.id}`);
    await voter.getByRole('button', { name: 'Follow', exact: true }).click();
    await voter.getByRole('status').getByText('You follow this post').waitFor();

    // The team connects GitHub; its secret is shown once.
    const team = await (await context()).newPage();
    await signInTeam(team, teamLink, /\/dashboard\?notice=signed_in/);
    await team.goto(`${url}/dashboard/integrations`);
    const connect = team.getByRole('form', { name: 'Connect a tracker' });
    await connect.getByLabel('Provider', { exact: true }).selectOption('github');
    await connect.getByLabel(/Repository, project or team/).fill('Codertocat/Hello-World');
    await connect.getByRole('button', { name: 'Connect' }).click();
    const secret = (await team.locator('#new-secret').textContent())!.trim();
    const deliveryPath = (await team.locator('.notice.ok code').textContent())!.trim();
    expect(deliveryPath).toBe('/integrations/github/1');

    // An agent claims the post through MCP, with its key.
    const agent = new Client({ name: 'end-to-end-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${proposeKey}` } } }));
    const claimed = await agent.callTool({ name: 'claim_post', arguments: { slug: 'demo', id: post.id } });
    expect(claimed.isError).toBeFalsy();
    expect(claimed.structuredContent).toMatchObject({ post_id: post.id });

    // The agent's pull request, merged: GitHub delivers it, signed with the connection's secret.
    const payload = mergedPullRequest(`Adds a dark theme to the app.\n\nCloses #fb-${post.id}`);
    const body = JSON.stringify(payload);
    const deliver = (signature: string, delivery: string) =>
      fetch(`${url}${deliveryPath}`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', 'user-agent': 'GitHub-Hookshot/e2e', 'x-github-event': 'pull_request', 'x-github-delivery': delivery, 'x-hub-signature-256': signature },
      });
    // A delivery signed with another secret is refused and changes nothing.
    expect((await deliver(await sign('fbis_not_the_secret', body), 'delivery-forged')).status).toBe(401);
    expect((await call(server!.api, 'GET', `/boards/demo/posts/${post.id}`, writeKey)).json).toMatchObject({ implementation_evidence: [], proposal: null });
    const delivered = await deliver(await sign(secret, body), 'delivery-1');
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ received: true, duplicate: false });

    // The evidence is on the post and `shipped` is proposed by the connection, as the agent reads it.
    const read = await agent.callTool({ name: 'get_post', arguments: { slug: 'demo', id: post.id } });
    const seen = read.structuredContent as { implementation_evidence: { kind: string; ref: string; label: string }[]; proposal: { status: string; proposed_by_connection_id: number | null } | null; claim: unknown };
    expect(seen.implementation_evidence).toEqual([
      expect.objectContaining({ kind: 'pr', ref: payload.pull_request.html_url, label: `${payload.pull_request.title} (by @${payload.pull_request.user.login})` }),
    ]);
    expect(seen.proposal).toMatchObject({ status: 'shipped', proposed_by_connection_id: 1 });

    // The team confirms it on the dashboard, the connection named as the proposer.
    await team.goto(`${url}/dashboard/proposals`);
    const card = team.locator('article.proposal', { hasText: 'Dark mode for the mobile app' });
    expect(await card.textContent()).toContain('by the GitHub connection #1');
    expect(await card.textContent()).toContain(payload.pull_request.html_url);
    expect(await axeViolations(team)).toEqual([]);
    const mailsBefore = smtp.messages.length;
    await card.getByRole('button', { name: 'Confirm' }).click();
    await team.getByText('The proposal was confirmed').waitFor();

    // The follower hears of it by mail; the agent reads the post shipped.
    const mail = await smtp.waitFor(follower, /^List-Unsubscribe:/m, mailsBefore);
    expect(mail.text).toContain('Dark mode for the mobile app');
    expect(mail.text).toContain('to Shipped');
    expect(mail.text).toContain(`${url}/boards/demo/posts/${post.id}`);
    const after = (await agent.callTool({ name: 'get_post', arguments: { slug: 'demo', id: post.id } })).structuredContent as { status: string; proposal: unknown };
    expect([after.status, after.proposal]).toEqual(['shipped', null]);

    // A redelivery of the same event changes nothing: no second evidence, no new proposal.
    const again = await deliver(await sign(secret, body), 'delivery-1');
    expect(await again.json()).toMatchObject({ duplicate: true });
    const last = (await call(server!.api, 'GET', `/boards/demo/posts/${post.id}`, writeKey)).json as { implementation_evidence: unknown[]; proposal: unknown };
    expect([last.implementation_evidence.length, last.proposal]).toEqual([1, null]);
    await agent.close();
  }, 120_000);
});
