/**
 * A server whose mailer only prints (`serve` without `--smtp`): the sign-in page says the link is
 * printed on the server's terminal, before and after the form is sent, not "check your inbox" (in
 * every language); the dashboard's
 * Mail page says that mail is not set up and that follower mail waits unsent; the test button
 * says it prints, and its answer says the mail was printed, not sent. A mailer that sends keeps
 * the ordinary words.
 */
import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/mail/mailer.js';
import { Client, setupPages, signInTeam } from './helpers.js';

/** A mailer that prints: it keeps what it was given, as the terminal would show it. */
function printingMailer(): Mailer & { printed: MailMessage[] } {
  const printed: MailMessage[] = [];
  return { printsOnly: true, printed, send: async (message) => void printed.push(message) };
}

const speaking = (language: string) => ({ headers: { 'accept-language': language } });

describe('a server whose mail is printed', () => {
  it('says where the sign-in link went, in the visitor\'s language', async () => {
    const mailer = printingMailer();
    const setup = await setupPages({ mailer });
    const expected: Record<string, string> = {
      en: 'No e-mail was sent: this server has no mail set up. If the address can sign in here, the sign-in link was printed on the terminal where the server runs',
      de: 'Es wurde keine E-Mail verschickt',
      es: 'No se envió ningún correo',
      ar: 'لم تُرسَل أي رسالة',
    };
    for (const [language, text] of Object.entries(expected)) {
      const client = new Client(setup.pages);
      const form = await client.request('GET', '/sign-in', speaking(language));
      expect(form.text, language).not.toMatch(/We e-mail you|Wir schicken Ihnen|Le enviamos|نرسل إليك/);
      const answer = await client.request('POST', '/sign-in', { form: { csrf: client.csrf, email: `${language}@example.com` }, ...speaking(language) });
      expect(answer.status, language).toBe(200);
      expect(answer.text, language).toContain(text);
      expect(answer.text, language).not.toContain('class="notice ok"');
      expect(answer.text, language).not.toMatch(/Check your inbox|Sehen Sie in Ihr Postfach|Revise su bandeja|تحقّق من بريدك/);
    }
    expect(mailer.printed.map((m) => [m.kind, m.to])).toEqual(['en', 'de', 'es', 'ar'].map((l) => ['sign-in', `${l}@example.com`]));
    const english = (await new Client(setup.pages).get('/sign-in')).text;
    expect(english).toContain('This server has no mail set up: the one-time link is printed on the terminal where the server runs.');
    expect(english).toContain('<button type="submit">Get a sign-in link</button>');
  });

  it('says "check your inbox" where mail is sent', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/sign-in');
    const answer = await client.post('/sign-in', { email: 'ada@example.com' });
    expect(answer.text).toContain('Check your inbox');
    expect(answer.text).toContain('We e-mail you a one-time link.');
    expect(answer.text).toContain('<button type="submit">E-mail me a sign-in link</button>');
    expect(answer.text).not.toContain('printed on the terminal');
    expect(setup.mailer.messages.at(-1)!.kind).toBe('sign-in');
  });

  it('tells the team on the Mail page that mail is not set up, and prints the test mail instead of sending it', async () => {
    const mailer = printingMailer();
    const setup = await setupPages({ mailer });
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const page = await client.get('/dashboard/mail');
    expect(page.text).toContain('<strong>Mail is not set up.</strong>');
    expect(page.text).toContain('Mail to followers waits in its queue and is not sent.');
    expect(page.text).toContain('<code>--smtp smtp://user:password@host:port</code>');
    expect(page.text).toContain('Print a test e-mail on the terminal');
    expect(page.text).not.toContain('Send a test e-mail</button>');
    const answer = await client.post('/dashboard/mail/test');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('The test e-mail to <code>lead@acme.test</code> was printed on the server&#39;s terminal, not sent: mail is not set up.');
    expect(answer.text).not.toContain('A test e-mail was sent');
    expect(mailer.printed).toEqual([expect.objectContaining({ kind: 'test', to: 'lead@acme.test', subject: '[Acme] Test e-mail' })]);
  });

  it('keeps the ordinary Mail page where mail is sent', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const page = await client.get('/dashboard/mail');
    expect(page.text).not.toContain('Mail is not set up');
    expect(page.text).toContain('Send a test e-mail</button>');
    expect((await client.post('/dashboard/mail/test')).text).toContain('A test e-mail was sent to <code>lead@acme.test</code>');
    expect(setup.mailer.messages.at(-1)).toMatchObject({ kind: 'test', to: 'lead@acme.test' });
  });
});
