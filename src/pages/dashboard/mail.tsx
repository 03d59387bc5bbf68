/**
 * The dashboard's mail page: whether the pages can send e-mail, and a "Send a test e-mail" button
 * that mails the signed-in team member and shows the result on the page: success, or the mail
 * server's own error text. A broken SMTP setup is then seen by the team, not only by voters who
 * never get their sign-in links. A mailer that only prints (`serve` without `--smtp`) is said to
 * be one: mail is not set up, and the test mail is printed, not sent.
 */
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { dashPage } from './frame.js';
import { FollowerMailSection, followerMailState } from './mail-followers.js';

/** What the last test mail did, shown once in the answer to the button. */
export type TestMailResult = { ok: true; to: string; printed: boolean } | { ok: false; to: string; error: string };

/** The longest error text shown (a mail server's answer can be long). */
const ERROR_SHOWN = 500;

/** The error text of a failed send: its message, cut to {@link ERROR_SHOWN} characters. */
export function sendErrorText(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).trim() || 'The mail server refused the message without saying why.';
  return text.length > ERROR_SHOWN ? `${text.slice(0, ERROR_SHOWN)}…` : text;
}

/** The Mail page: the test e-mail (with the last result), the follower mail settings and the failed mail. */
export async function mailPage(ctx: PageContext, result?: TestMailResult): Promise<Response> {
  const mailer = ctx.options.mailer;
  const printsOnly = mailer?.printsOnly === true;
  const followers = await followerMailState(ctx);
  return dashPage(
    ctx,
    'mail',
    'Mail',
    <>
      <h1>Mail</h1>
      {printsOnly ? (
        <div class="notice" role="status">
          <p>
            <strong>Mail is not set up.</strong> This server sends no e-mail: it prints sign-in links and every other mail on the terminal where it
            runs. Mail to followers waits in its queue and is not sent.
          </p>
          <p>
            To send mail, start <code>feedback-board serve</code> with <code>--smtp smtp://user:password@host:port</code>.
          </p>
        </div>
      ) : null}
      {result ? (
        result.ok ? (
          result.printed ? (
            <div class="notice" role="status">
              The test e-mail to <code>{result.to}</code> was printed on the server's terminal, not sent: mail is not set up.
            </div>
          ) : (
            <div class="notice ok" role="status">
              A test e-mail was sent to <code>{result.to}</code>. If it does not arrive, look in its spam folder.
            </div>
          )
        ) : (
          <div class="notice error" role="alert">
            <p>
              The test e-mail to <code>{result.to}</code> could not be sent. The mail server said:
            </p>
            <pre class="send-error">{result.error}</pre>
          </div>
        )
      ) : null}
      <PostForm ctx={ctx} action="/dashboard/mail/test" class="card" label="Send a test e-mail">
        <h2 class="h3">Test e-mail</h2>
        {printsOnly ? (
          <p class="muted">
            Prints a short test e-mail to your own address, <code>{ctx.member?.email}</code>, on the server's terminal. Nothing is sent.
          </p>
        ) : mailer ? (
          <p class="muted">
            Sends a short e-mail to your own address, <code>{ctx.member?.email}</code>, through the configured mailer, and shows here whether it
            was accepted.
          </p>
        ) : (
          <p class="muted">No mailer is configured: these pages send no e-mail (sign-in links are unavailable).</p>
        )}
        <button type="submit" disabled={!mailer}>
          {printsOnly ? 'Print a test e-mail on the terminal' : 'Send a test e-mail'}
        </button>
      </PostForm>
      <FollowerMailSection ctx={ctx} state={followers} />
    </>,
  );
}

/** Sends the test mail to the signed-in member and answers with the page showing the result. */
export async function testMailAction(ctx: PageContext): Promise<Response> {
  const mailer = ctx.options.mailer;
  const to = ctx.member?.email;
  if (!mailer || !to) return mailPage(ctx);
  try {
    await mailer.send({
      kind: 'test',
      to,
      subject: `[${ctx.siteName}] Test e-mail`,
      text: `This is a test e-mail from the ${ctx.siteName} dashboard (${ctx.origin}${ctx.href('/dashboard/mail')}).\n\nIf you read this, mail from the feedback pages reaches you.`,
    });
    return mailPage(ctx, { ok: true, to, printed: mailer.printsOnly === true });
  } catch (error) {
    return mailPage(ctx, { ok: false, to, error: sendErrorText(error) });
  }
}
