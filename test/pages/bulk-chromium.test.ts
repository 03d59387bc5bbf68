/**
 * Bulk actions in real headless Chromium, by keyboard: the team ticks posts with Space, chooses a
 * status, asks to mail the followers, reviews the confirmation page (what will happen, counted) and
 * confirms; the posts show the status. axe-core on the list and the confirmation; screenshots to
 * docs/images/. Then a whole page of 50 posts selected at once, moved with "mail the followers":
 * through a real SMTP receiver, each follower gets exactly one mail per post they follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { smtpForFile } from '../helpers/smtp.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { ORIGIN, setupPages, type PagesSetup } from './helpers.js';

const mail = smtpForFile();

const skipReason = chromiumSkipReason('test/pages/bulk-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`bulk actions in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;
  const ids: number[] = [];

  beforeAll(async () => {
    setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    for (const title of ['Offline mode', 'Calendar sync', 'Two-factor sign-in']) ids.push((await api.posts.create('features', { title })).id);
    const ann = await setup.board.voters.register(setup.orgId, { email: 'ann@example.com', name: 'Ann' });
    for (const id of ids) await setup.board.voters.follow(ann.id, id);
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  it('selects posts by keyboard, confirms what will happen, and moves them', async () => {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    await page.goto(`${origin}/dashboard/posts?board=features`);
    for (const title of ['Offline mode', 'Two-factor sign-in']) {
      await page.getByLabel(`Select ${title}`).focus();
      await page.keyboard.press('Space');
    }
    await page.getByLabel('Action', { exact: true }).selectOption('status');
    await page.getByLabel('Status (for a status change)').selectOption({ label: 'Shipped' });
    await page.getByLabel('Mail the followers of each post (a status change)').focus();
    await page.keyboard.press('Space');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-bulk-select');
    await page.getByRole('button', { name: 'Review…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Move 2 posts to Shipped and send 2 mails to their followers. One mail per follower and post.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-bulk-confirm');
    await page.getByRole('button', { name: 'Move 2 posts to Shipped and send 2 mails to their followers' }).click();
    await page.waitForURL(/\/dashboard\/posts\?board=features&notice=saved$/);
    const team = setup.board.team(setup.orgId).api;
    expect((await team.posts.get('features', ids[0]!)).status).toBe('shipped');
    expect((await team.posts.get('features', ids[1]!)).status).toBe('open');
    expect((await team.posts.get('features', ids[2]!)).status).toBe('shipped');
    await page.context().close();
  }, 60_000);

  it('moves a page of 50 posts at once with mail: each follower gets one mail per post they follow', async () => {
    const fifty = await setupPages();
    const api = await fifty.board.api(fifty.writeKey);
    await fifty.board.team(fifty.orgId).api.boards.create({ slug: 'ideas', name: 'Ideas' });
    const posted: number[] = [];
    for (let i = 0; i < 50; i++) posted.push((await api.posts.create('ideas', { title: `Idea ${i}` })).id);
    const ann = await fifty.board.voters.register(fifty.orgId, { email: 'ann@example.com', name: 'Ann' });
    const ben = await fifty.board.voters.register(fifty.orgId, { email: 'ben@example.com', name: 'Ben' });
    for (const [i, id] of posted.entries()) {
      await fifty.board.voters.follow(ann.id, id);
      if (i % 2 === 0) await fifty.board.voters.follow(ben.id, id);
    }
    const served50 = await pagesInChromium(fifty.pages);
    try {
      const page = await (await served50.browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
      const { token } = await fifty.board.signIn.createLink('team', fifty.memberId);
      await signInTeam(page, `${served50.origin}/sign-in/link?token=${token}`);
      await page.goto(`${served50.origin}/dashboard/posts?board=ideas`);
      await page.getByLabel('Select all on this page').focus();
      await page.keyboard.press('Space');
      await page.getByLabel('Status (for a status change)').selectOption({ label: 'Shipped' });
      await page.getByLabel('Mail the followers of each post (a status change)').check();
      await page.getByRole('button', { name: 'Review…' }).click();
      const confirm = 'Move 50 posts to Shipped and send 75 mails to their followers';
      await page.getByText(`${confirm}. One mail per follower and post.`).waitFor();
      await page.getByRole('button', { name: confirm }).click();
      await page.waitForURL(/\/dashboard\/posts\?board=ideas&notice=saved$/);
      const team = fifty.board.team(fifty.orgId).api;
      for (const id of posted) expect((await team.posts.get('ideas', id)).status).toBe('shipped');

      const before = mail.receiver.messages.length;
      fifty.clock.advance(60 * 60_000);
      const sender = createFollowerMailSender(fifty.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: fifty.clock });
      await sender.sendDue();
      // A second run finds nothing left to send.
      await sender.sendDue();
      const subjects = (to: string) => mail.receiver.messages.slice(before).filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*)$/m.exec(m.text)?.[1]);
      expect(subjects('ann@example.com')).toHaveLength(50);
      expect(new Set(subjects('ann@example.com')).size).toBe(50);
      expect(subjects('ben@example.com')).toHaveLength(25);
      expect(new Set(subjects('ben@example.com')).size).toBe(25);
      expect(subjects('ben@example.com')).toContain('[Acme] Idea 48: now Shipped');
      expect(subjects('ben@example.com')).not.toContain('[Acme] Idea 49: now Shipped');
      await page.context().close();
    } finally {
      await served50.close();
    }
  }, 120_000);
});
