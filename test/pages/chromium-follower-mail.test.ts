/**
 * Mail to followers end to end in real headless Chromium. Against `feedback-board serve --smtp`
 * and a real SMTP receiver: a visitor signs in by link, is shown a similar post and votes for it
 * instead, submits a distinct idea and follows a third post; the team confirms a proposal on that
 * post in the dashboard; the visitor gets exactly one mail, unsubscribes from the board with the
 * one-click POST of its List-Unsubscribe header, and a later team comment mails another follower
 * but not them. Then the Mail page with a mail that failed for good, from pages served in this
 * process with a refusing mailer and an injected clock. axe-core on the unsubscribe page and the
 * Mail page; a voter who signed in on Brazilian Portuguese pages gets their mail in Portuguese.
 * Screenshots to docs/images/ (pages-unsubscribe.png, pages-dashboard-mail-failed.png,
 * mail-follower-pt-BR.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { listen } from '../../src/node/listen.js';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import type { SmtpReceiver } from '../helpers/smtp.js';
import { decodeMail } from '../helpers/mime.js';
import { axeViolations, servePages, shot, signInByMail, signInTeam, type ServedPages } from './browser-pages.js';
import { setupPages } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/chromium-follower-mail.test.ts');

/** The follower mails (those with a List-Unsubscribe header) the receiver got for `email`. */
const followerMails = (smtp: SmtpReceiver, email: string) => smtp.messages.filter((m) => m.to.includes(email) && /^List-Unsubscribe:/m.test(m.text));

