/**
 * What the Chromium tests of the pages share: a headless Chromium, a `feedback-board serve` of the
 * demo organization (its keys and team sign-in link read from its output, its mail sent to a real
 * SMTP receiver), signing a page in as the team or as a voter by the mailed link, axe-core's
 * serious and critical violations of a page, and screenshots into docs/images/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { listen } from '../../src/node/listen.js';
import type { PagesHandler } from '../../src/pages/index.js';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { launchBrowser, serve } from '../helpers/chromium.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

let axeServed: Promise<string> | undefined;

/**
 * The URL of axe-core, served by this worker on 127.0.0.1 for as long as it lives, as its
 * Chromium is (any page's origin may load it as a script). Loaded by URL rather than sent as the
 * script's text, axe-core took 250 ms instead of 450 ms to add to a page, and its runs 100 ms
 * instead of 150 ms: the text left 550 KB in the page's DOM for every run to walk.
 */
function axeUrl(): Promise<string> {
  axeServed ??= serve({ '/axe.min.js': { type: 'text/javascript; charset=utf-8', body: AXE } }).then(({ origin }) => `${origin}/axe.min.js`);
  return axeServed;
}

/** Serious and critical axe-core violations of the page, as `rule: targets` (the page's context must bypass CSP). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: await axeUrl() });
  const violations = await page.evaluate(async () => {
    type Results = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(options: { resultTypes: string[] }): Promise<Results> } }).axe;
    // Every node of every violation, and no selectors built for the rules' passes (a sixth of a run).
    return (await axe.run({ resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A full-page screenshot as docs/images/{name}.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  await page.screenshot({ path: `${IMAGES}${name}.png`, fullPage: true });
}

/**
 * Opens the link mailed to `email` (after message number `before`) and presses "Sign in"; the
 * page is then wherever the link returns it.
 */
export async function useMailedLink(page: Page, smtp: SmtpReceiver, email: string, before: number): Promise<void> {
  const mail = await smtp.waitFor(email, /sign-in\/link\?token=/, before);
  const link = /(http:\/\/\S+sign-in\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.waitForURL(/notice=signed_in/);
}

/** Asks for a sign-in link for `email` on the sign-in page `signInUrl`, and uses it. */
export async function signInByMail(page: Page, smtp: SmtpReceiver, signInUrl: string, email: string): Promise<void> {
  const before = smtp.messages.length;
  await page.goto(signInUrl);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  await useMailedLink(page, smtp, email, before);
}

/** Headless Chromium, this test worker's (see launchBrowser in test/helpers/chromium.ts). */
export { launchBrowser };

/** A pages handler of this process on a real HTTP server (127.0.0.1, a free port), and a Chromium to use it with. */
export interface PagesInChromium {
  origin: string;
  browser: Browser;
  /** Closes Chromium and the server. */
  close(): Promise<void>;
}

/** Serves `pages` over HTTP and launches Chromium; whatever fails on the way, what was started is stopped again. */
export async function pagesInChromium(pages: PagesHandler): Promise<PagesInChromium> {
  const server = await listen(pages, { port: 0, host: '127.0.0.1' });
  try {
    const browser = await launchBrowser();
    return {
      origin: `http://127.0.0.1:${server.port}`,
      browser,
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Opens a one-time sign-in `link` of a team member (as `serve` prints it, or one made by
 * `board.signIn.createLink`), presses "Sign in" and waits for the page it lands on (`landing`).
 */
export async function signInTeam(page: Page, link: string, landing: RegExp = /notice=signed_in/): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await page.waitForURL(landing);
}

/** A `feedback-board serve` of the demo organization on memory storage, and a Chromium to use it with. */
export interface ServedPages {
  server: Server;
  browser: Browser;
  /** The receiver `serve` mails to (with `smtp: 'receiver'`; reading it otherwise throws). */
  readonly smtp: SmtpReceiver;
  writeKey: string;
  proposeKey: string;
  /** The team member's one-time sign-in link `serve` printed. */
  teamLink: string;
  /** Closes Chromium, stops `serve` and the receiver, removes the working folder. */
  close(): Promise<void>;
}

/**
 * Starts `serve --memory` with `args`, its mail going to a new SMTP receiver (`smtp: 'receiver'`,
 * the default), to `smtp` (an smtp:// URL) or nowhere (`null`), reads its keys and team link, and
 * launches Chromium. Whatever fails on the way, what was started is stopped again.
 */
export async function servePages(options: { args?: string[]; smtp?: 'receiver' | string | null } = {}): Promise<ServedPages> {
  const dir = workDir();
  const smtpOption = options.smtp === undefined ? 'receiver' : options.smtp;
  const receiver = smtpOption === 'receiver' ? await startSmtpReceiver() : null;
  const smtpUrl = receiver?.url ?? smtpOption;
  let server: Server | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    if (server?.child.exitCode === null) await server.stop();
    await receiver?.close();
    dir.remove();
  };
  try {
    server = await startServe(['--port', '0', '--memory', ...(smtpUrl === null ? [] : ['--smtp', smtpUrl]), ...(options.args ?? [])], dir.dir);
    const writeKey = (await waitForLine(server, /^write key:\s+(\S+)$/))[1]!;
    const proposeKey = (await waitForLine(server, /^propose key:\s+(\S+)$/))[1]!;
    const teamLink = (await waitForLine(server, /^team sign-in: (http:\/\/\S+)$/))[1]!;
    browser = await launchBrowser();
    return {
      server,
      browser,
      get smtp(): SmtpReceiver {
        if (receiver === null) throw new Error('serve was started without an SMTP receiver');
        return receiver;
      },
      writeKey,
      proposeKey,
      teamLink,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
