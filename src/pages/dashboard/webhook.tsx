/**
 * A webhook's own dashboard page: its settings at a glance, its signing secret (masked, or shown
 * whole in the answer to a rotation), test events, and its messages with their delivery attempts.
 * Everything goes through the organization-scoped team services, so another organization's
 * webhook or message is a 404 page exactly like a missing one.
 */
import type { WebhookRecord } from '../../domain/records.js';
import type { WebhookAttempt, WebhookMessage } from '../../services/webhooks.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, dashPage, idOf } from './frame.js';

/** Messages per page of the detail page; attempts shown per message (newest first). */
const MESSAGES_PER_PAGE = 20;
const ATTEMPTS_SHOWN = 10;
/** How much of an answer's body an attempt shows (the stored part is at most 1 KiB). */
const BODY_SHOWN = 200;

/** `whsec_…` and the secret's last 4 characters: enough to tell secrets apart, not to sign. */
export function maskSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/** An instant as `2026-11-20 12:00:05 UTC`. */
function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—';
}

/** `HTTP 500`, `HTTP 302 · redirect: not followed`, or the error alone when no answer came. */
function result(a: WebhookAttempt): string {
  const status = a.status_code !== null ? `HTTP\u00a0${a.status_code}` : '';
  const plain = a.status_code !== null ? `HTTP ${a.status_code}` : '';
  const error = a.error && a.error !== plain ? a.error : '';
  return [status, error].filter((part) => part !== '').join(' · ') || '—';
}

const base = (id: number) => `/dashboard/webhooks/${id}`;

export async function webhookPage(ctx: PageContext, id: string, rotated?: WebhookRecord): Promise<Response> {
  const webhookId = idOf(id);
  if (webhookId === null) return notFoundPage(ctx);
  const webhook = rotated ?? (await ctx.team.webhooks.get(webhookId));
  // A page number that is not a positive integer is the first page; a huge one is clamped (an empty page).
  const pageNo = Math.min(idOf(ctx.url.searchParams.get('page') ?? '1') ?? 1, 1_000_000);
  const { rows, total } = await ctx.team.webhooks.messages(webhookId, { limit: MESSAGES_PER_PAGE, offset: (pageNo - 1) * MESSAGES_PER_PAGE });
  const attempts = await Promise.all(rows.map((m) => ctx.team.webhooks.attempts(m.id, { limit: ATTEMPTS_SHOWN })));
  const pages = Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE));
  return dashPage(
    ctx,
    'webhooks',
    `Webhook ${webhook.url}`,
    <>
      <p class="small">
        <a href={ctx.href('/dashboard/webhooks')}>All webhooks</a>
      </p>
      <h1>Webhook</h1>
      <div class="card">
        <p>
          <strong>URL</strong> <code>{webhook.url}</code>
        </p>
        <p>
          <strong>Events</strong> {webhook.events.join(', ')}
        </p>
        <p>
          <strong>State</strong> {webhook.active ? 'Active' : 'Inactive: no new messages are queued'}
        </p>
        {webhook.description ? <p class="muted">{webhook.description}</p> : null}
        {rotated ? (
          <div class="notice ok" role="status">
            <p>The secret was rotated. Copy it now: it is shown in full this once. Deliveries from now on are signed with it.</p>
            <p class="secret" id="new-secret">
              {rotated.secret}
            </p>
          </div>
        ) : (
          <p>
            <strong>Signing secret</strong> <code>{maskSecret(webhook.secret)}</code>
          </p>
        )}
        <div class="row">
          <PostForm ctx={ctx} action={`${base(webhookId)}/rotate`} class="inline" label="Rotate secret">
            <button type="submit" class="secondary">
              Rotate secret
            </button>
          </PostForm>
          <PostForm ctx={ctx} action={`${base(webhookId)}/test`} class="inline" label="Send test event">
            <button type="submit" class="secondary">
              Send test event
            </button>
          </PostForm>
        </div>
      </div>
      <h2>Messages ({total})</h2>
      {rows.length === 0 ? <p class="muted">{total === 0 ? 'No messages yet.' : 'No messages on this page.'}</p> : null}
      {rows.map((message, i) => (
        <MessageCard ctx={ctx} message={message} attempts={attempts[i]!.rows} more={attempts[i]!.total - attempts[i]!.rows.length} />
      ))}
      {pages > 1 ? (
        <nav class="pager" aria-label="Message pages">
          {pageNo > 1 ? <a href={ctx.href(`${base(webhookId)}?page=${pageNo - 1}`)}>Newer messages</a> : <span />}
          <span class="muted small">
            Page {pageNo} of {pages}
          </span>
          {pageNo < pages ? <a href={ctx.href(`${base(webhookId)}?page=${pageNo + 1}`)}>Older messages</a> : <span />}
        </nav>
      ) : null}
    </>,
  );
}

function MessageCard(props: { ctx: PageContext; message: WebhookMessage; attempts: WebhookAttempt[]; more: number }) {
  const { ctx, message } = props;
  return (
    <div class="card">
      <div class="row">
        <span class={`badge delivery-${message.status}`}>{message.status}</span>
        <code>{message.event_type}</code>
        <span class="muted small">
          created {when(message.created_at)} · {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          {message.next_attempt_at ? ` · next attempt ${when(message.next_attempt_at)}` : ''}
        </span>
      </div>
      {props.attempts.length > 0 ? (
        <table class="attempts">
          <thead>
            <tr>
              <th scope="col">Attempted</th>
              <th scope="col">Result</th>
              <th scope="col">Duration</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {props.attempts.map((a) => (
              <tr>
                <td class="nowrap">{when(a.attempted_at)}</td>
                <td>{result(a)}</td>
                <td class="nowrap">{a.duration_ms} ms</td>
                <td>
                  <code>{a.response_body.length > BODY_SHOWN ? `${a.response_body.slice(0, BODY_SHOWN)}…` : a.response_body}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {props.more > 0 ? <p class="muted small">and {props.more} older attempts</p> : null}
      <PostForm ctx={ctx} action={`/dashboard/webhooks/messages/${message.id}/redeliver`} class="row end" label={`Redeliver message ${message.msg_id}`}>
        <button type="submit" class="secondary">
          Redeliver now
        </button>
      </PostForm>
    </div>
  );
}

/** The new secret is shown in the answer to the POST itself: never in a URL, a cookie or a log. */
export async function rotateSecretAction(ctx: PageContext, id: string): Promise<Response> {
  const webhookId = idOf(id);
  if (webhookId === null) return notFoundPage(ctx);
  const rotated = await ctx.team.webhooks.rotateSecret(webhookId);
  return webhookPage(ctx, id, rotated);
}

export function sendTestAction(ctx: PageContext, id: string): Promise<Response> {
  const webhookId = idOf(id);
  if (webhookId === null) return notFoundPage(ctx);
  return change(ctx, base(webhookId), 'test_sent', () => ctx.team.webhooks.sendTest(webhookId));
}

export async function redeliverAction(ctx: PageContext, id: string): Promise<Response> {
  const messageId = idOf(id);
  if (messageId === null) return notFoundPage(ctx);
  const message = await ctx.team.webhooks.redeliver(messageId);
  return redirect(ctx, base(message.webhook_id), 'redelivered');
}