/** The two links of a raw message's List-Unsubscribe header: the post's, then the board's. */
function unsubscribeLinks(raw: string): { post: string; board: string } {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const [post, board] = [.../^List-Unsubscribe: (.*)$/m.exec(head)![1]!.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
  return { post: post!, board: board! };
}

describe.skipIf(skipReason !== undefined)(`mail to followers in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let proposeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    served = await servePages();
    ({ smtp, server, browser, writeKey, proposeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** `bypassCSP` only so that axe-core can be injected. */
  const context = (): Promise<BrowserContext> => browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });
  const postByTitle = async (title: string) =>
    ((await call(server.api, 'GET', '/boards/demo/posts?limit=500', writeKey)).json.posts as { id: number; title: string }[]).find((p) => p.title === title)!;

  it('runs the voter loop to exactly one mail, then one-click unsubscribe stops the next', async () => {
    const email = 'follower@example.com';
    const visitorContext = await context();
    const visitor = await visitorContext.newPage();
    await signInByMail(visitor, smtp, `${server.url}/sign-in`, email);

    await visitor.goto(`${server.url}/boards/demo`);
    await visitor.getByText('Submit an idea').click();
    await visitor.getByLabel('Your idea, in a sentence').fill('Dark mode for the mobile app');
    await visitor.getByRole('button', { name: 'Submit idea' }).click();
    await visitor.getByRole('heading', { name: 'Is your idea already here?' }).waitFor();
    await visitor.locator('.similar li', { hasText: 'Dark mode' }).first().getByRole('button', { name: 'Vote for this instead' }).click();
    await visitor.getByText('Your vote was counted.').waitFor();

    await visitor.goto(`${server.url}/boards/demo`);
    await visitor.getByText('Submit an idea').click();
    await visitor.getByLabel('Your idea, in a sentence').fill('Calendar sync with Outlook');
    await visitor.getByRole('button', { name: 'Submit idea' }).click();
    await visitor.getByText('Your idea was posted.').waitFor();
    const idea = await postByTitle('Calendar sync with Outlook');

    const third = await postByTitle('Export to CSV');
    await visitor.goto(`${server.url}/boards/demo/posts/${third.id}`);
    await visitor.getByRole('button', { name: 'Follow', exact: true }).click();
    await visitor.getByRole('status').getByText('You follow this post').waitFor();

    const proposed = await call(server.api, 'POST', `/boards/demo/posts/${third.id}/propose-status`, proposeKey, { status: 'planned', note: 'Next sprint.' });
    expect(proposed.status).toBe(200);
    const teamContext = await context();
    const team = await teamContext.newPage();
    await signInTeam(team, teamLink, /\/dashboard\?notice=signed_in/);
    await team.locator('article.proposal', { hasText: 'Export to CSV' }).getByRole('button', { name: 'Confirm' }).click();
    await team.getByText('The proposal was confirmed').waitFor();

    const mail = await smtp.waitFor(email, /^List-Unsubscribe:/m);
    expect(mail.text).toContain('The status moved from In progress to Planned.');
    expect(mail.text).toContain(`${server.url}/boards/demo/posts/${third.id}`);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // three polls of the sender
    expect(followerMails(smtp, email)).toHaveLength(1);

    // The page behind the link changes nothing; the mail program's one-click POST does.
    const links = unsubscribeLinks(mail.text);
    await visitor.goto(links.post);
    await visitor.getByRole('button', { name: 'Stop all mail from Demo board' }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    await shot(visitor, 'pages-unsubscribe');
    const oneClick = await fetch(links.board, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);

    // Another follower of the visitor's idea hears of the next team comment; the visitor does not.
    const otherContext = await context();
    const other = await otherContext.newPage();
    await signInByMail(other, smtp, `${server.url}/sign-in`, 'control@example.com');
    await other.goto(`${server.url}/boards/demo/posts/${idea.id}`);
    await other.getByRole('button', { name: 'Follow', exact: true }).click();
    await other.getByRole('status').getByText('You follow this post').waitFor();
    expect((await call(server.api, 'POST', `/boards/demo/posts/${idea.id}/comments`, writeKey, { body: 'We are on it.' })).status).toBe(201);
    await smtp.waitFor('control@example.com', /The team commented:/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(followerMails(smtp, email)).toHaveLength(1);
    for (const c of [visitorContext, teamContext, otherContext]) await c.close();
  }, 120_000);

  it('mails a voter who signed in on Brazilian Portuguese pages in Portuguese', async () => {
    const email = 'joao@example.com';
    const voterContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 800, height: 600 } });
    const voter = await voterContext.newPage();
    const before = smtp.messages.length;
    await voter.goto(`${server.url}/sign-in`);
    await voter.getByLabel('Endereço de e-mail').fill(email);
    await voter.getByRole('button', { name: 'Enviar link de acesso por e-mail' }).click();
    await voter.getByText('Confira sua caixa de entrada').waitFor();
    const link = /(http:\/\/\S+sign-in\/link\?token=[A-Za-z0-9_-]+)/.exec((await smtp.waitFor(email, /sign-in\/link\?token=/, before)).text)![1]!;
    await voter.goto(link);
    await voter.getByRole('button', { name: 'Entrar' }).last().click();
    await voter.waitForURL(/notice=signed_in/);
    const slack = await postByTitle('Slack notifications');
    await voter.goto(`${server.url}/boards/demo/posts/${slack.id}`);
    await voter.getByRole('button', { name: 'Seguir', exact: true }).click();
    await voter.getByRole('status').getByText('Você segue esta publicação').waitFor();

    expect((await call(server.api, 'POST', `/boards/demo/posts/${slack.id}/comments`, writeKey, { body: 'We started on **Slack** this week.' })).status).toBe(201);
    const mail = decodeMail((await smtp.waitFor(email, /^List-Unsubscribe:/m)).raw);
    expect(mail.header('Subject')).toBe('[Demo] Slack notifications: a equipe comentou');
    expect(mail.parts['text/plain']).toContain('A equipe comentou:');
    expect(mail.parts['text/html']).toContain('<html lang="pt-BR" dir="ltr">');
    // The HTML part as a mail program shows it.
    const shown = await voterContext.newPage();
    await shown.setContent(mail.parts['text/html']!);
    await shown.getByText('Novidades sobre').waitFor();
    await shot(shown, 'mail-follower-pt-BR');
    await voterContext.close();
  }, 120_000);

  it('shows the team a mail that failed for good on the Mail page', async () => {
    const setup = await setupPages();
    const fan = await setup.board.voters.register(setup.orgId, { email: 'fan@example.com', name: 'Fan' });
    await setup.board.voters.follow(fan.id, setup.ids.open);
    await setup.board.team(setup.orgId).comments.create(setup.ids.open, { body: 'Shipping soon.' });
    const refusing = { send: () => Promise.reject(new Error('550 5.1.1 <fan@example.com>: Recipient address rejected: User unknown')) };
    const sender = createFollowerMailSender(setup.board, { mailer: refusing, pagesUrl: 'http://pages.test', clock: setup.clock, maxAttempts: 1 });
    expect((await sender.sendDue()).failed).toBe(1);
    const running = await listen(setup.pages);
    const ctx = await context();
    try {
      const page = await ctx.newPage();
      const { token } = await setup.board.signIn.createLink('team', setup.memberId);
      await signInTeam(page, `${running.url}/sign-in/link?token=${token}`);
      await page.goto(`${running.url}/dashboard/mail`);
      const row = page.locator('table.attempts tbody tr');
      expect(await row.allTextContents()).toEqual([expect.stringContaining('fan@example.com')]);
      expect(await row.textContent()).toContain('Recipient address rejected');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'pages-dashboard-mail-failed');
    } finally {
      await ctx.close();
      await running.close();
    }
  }, 60_000);
});
