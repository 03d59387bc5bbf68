/**
 * Images on the team's dashboard in real headless Chromium against `feedback-board serve`: a voter
 * attaches a screenshot to an idea, the team hides the post and answers with an image of its own
 * from the dashboard's comment form; the team's post page shows both as thumbnails the browser
 * decodes (`naturalWidth` > 0), each linking to its original, while the public gets 404 for both
 * images, at the dashboard's paths and at the public ones. axe-core on the page; screenshot to
 * docs/images/dashboard-post-images.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { image } from '../helpers/images.js';
import { axeViolations, servePages, shot, signInByMail, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/dashboard-images-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`images on the dashboard in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  const files = mkdtempSync(join(tmpdir(), 'fb-dashboard-images-'));

  beforeAll(async () => {
    writeFileSync(join(files, 'settings-screen.png'), await image('png', 800, 500));
    writeFileSync(join(files, 'mock-up.png'), await image('png', 300, 300));
    served = await servePages();
  });

  afterAll(async () => {
    await served?.close();
    rmSync(files, { recursive: true, force: true });
  });

  it("shows a hidden post's images to the team as thumbnails linking to their originals; the public gets 404", async () => {
    const { browser, server, smtp, teamLink, writeKey } = served!;
    const voterContext = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const voter = await voterContext.newPage();
    await signInByMail(voter, smtp, `${server.url}/sign-in`, 'reporter@example.com');
    await voter.goto(`${server.url}/boards/demo/ideas/new`);
    await voter.getByLabel('Your idea, in a sentence').fill('Settings screen cuts off the save button');
    await voter.getByLabel('Images (optional)').setInputFiles(join(files, 'settings-screen.png'));
    await voter.getByRole('button', { name: /Submit idea|Post my idea anyway/ }).click();
    await voter.waitForURL(/\/boards\/demo\/posts\/\d+\?notice=submitted/);
    const id = Number(/\/posts\/(\d+)/.exec(voter.url())![1]);
    await voterContext.close();

    // bypassCSP only so that axe-core can be injected.
    const teamContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 900 } });
    const team = await teamContext.newPage();
    await signInTeam(team, teamLink);
    await team.goto(`${server.url}/dashboard/posts/${id}`);
    await team.getByRole('button', { name: 'Hide from the public' }).click();
    await team.waitForURL(/notice=saved/);
    await team.locator('#team-comment').fill('Thanks, we see it. This is the fixed layout:');
    await team.locator('#team-comment-images').setInputFiles(join(files, 'mock-up.png'));
    await team.getByRole('button', { name: 'Post team comment' }).click();
    await team.waitForURL(/notice=commented/);

    await team.waitForFunction(() => [...document.querySelectorAll('main ul.attachments img')].every((img) => (img as HTMLImageElement).complete));
    const shown = await team.$$eval('main ul.attachments a', (links) =>
      links.map((a) => {
        const img = a.querySelector('img') as HTMLImageElement;
        return { href: a.getAttribute('href')!, alt: img.alt, natural: img.naturalWidth, width: Number(img.getAttribute('width')), height: Number(img.getAttribute('height')) };
      }),
    );
    expect(shown.map(({ alt, width, height }) => [alt, width, height])).toEqual([
      ['settings-screen.png', 320, 200],
      ['mock-up.png', 300, 300],
    ]);
    for (const { href, natural, alt } of shown) {
      expect(href, alt).toMatch(/^\/dashboard\/attachments\/\d+\/[0-9a-f]{64}\.png$/);
      expect(natural, alt).toBeGreaterThan(0);
      expect((await team.request.get(`${server.url}${href}`)).status(), alt).toBe(200);
    }
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'dashboard-post-images');

    const post = await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey);
    const publicUrls = (post.json.attachments as { url: string }[]).map((a) => a.url);
    expect(publicUrls).toHaveLength(1);
    const visitor = await browser.newContext();
    for (const url of [...publicUrls, ...shown.map(({ href }) => `${server.url}${href}`), ...shown.map(({ href }) => `${server.url}${href.slice('/dashboard'.length)}`)]) {
      expect((await visitor.request.get(url)).status(), url).toBe(404);
    }
    await visitor.close();
    await teamContext.close();
  }, 90_000);
});
