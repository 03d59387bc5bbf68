/**
 * Comments edited and deleted, and @mentions, end to end in real headless Chromium against
 * `feedback-board serve --smtp` and a real SMTP receiver: a voter who voted for a post is
 * mentioned by address in another voter's comment and mailed; they reply; the writer edits the
 * comment and then deletes it; the mentioned voter sees "removed" with their reply still there.
 * axe-core on the post page with the edit form open. Screenshots to docs/images/
 * (pages-comment-edit.png, pages-comment-removed.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { call } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, servePages, shot, signInByMail, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/chromium-comment-edits.test.ts');

describe.skipIf(skipReason !== undefined)(`comments edited and deleted in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages;

  beforeAll(async () => {
    served = await servePages();
  });

  afterAll(async () => {
    await served?.close();
  });

  const context = (): Promise<BrowserContext> => served.browser.newContext({ bypassCSP: true, viewport: { width: 1000, height: 900 } });

  it('a voter edits and deletes their comment; the mentioned voter is mailed and keeps their reply', async () => {
    const { server, smtp, writeKey } = served;
    const posts = (await call(server.api, 'GET', '/boards/demo/posts?limit=500', writeKey)).json.posts as { id: number; title: string }[];
    const post = posts.find((p) => p.title === 'Slack notifications')!;
    const url = `${server.url}/boards/demo/posts/${post.id}`;

    const bobContext = await context();
    const bob = await bobContext.newPage();
    await signInByMail(bob, smtp, `${server.url}/sign-in`, 'bob@example.com');
    await bob.goto(url);
    await bob.locator('.votes').first().getByRole('button').first().click();
    await bob.getByText('Your vote was counted.').waitFor();

    const annContext = await context();
    const ann = await annContext.newPage();
    await signInByMail(ann, smtp, `${server.url}/sign-in`, 'ann@example.com');
    await ann.goto(url);
    await ann.getByLabel('Your comment').fill('Could this post to a channel per board? @bob@example.com, you asked for this too.');
    await ann.getByRole('button', { name: 'Post comment' }).click();
    await ann.getByText('Your comment was posted.').waitFor();

    const mail = await smtp.waitFor('bob@example.com', /mentioned you/);
    expect(mail.text).toContain('Could this post to a channel per board?');
    expect(mail.text).toMatch(/^List-Unsubscribe:/m);

    await bob.goto(url);
    const annComment = bob.locator('li.comment', { hasText: 'Could this post to a channel per board?' });
    await annComment.getByText('Reply', { exact: true }).click();
    await annComment.getByLabel('Your reply').fill('Yes, one channel per board would be perfect.');
    await annComment.getByRole('button', { name: 'Post reply' }).click();
    await bob.getByText('Your comment was posted.').waitFor();
    // Bob sees no edit or delete on Ann's comment.
    await bob.goto(url);
    expect(await bob.locator('li.comment', { hasText: 'Could this post' }).first().locator(':scope > .own-comment').count()).toBe(0);

    await ann.goto(url);
    const own = ann.locator('li.comment', { hasText: 'Could this post to a channel per board?' }).first();
    await own.locator(':scope > .own-comment summary', { hasText: 'Edit' }).click();
    await own.getByLabel('Edit your comment').fill('Could this post to one channel per board? @bob@example.com asked too.');
    expect(await axeViolations(ann)).toEqual([]);
    await shot(ann, 'pages-comment-edit');
    await own.getByRole('button', { name: 'Save changes' }).click();
    await ann.getByText('Your comment was changed.').waitFor();
    await ann.getByText('(edited)').waitFor();

    const edited = ann.locator('li.comment', { hasText: 'one channel per board?' }).first();
    await edited.locator(':scope > .own-comment summary', { hasText: 'Delete' }).click();
    await edited.getByRole('button', { name: 'Delete this comment' }).click();
    await ann.getByText('Your comment was deleted.').waitFor();

    await bob.goto(url);
    await bob.getByText('This comment was removed.').waitFor();
    await bob.locator('.markdown').getByText('Yes, one channel per board would be perfect.').waitFor();
    expect(await bob.getByText('one channel per board?').count()).toBe(0);
    expect(await axeViolations(bob)).toEqual([]);
    await shot(bob, 'pages-comment-removed');
    for (const c of [annContext, bobContext]) await c.close();
  }, 120_000);
});
