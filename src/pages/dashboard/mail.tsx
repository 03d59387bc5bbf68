/**
 * The dashboard's mail page: whether the pages can send e-mail, and a "Send a test e-mail" button
 * that mails the signed-in team member and shows the result on the page: success, or the mail
 * server's own error text. A broken SMTP setup is then seen by the team, not only by voters who
 * never get their sign-in links.
 */
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { dashPage } from './frame.js';
import { FollowerMailSection, followerMailState } from './mail-followers.js';

/** What the last test mail did, shown once in the answer to the button. */
export type TestMailResult = { ok: true; to: string } | { ok: false; to: string; error: string };

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
  const followers = await followerMailState(ctx);
  return dashPage(
    ctx,
    'mail',
    'Mail',
    <>
      <h1>Mail</h1>
      {result ? (
        result.ok ? (
          <div class="notice ok" role="status">
            A test e-mail was sent to <code>{result.to}</code>. If it does not arrive, look in its spam folder.
          </div>
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
        {mailer ? (
          <p class="muted">
            Sends a short e-mail to your own address, <code>{ctx.member?.email}</code>, through the configured mailer, and shows here whether it
            was accepted.
          </p>
        ) : (
          <p class="muted">No mailer is configured: these pages send no e-mail (sign-in links are unavailable).</p>
        )}
        <button type="submit" disabled={!mailer}>
          Send a test e-mail
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
      to,
      subject: `[${ctx.siteName}] Test e-mail`,
      text: `This is a test e-mail from the ${ctx.siteName} dashboard (${ctx.origin}${ctx.href('/dashboard/mail')}).\n\nIf you read this, mail from the feedback pages reaches you.`,
    });
    return mailPage(ctx, { ok: true, to });
  } catch (error) {
    return mailPage(ctx, { ok: false, to, error: sendErrorText(error) });
  }
}
