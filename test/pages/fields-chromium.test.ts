/**
 * A board's custom fields in real headless Chromium: the team adds a required text field, a
 * number and a choice on the board's Fields page; a voter submits an idea, first with the required
 * field left blank (spaces: the browser's own check lets them through, the service's does not), the
 * error shown next to it and nothing stored, then filled in; the values show on the post's page and
 * on the dashboard's page of the post; the team removes the choice through the confirmation that
 * says how many posts lose a value. axe-core on every page; screenshots to docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { snapshot } from '../helpers/state.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/fields-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`custom fields in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;

  beforeAll(async () => {
    setup = await setupPages();
    // A board of its own, without the hostile content of the shared set-up, for the screenshots.
    await (await setup.board.api(setup.writeKey)).boards.create({ slug: 'billing', name: 'Billing', description: 'Invoices, plans and payments.' });
    await setup.board.team(setup.orgId).boards.setPublished('billing', true);
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  async function teamPage(): Promise<Page> {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    return page;
  }

  async function voterPage(): Promise<Page> {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 900, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createVoterLink(setup.orgId, 'ada@example.com');
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    return page;
  }

  it('the team adds fields, a voter fills them in after a refusal, and both post pages show the values', async () => {
    const team = await teamPage();
    await team.goto(`${origin}/dashboard/boards`);
    await team.getByRole('row', { name: /Billing/ }).getByRole('link', { name: 'Fields' }).click();
    await team.waitForURL(/\/dashboard\/boards\/billing\/fields$/);
    const add = team.getByRole('form', { name: 'Add a field' });
    const addField = async (label: string, key: string, type: string, options: string, required: boolean) => {
      await add.getByLabel('Label').fill(label);
      await add.getByLabel('Key').fill(key);
      await add.getByLabel('Type').selectOption(type);
      await add.getByLabel('Options of a choice').fill(options);
      if (required) await add.getByLabel(/Required/).check();
      await add.getByRole('button', { name: 'Add field' }).click();
      await team.waitForURL(/notice=saved/);
    };
    await addField('Company', 'company', 'text', '', true);
    await addField('Seats', 'seats', 'number', '', false);
    await addField('Plan', 'plan', 'choice', 'Free\nPro\nEnterprise', false);
    expect(await team.locator('tbody tr td:first-child strong').allTextContents()).toEqual(['Company', 'Seats', 'Plan']);
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'dashboard-fields');
    const api = setup.board.team(setup.orgId).api;
    expect((await api.fields.list('billing')).fields.map((f) => [f.key, f.type, f.required])).toEqual([
      ['company', 'text', true],
      ['seats', 'number', false],
      ['plan', 'choice', false],
    ]);

    const voter = await voterPage();
    await voter.goto(`${origin}/boards/billing/ideas/new`);
    await voter.getByLabel('Your idea, in a sentence').fill('Usage reports per seat');
    // Spaces satisfy the browser's check of a required input; the service trims them to nothing.
    await voter.getByLabel(/^Company/).fill('   ');
    await voter.getByLabel('Seats').fill('12');
    await voter.getByLabel('Plan').selectOption('Pro');
    const before = await snapshot(setup.board);
    await voter.getByRole('button', { name: 'Submit idea' }).click();
    await voter.getByText('Your idea was not posted: please check the field marked below.').waitFor();
    const company = voter.getByLabel(/^Company/);
    expect(await company.getAttribute('aria-invalid')).toBe('true');
    expect(await voter.locator('#idea-field-company-error').textContent()).toBe('This is required.');
    expect(await company.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)).toBe('Company (required)');
    // What was typed is kept.
    expect(await voter.getByLabel('Your idea, in a sentence').inputValue()).toBe('Usage reports per seat');
    expect(await voter.getByLabel('Seats').inputValue()).toBe('12');
    expect(await voter.getByLabel('Plan').inputValue()).toBe('Pro');
    expect(await snapshot(setup.board)).toEqual(before);
    expect(await axeViolations(voter)).toEqual([]);
    await shot(voter, 'pages-submit-fields');

    await company.fill('Initech');
    await voter.getByRole('button', { name: 'Submit idea' }).click();
    await voter.waitForURL(/\/boards\/billing\/posts\/\d+\?notice=submitted$/);
    const id = Number(/posts\/(\d+)/.exec(voter.url())![1]);
    expect((await api.posts.get('billing', id)).fields).toEqual({ company: 'Initech', seats: 12, plan: 'Pro' });
    const shown = async (page: Page) => page.locator('dl.post-fields div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(await shown(voter)).toEqual([
      ['Company', 'Initech'],
      ['Seats', '12'],
      ['Plan', 'Pro'],
    ]);
    expect(await axeViolations(voter)).toEqual([]);
    await shot(voter, 'pages-post-fields');

    await team.goto(`${origin}/dashboard/posts/${id}`);
    expect(await shown(team)).toEqual([
      ['Company', 'Initech'],
      ['Seats', '12'],
      ['Plan', 'Pro'],
    ]);
    expect(await axeViolations(team)).toEqual([]);
    await voter.context().close();
    await team.context().close();
  }, 120_000);

  it('the team removes a field through the confirmation that says how many posts lose a value', async () => {
    const api = setup.board.team(setup.orgId).api;
    const posts = (await api.posts.list('billing', { limit: '100' })).posts.filter((p) => p.fields.plan !== undefined);
    expect(posts.length).toBe(1);
    const team = await teamPage();
    await team.goto(`${origin}/dashboard/boards/billing/fields`);
    await team.getByRole('link', { name: 'Remove Plan' }).click();
    await team.getByText('1 post has a value for Plan; removing it deletes those values.').waitFor();
    expect(await axeViolations(team)).toEqual([]);
    await team.getByRole('button', { name: 'Remove Plan and its values on 1 post' }).click();
    await team.waitForURL(/\/dashboard\/boards\/billing\/fields\?notice=saved$/);
    expect(await team.locator('tbody tr td:first-child strong').allTextContents()).toEqual(['Company', 'Seats']);
    expect((await api.posts.get('billing', posts[0]!.id)).fields).toEqual({ company: 'Initech', seats: 12 });
    await team.context().close();
  }, 60_000);
});
