/**
 * The mailer of `serve` without `--smtp`: it sends nothing, says so (`printsOnly`), and prints one
 * line per mail naming what it is: a sign-in link to open, or any other mail by its subject with
 * "not sent". Text that came from a request or a post cannot write control sequences to the
 * terminal.
 */
import { describe, expect, it } from 'vitest';
import { printingMailer } from '../../cli/pages.js';
import type { MailMessage } from '../../src/mail/mailer.js';

function printed(messages: MailMessage[]): Promise<string[]> {
  const lines: string[] = [];
  const mailer = printingMailer((line) => lines.push(line));
  expect(mailer.printsOnly).toBe(true);
  return Promise.all(messages.map((message) => mailer.send(message))).then(() => lines);
}

describe('the printing mailer', () => {
  it('names each mail: a sign-in link to open, anything else by its subject, not sent', async () => {
    expect(
      await printed([
        { kind: 'sign-in', to: 'ada@example.com', subject: 'Sign in', text: 'Open http://127.0.0.1:8787/sign-in/link?token=abc to sign in.' },
        { kind: 'test', to: 'team@localhost', subject: '[Demo] Test e-mail', text: 'This is a test e-mail.' },
        { kind: 'follower', to: 'bo@example.com', subject: '[Demo] Dark mode: Shipped', text: 'News of http://127.0.0.1:8787/boards/demo/posts/2' },
        { kind: 'rejection', to: 'cy@example.com', subject: '[Demo] Your post was not approved: Spam', text: 'Hello' },
        { kind: 'status', to: 'di@example.com', subject: '[Demo] Dark mode: Planned', text: 'Hello' },
        { to: 'ed@example.com', subject: 'Something of the application', text: 'Hello' },
      ]),
    ).toEqual([
      'sign-in link for ada@example.com: http://127.0.0.1:8787/sign-in/link?token=abc',
      'test mail for team@localhost, not sent (no --smtp): "[Demo] Test e-mail"',
      'follower mail for bo@example.com, not sent (no --smtp): "[Demo] Dark mode: Shipped"',
      'rejection mail for cy@example.com, not sent (no --smtp): "[Demo] Your post was not approved: Spam"',
      'status mail for di@example.com, not sent (no --smtp): "[Demo] Dark mode: Planned"',
      'mail for ed@example.com, not sent (no --smtp): "Something of the application"',
    ]);
  });

  it('writes no control character or direction override of an address or a subject to the terminal', async () => {
    const [link, mail] = await printed([
      { kind: 'sign-in', to: 'a\u001b[2J@example.com', subject: 'Sign in', text: 'http://127.0.0.1/sign-in/link?token=abc' },
      { kind: 'rejection', to: 'b@example.com', subject: 'Title \u001b]0;owned\u0007 \u202eevil\r\nforged line', text: '' },
    ]);
    expect(link).toBe('sign-in link for a?[2J@example.com: http://127.0.0.1/sign-in/link?token=abc');
    expect(mail).toBe('rejection mail for b@example.com, not sent (no --smtp): "Title ?]0;owned? ?evil??forged line"');
    for (const line of [link, mail]) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
  });
});
