/**
 * A real SMTP receiver for the browser tests (the `smtp-server` package): accepts any login
 * without TLS on 127.0.0.1 and keeps each message's recipients and decoded text.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createSmtpMailer, type SmtpMailer } from '../../src/mail/smtp.js';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
  /** The message exactly as received (latin1 characters for its bytes). */
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` whose text matches `pattern`, among those from index `since` on. */
  waitFor(to: string, pattern: RegExp, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('latin1');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    messages,
    async waitFor(to, pattern, since = 0) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const found = messages.slice(since).find((m) => m.to.includes(to) && pattern.test(m.text));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to} matching ${pattern}; got ${JSON.stringify(messages.map((m) => m.to))}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP receiver and a mailer that sends to it, shared by the tests of one file. */
export interface FileSmtp {
  readonly receiver: SmtpReceiver;
  readonly mailer: SmtpMailer;
}

/**
 * Starts an SMTP receiver and a mailer sending to it (from `from`) before the calling file's
 * tests, and closes both after them. Read `receiver` and `mailer` inside tests and hooks: they
 * exist once the file's `beforeAll` has run.
 */
export function smtpForFile(from = 'board@acme.test'): FileSmtp {
  let receiver: SmtpReceiver | undefined;
  let mailer: SmtpMailer | undefined;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    mailer = createSmtpMailer(receiver.url, { from });
  });
  afterAll(async () => {
    mailer?.close();
    await receiver?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('smtpForFile: the SMTP receiver starts in beforeAll; read it inside a test or hook');
    return value;
  };
  return {
    get receiver() {
      return started(receiver);
    },
    get mailer() {
      return started(mailer);
    },
  };
}
