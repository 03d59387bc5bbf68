/**
 * The dashboard's mail page with the real SMTP mailer: the test e-mail reaches a real SMTP
 * receiver; against a receiver that refuses every recipient, or a port nobody listens on, the page
 * shows the server's error. Only a signed-in team member with a valid CSRF token sends anything.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer } from '../../src/mail/smtp.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';
import { Client, setupPages, signInTeam, signInVoter } from './helpers.js';

/** An SMTP server that answers every recipient with 550. */
async function startRefusingReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable: relaying denied'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

describe('dashboard mail page', () => {
  it('sends a test e-mail to the signed-in team member through SMTP and says so', async () => {
    const mailer = createSmtpMailer(smtp.url, { from: 'board@example.com' });
    try {
      const setup = await setupPages({ mailer });
      const client = new Client(setup.pages);
      await signInTeam(setup, client);
      const page = await client.get('/dashboard/mail');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Send a test e-mail');
      expect(page.text).toContain('href="/dashboard/mail" aria-current="page"');
      const before = smtp.messages.length;
      const sent = await client.post('/dashboard/mail/test');
      expect(sent.status).toBe(200);
      expect(sent.text).toContain('A test e-mail was sent to <code>lead@acme.test</code>');
      const mail = await smtp.waitFor('lead@acme.test', /Test e-mail/, before);
      expect(mail.text).toContain('Subject: [Acme] Test e-mail');
      expect(smtp.messages.length).toBe(before + 1);
    } finally {
      mailer.close();
    }
  });

  it('shows the mail server\'s error when it refuses the recipient', async () => {
    const refusing = await startRefusingReceiver();
    const mailer = createSmtpMailer(refusing.url);
    try {
      const setup = await setupPages({ mailer });
      const client = new Client(setup.pages);
      await signInTeam(setup, client);
      await client.get('/dashboard/mail');
      const answer = await client.post('/dashboard/mail/test');
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('could not be sent');
      expect(answer.text).toMatch(/<pre class="send-error">[^<]*550[^<]*Mailbox unavailable: relaying denied/);
      expect(answer.text).not.toContain('A test e-mail was sent');
    } finally {
      mailer.close();
      await refusing.close();
    }
  });

  it('shows the connection error when no mail server listens', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`);
    try {
      const setup = await setupPages({ mailer });
      const client = new Client(setup.pages);
      await signInTeam(setup, client);
      await client.get('/dashboard/mail');
      const answer = await client.post('/dashboard/mail/test');
      expect(answer.text).toMatch(/<pre class="send-error">[^<]*ECONNREFUSED/);
    } finally {
      mailer.close();
    }
  });

  it('without a mailer: says so, the button is off, and a post sends nothing', async () => {
    const setup = await setupPages({ mailer: undefined });
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const page = await client.get('/dashboard/mail');
    expect(page.text).toContain('No mailer is configured');
    expect(page.text).toMatch(/<button type="submit" disabled="">Send a test e-mail/);
    const answer = await client.post('/dashboard/mail/test');
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/was sent|could not be sent/);
  });

  it('sends nothing without the CSRF token, to a voter or to a visitor', async () => {
    const setup = await setupPages();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await team.get('/dashboard/mail');
    expect((await team.post('/dashboard/mail/test', {}, { csrf: '' })).status).toBe(403);
    const voter = new Client(setup.pages);
    await signInVoter(setup, voter);
    const before = setup.mailer.messages.length;
    expect((await voter.post('/dashboard/mail/test')).status).toBe(401);
    const visitor = new Client(setup.pages);
    expect((await visitor.post('/dashboard/mail/test', {}, { csrf: 'forged' })).status).toBe(401);
    expect(setup.mailer.messages.length).toBe(before);
    expect(setup.mailer.messages.some((m) => m.subject.endsWith('Test e-mail'))).toBe(false);
  });
});
