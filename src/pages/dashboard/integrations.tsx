/**
 * The dashboard's Integrations page (docs/integrations.md): the organization's connections to
 * issue trackers, each with its recent inbound deliveries and outbound calls (their status and
 * the provider's own words when one failed), a "Test connection" button that shows what the
 * tracker answered, and each board's chat targets (added with their URL, shown masked, and
 * deactivated). A secret is shown once, in the answer to the form that made it. Everything goes
 * through the organization's team side, or reads the organization's own rows, so another
 * organization's connection or target is a 404 page like a missing one.
 */
import { CHAT_EVENTS, CHAT_PLATFORMS, INTEGRATION_PROVIDERS, type IntegrationCallRecord, type IntegrationDeliveryRecord } from '../../domain/integrations.js';
import type { IntegrationConnection, IntegrationConnectionTest, IntegrationConnectionWithSecret } from '../../domain/team-responses.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage } from '../respond.js';
import type { Route } from '../route.js';
import { change, dashPage, idOf } from './frame.js';

const BASE = '/dashboard/integrations';
/** Deliveries and calls shown per connection, and calls read for the page (newest first). */
const RECENT = 5;
const CALLS_READ = 200;

/** Each provider's name as people write it. */
export const PROVIDER_NAMES = { github: 'GitHub', gitlab: 'GitLab', linear: 'Linear' } as const;
const PLATFORM_NAMES = { slack: 'Slack', discord: 'Discord', teams: 'Microsoft Teams' } as const;
const EVENT_LABELS = { 'post.created': 'New post', 'post.status_changed': 'Status change', 'comment.created': 'Team comment', 'proposal.created': 'Proposal waiting' } as const;
/** What each outbound call is for, as the dashboard says it. */
export const PURPOSES = { create_issue: 'Create an issue', read_issue: 'Link an issue', chat_message: 'Chat message', test_connection: 'Test' } as const;

/** What the page shows once, in the answer to a form: a new connection's secret, or a test's answer. */
type Shown = { made: IntegrationConnectionWithSecret } | { tested: IntegrationConnectionTest & { connection_id: number } };

/** An instant as `2026-11-20 12:00:05 UTC`. */
const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—');

