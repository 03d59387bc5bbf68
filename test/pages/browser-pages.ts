/**
 * What the Chromium tests of the voter's pages share: axe-core's serious and critical violations
 * of a page, screenshots into docs/images/, and signing in through the link a real SMTP receiver
 * got from `feedback-board serve`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { SmtpReceiver } from '../helpers/smtp.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

/** Serious and critical axe-core violations of the page, as `rule: targets` (the page's context must bypass CSP). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
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