async function integrationsPage(ctx: PageContext, shown?: Shown): Promise<Response> {
  const { connections } = await ctx.team.api.integrations.listConnections();
  const { boards } = await ctx.team.api.boards.list();
  const targets = await Promise.all(boards.map(async (board) => (await ctx.team.api.chat.list(board.slug)).chat_targets));
  const { deliveries, calls } = await ctx.board.storage.transaction('read', async (tx) => ({
    deliveries: await Promise.all(connections.map((c) => tx.listIntegrationDeliveries(c.id, RECENT))),
    calls: await tx.listIntegrationCalls(ctx.team.organizationId, CALLS_READ),
  }));
  return dashPage(
    ctx,
    'integrations',
    'Integrations',
    <>
      <h1>Integrations</h1>
      <p class="lead">Issue trackers turn merged pull requests into evidence and proposals; chat channels hear of each board's news.</p>
      <h2>Issue trackers</h2>
      {'made' in (shown ?? {}) ? <NewSecret connection={(shown as { made: IntegrationConnectionWithSecret }).made} /> : null}
      {connections.length === 0 ? <p class="muted">No tracker is connected yet.</p> : null}
      {connections.map((connection, i) => (
        <ConnectionCard
          ctx={ctx}
          connection={connection}
          deliveries={deliveries[i]!}
          calls={calls.filter((call) => call.connection_id === connection.id).slice(0, RECENT)}
          tested={shown && 'tested' in shown && shown.tested.connection_id === connection.id ? shown.tested : null}
        />
      ))}
      <ConnectForm ctx={ctx} />
      <h2>Team chat</h2>
      {boards.length === 0 ? <p class="muted">Make a board first: chat targets belong to a board.</p> : null}
      {boards.map((board, i) => (
        <div class="card">
          <h3>{board.name}</h3>
          {targets[i]!.length === 0 ? <p class="muted">No chat target on this board.</p> : null}
          {targets[i]!.length > 0 ? (
            <table class="attempts">
              <thead>
                <tr>
                  <th scope="col">Platform</th>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Last message</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {targets[i]!.map((target) => {
                  const last = calls.find((call) => call.chat_target_id === target.id);
                  return (
                    <tr>
                      <td>{PLATFORM_NAMES[target.platform]}</td>
                      <td>
                        <code>{target.masked_url}</code>
                      </td>
                      <td>{target.events.map((event) => EVENT_LABELS[event]).join(', ')}</td>
                      <td>{last ? <CallStatus call={last} /> : <span class="muted">none yet</span>}</td>
                      <td>
                        {target.active ? (
                          <PostForm ctx={ctx} action={`${BASE}/boards/${encodeURIComponent(board.slug)}/chat/${target.id}/deactivate`} class="inline" label={`Deactivate chat target ${target.id}`}>
                            <button type="submit" class="secondary">
                              Deactivate
                            </button>
                          </PostForm>
                        ) : (
                          'Inactive'
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
          <ChatForm ctx={ctx} slug={board.slug} />
        </div>
      ))}
    </>,
  );
}

function NewSecret(props: { connection: IntegrationConnectionWithSecret }) {
  return (
    <div class="notice ok" role="status">
      <p>{props.connection.label} is connected. Copy its secret now: it is shown in full this once. Enter it on the provider's side as the webhook secret.</p>
      <p class="secret" id="new-secret">
        {props.connection.secret}
      </p>
      <p>
        Delivery URL: <code>/integrations/{props.connection.provider}/{props.connection.id}</code> under your public address.
      </p>
    </div>
  );
}

/** A call's status badge and, when it failed, the provider's words. */
function CallStatus(props: { call: IntegrationCallRecord }) {
  return (
    <>
      <span class={`badge delivery-${props.call.status}`}>{props.call.status}</span> {props.call.last_error ? <span class="small">{props.call.last_error}</span> : null}
    </>
  );
}

function ConnectionCard(props: { ctx: PageContext; connection: IntegrationConnection; deliveries: IntegrationDeliveryRecord[]; calls: IntegrationCallRecord[]; tested: IntegrationConnectionTest | null }) {
  const { ctx, connection: c, tested } = props;
  return (
    <div class="card">
      <h3>
        {c.label} {c.label !== PROVIDER_NAMES[c.provider] ? <span class="muted small">{PROVIDER_NAMES[c.provider]}</span> : null}
      </h3>
      <p class="small">
        <code>{c.base_url}</code> · {c.target ?? 'every repository'} · {c.has_token ? 'token set' : 'no token: inbound only'} · {c.active ? 'Active' : 'Inactive'}
      </p>
      {tested ? (
        <div class={`notice ${tested.ok ? 'ok' : 'error'}`} role="status">
          <strong>{tested.ok ? 'The tracker answered' : 'The test failed'}</strong>
          {tested.status !== null ? ` (HTTP ${tested.status})` : ''}: {tested.message}
        </div>
      ) : null}
      {c.active ? (
        <div class="row">
          <PostForm ctx={ctx} action={`${BASE}/connections/${c.id}/test`} class="inline" label={`Test connection ${c.label}`}>
            <button type="submit" class="secondary">
              Test connection
            </button>
          </PostForm>
          <PostForm ctx={ctx} action={`${BASE}/connections/${c.id}/deactivate`} class="inline" label={`Deactivate connection ${c.label}`}>
            <button type="submit" class="secondary">
              Deactivate
            </button>
          </PostForm>
        </div>
      ) : null}
      <h4>Recent deliveries</h4>
      {props.deliveries.length === 0 ? <p class="muted small">None received yet.</p> : null}
      {props.deliveries.length > 0 ? (
        <table class="attempts">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Event</th>
              <th scope="col">Read as</th>
            </tr>
          </thead>
          <tbody>
            {props.deliveries.map((d) => (
              <tr>
                <td class="nowrap">{when(d.received_at)}</td>
                <td class="nowrap">
                  <code>{d.event}</code>
                </td>
                <td>{d.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h4>Recent calls</h4>
      {props.calls.length === 0 ? <p class="muted small">No call made yet.</p> : null}
      {props.calls.length > 0 ? (
        <table class="attempts">
          <thead>
            <tr>
              <th scope="col">Made</th>
              <th scope="col">Call</th>
              <th scope="col">Attempts</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {props.calls.map((call) => (
              <tr>
                <td class="nowrap">{when(call.created_at)}</td>
                <td>{PURPOSES[call.purpose]}</td>
                <td>{call.attempts}</td>
                <td>
                  <CallStatus call={call} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function ConnectForm(props: { ctx: PageContext }) {
  return (
    <PostForm ctx={props.ctx} action={`${BASE}/connections`} class="card" label="Connect a tracker">
      <h3>Connect a tracker</h3>
      <div class="field">
        <label for="connect-provider">Provider</label>
        <select id="connect-provider" name="provider">
          {INTEGRATION_PROVIDERS.map((provider) => (
            <option value={provider}>{PROVIDER_NAMES[provider]}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="connect-target">Repository, project or team (owner/name, group/project, a Linear team id)</label>
        <input id="connect-target" name="target" maxlength={200} />
      </div>
      <div class="field">
        <label for="connect-base">API base URL (empty for the provider's own service)</label>
        <input id="connect-base" name="base_url" type="url" maxlength={500} />
      </div>
      <div class="field">
        <label for="connect-token">Token for outbound calls (empty: inbound only)</label>
        <input id="connect-token" name="token" type="password" autocomplete="off" maxlength={1000} />
      </div>
      <div class="field">
        <label for="connect-secret">Signing secret (Linear's; empty to have one made)</label>
        <input id="connect-secret" name="secret" type="password" autocomplete="off" maxlength={200} />
      </div>
      <button type="submit">Connect</button>
    </PostForm>
  );
}

function ChatForm(props: { ctx: PageContext; slug: string }) {
  const id = (name: string) => `chat-${props.slug}-${name}`;
  return (
    <PostForm ctx={props.ctx} action={`${BASE}/boards/${encodeURIComponent(props.slug)}/chat`} label={`Add a chat target to ${props.slug}`}>
      <h4>Add a chat target</h4>
      <div class="field">
        <label for={id('platform')}>Platform</label>
        <select id={id('platform')} name="platform">
          {CHAT_PLATFORMS.map((platform) => (
            <option value={platform}>{PLATFORM_NAMES[platform]}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={id('url')}>Incoming-webhook URL</label>
        <input id={id('url')} name="url" type="url" required maxlength={2000} autocomplete="off" />
      </div>
      <fieldset class="choices">
        <legend>Events it posts</legend>
        {CHAT_EVENTS.map((event) => (
          <label class="check">
            <input type="checkbox" name="events" value={event} checked /> {EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      <button type="submit">Add chat target</button>
    </PostForm>
  );
}

/** A form's text field, or undefined when empty (the API's default then applies). */
function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** POST: connects a tracker and answers the page with its secret, shown this once; a refusal redirects back with the notice. */
async function connectAction(ctx: PageContext, form: FormData): Promise<Response> {
  let made: IntegrationConnectionWithSecret | undefined;
  const refused = await change(ctx, BASE, 'saved', async () => {
    made = await ctx.team.api.integrations.createConnection({
      provider: String(form.get('provider')) as IntegrationConnection['provider'],
      ...Object.fromEntries(['target', 'base_url', 'token', 'secret'].flatMap((name) => (field(form, name) === undefined ? [] : [[name, field(form, name)]]))),
    });
  });
  return made ? integrationsPage(ctx, { made }) : refused;
}

/** POST: tests the connection and answers the page with what the tracker said. */
async function testAction(ctx: PageContext, id: string): Promise<Response> {
  const connectionId = idOf(id);
  if (connectionId === null) return notFoundPage(ctx);
  const tested = await ctx.team.api.integrations.test(connectionId);
  return integrationsPage(ctx, { tested: { ...tested, connection_id: connectionId } });
}

function deactivateAction(ctx: PageContext, id: string): Promise<Response> {
  const connectionId = idOf(id);
  if (connectionId === null) return notFoundPage(ctx);
  return change(ctx, BASE, 'saved', () => ctx.team.api.integrations.deactivate(connectionId));
}

function addChatAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  return change(ctx, BASE, 'saved', () =>
    ctx.team.api.chat.create(slug, {
      platform: String(form.get('platform')) as (typeof CHAT_PLATFORMS)[number],
      url: String(form.get('url') ?? ''),
      events: form.getAll('events').map(String) as (typeof CHAT_EVENTS)[number][],
    }),
  );
}

function deactivateChatAction(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const targetId = idOf(id);
  if (targetId === null) return notFoundPage(ctx);
  return change(ctx, BASE, 'saved', () => ctx.team.api.chat.deactivate(slug, targetId));
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the Integrations page. */
export const integrationsRoutes: Route[] = [
  { method: 'GET', pattern: path(BASE), handler: (ctx) => integrationsPage(ctx) },
  { method: 'POST', pattern: path(`${BASE}/connections`), handler: (ctx, _, form) => connectAction(ctx, form) },
  { method: 'POST', pattern: path(`${BASE}/connections/:p/test`), handler: (ctx, [id]) => testAction(ctx, id!) },
  { method: 'POST', pattern: path(`${BASE}/connections/:p/deactivate`), handler: (ctx, [id]) => deactivateAction(ctx, id!) },
  { method: 'POST', pattern: path(`${BASE}/boards/:p/chat`), handler: (ctx, [slug], form) => addChatAction(ctx, slug!, form) },
  { method: 'POST', pattern: path(`${BASE}/boards/:p/chat/:p/deactivate`), handler: (ctx, [slug, id]) => deactivateChatAction(ctx, slug!, id!) },
];
