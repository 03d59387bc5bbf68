/** The dashboard's administration: boards, API keys, webhooks, agent publishing and the team. */
import { SCOPES, type Scope } from '../../domain/records.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, dashPage, idOf } from './frame.js';
import { maskSecret } from './webhook.js';

export async function boardsAdminPage(ctx: PageContext): Promise<Response> {
  const { boards } = await ctx.team.api.boards.list();
  return dashPage(
    ctx,
    'boards',
    'Boards',
    <>
      <h1>Boards</h1>
      <table>
        <thead>
          <tr>
            <th scope="col">Board</th>
            <th scope="col">Slug</th>
            <th scope="col">State</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {boards.map((b) => (
            <tr>
              <td class="title">{b.name}</td>
              <td>
                <code>{b.slug}</code>
              </td>
              <td>{b.published ? <a href={ctx.href(`/boards/${encodeURIComponent(b.slug)}`)}>Published</a> : 'Draft'}</td>
              <td>
                <PostForm ctx={ctx} action={`/dashboard/boards/${encodeURIComponent(b.slug)}/${b.published ? 'unpublish' : 'publish'}`} label={`Publish ${b.name}`}>
                  <button type="submit" class="secondary">
                    {b.published ? 'Unpublish' : 'Publish'}
                  </button>
                </PostForm>{' '}
                <a href={ctx.href(`/dashboard/boards/${encodeURIComponent(b.slug)}/embedding`)}>Embedding</a>{' '}
                <a href={ctx.href(`/dashboard/boards/${encodeURIComponent(b.slug)}/access`)}>Access</a>{' '}
                <a href={ctx.href(`/dashboard/boards/${encodeURIComponent(b.slug)}/fields`)}>Fields</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>New board</h2>
      <PostForm ctx={ctx} action="/dashboard/boards" class="card" label="New board">
        <div class="field">
          <label for="board-name">Name</label>
          <input id="board-name" name="name" required maxlength={120} />
        </div>
        <div class="field">
          <label for="board-slug">Slug (a-z, 0-9 and -)</label>
          <input id="board-slug" name="slug" required maxlength={64} pattern="[a-z0-9]+(-[a-z0-9]+)*" />
        </div>
        <div class="field">
          <label for="board-description">Description</label>
          <textarea id="board-description" name="description" maxlength={2000} />
        </div>
        <button type="submit">Create board (as a draft)</button>
      </PostForm>
    </>,
  );
}

export function createBoardAction(ctx: PageContext, form: FormData): Promise<Response> {
  const input = { slug: String(form.get('slug') ?? ''), name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') };
  return change(ctx, '/dashboard/boards', 'saved', () => ctx.team.api.boards.create(input));
}

export function publishAction(ctx: PageContext, slug: string, published: boolean): Promise<Response> {
  return change(ctx, '/dashboard/boards', 'saved', () => ctx.team.boards.setPublished(slug, published));
}

const SCOPE_TEXT: Record<Scope, string> = {
  read: 'read: reads only',
  propose: 'propose: agents (claim, evidence, propose)',
  write: 'write: everything the API does',
  team: "team: write, and the team's own functions (moderation, blocking voters, undoing merges, mail settings)",
};

export async function keysPage(ctx: PageContext, created?: { key: string; label: string }, status = 200): Promise<Response> {
  const keys = await ctx.team.apiKeys.list();
  return dashPage(
    ctx,
    'keys',
    'API keys',
    <>
      <h1>API keys</h1>
      {created ? (
        <div class="notice ok" role="status">
          <p>
            The key <strong>{created.label || 'without label'}</strong> was created. Copy it now: it is shown this once.
          </p>
          <p class="secret" id="new-key">
            {created.key}
          </p>
        </div>
      ) : null}
      <table>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Key</th>
            <th scope="col">Scope</th>
            <th scope="col">Created</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr>
              <td class="title">{k.label}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.scope}</td>
              <td>{day(k.created_at)}</td>
              <td>
                {k.revoked_at ? (
                  <span class="muted">Revoked {day(k.revoked_at)}</span>
                ) : (
                  <PostForm ctx={ctx} action={`/dashboard/keys/${k.id}/revoke`} label={`Revoke ${k.label}`}>
                    <button type="submit" class="danger">
                      Revoke
                    </button>
                  </PostForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>New key</h2>
      <PostForm ctx={ctx} action="/dashboard/keys" class="card" label="New key">
        <div class="field">
          <label for="key-label">Label</label>
          <input id="key-label" name="label" maxlength={100} />
        </div>
        <div class="field">
          <label for="key-scope">Scope</label>
          <select id="key-scope" name="scope">
            {SCOPES.map((s) => (
              <option value={s} selected={s === 'propose'}>
                {SCOPE_TEXT[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Create key</button>
      </PostForm>
    </>,
    status,
  );
}

/** The raw key is shown in the answer to the POST itself (never stored, never in a URL). */
export async function createKeyAction(ctx: PageContext, form: FormData): Promise<Response> {
  const scope = SCOPES.find((s) => s === form.get('scope'));
  const label = String(form.get('label') ?? '');
  if (!scope) return redirect(ctx, '/dashboard/keys', 'invalid');
  try {
    const created = await ctx.team.apiKeys.create({ scope, label });
    return keysPage(ctx, { key: created.key, label }, 201);
  } catch {
    return redirect(ctx, '/dashboard/keys', 'invalid');
  }
}

export function revokeKeyAction(ctx: PageContext, id: string): Promise<Response> {
  const keyId = idOf(id);
  if (keyId === null) return notFoundPage(ctx);
  return change(ctx, '/dashboard/keys', 'revoked', () => ctx.team.apiKeys.revoke(keyId));
}

function eventsOf(value: FormDataEntryValue | null): string[] {
  return String(value ?? '')
    .split(/[\s,]+/)
    .filter((e) => e !== '');
}

export async function webhooksPage(ctx: PageContext): Promise<Response> {
  const webhooks = await ctx.team.webhooks.list();
  return dashPage(
    ctx,
    'webhooks',
    'Webhooks',
    <>
      <h1>Webhooks</h1>
      {webhooks.length === 0 ? <p class="muted">No webhooks yet.</p> : null}
      {webhooks.map((w) => (
        <div class="card">
          <PostForm ctx={ctx} action={`/dashboard/webhooks/${w.id}`} label={`Webhook ${w.url}`}>
            <div class="field">
              <label for={`url-${w.id}`}>URL</label>
              <input id={`url-${w.id}`} name="url" type="url" required value={w.url} />
            </div>
            <div class="field">
              <label for={`events-${w.id}`}>Events (comma separated; * for all)</label>
              <input id={`events-${w.id}`} name="events" value={w.events.join(', ')} />
            </div>
            <div class="field">
              <label for={`desc-${w.id}`}>Description</label>
              <input id={`desc-${w.id}`} name="description" value={w.description} maxlength={500} />
            </div>
            <label class="row">
              <input type="checkbox" name="active" value="yes" checked={w.active} /> Active
            </label>
            <p class="muted small">
              Signing secret: <code>{maskSecret(w.secret)}</code>
            </p>
            <div class="row">
              <button type="submit">Save</button>
              <a href={ctx.href(`/dashboard/webhooks/${w.id}`)}>Messages, secret and test events</a>
            </div>
          </PostForm>
          <PostForm ctx={ctx} action={`/dashboard/webhooks/${w.id}/delete`} class="row end" label="Delete webhook">
            <button type="submit" class="danger">
              Delete
            </button>
          </PostForm>
        </div>
      ))}
      <h2>New webhook</h2>
      <PostForm ctx={ctx} action="/dashboard/webhooks" class="card" label="New webhook">
        <div class="field">
          <label for="new-url">URL</label>
          <input id="new-url" name="url" type="url" required placeholder="https://" />
        </div>
        <div class="field">
          <label for="new-events">Events (comma separated; * for all)</label>
          <input id="new-events" name="events" value="*" />
        </div>
        <div class="field">
          <label for="new-description">Description</label>
          <input id="new-description" name="description" maxlength={500} />
        </div>
        <button type="submit">Create webhook</button>
      </PostForm>
    </>,
  );
}

export function createWebhookAction(ctx: PageContext, form: FormData): Promise<Response> {
  const input = { url: String(form.get('url') ?? ''), events: eventsOf(form.get('events')), description: String(form.get('description') ?? '') };
  return change(ctx, '/dashboard/webhooks', 'saved', () => ctx.team.webhooks.create(input));
}

export function updateWebhookAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const webhookId = idOf(id);
  if (webhookId === null) return notFoundPage(ctx);
  const input = {
    url: String(form.get('url') ?? ''),
    events: eventsOf(form.get('events')),
    description: String(form.get('description') ?? ''),
    active: form.get('active') === 'yes',
  };
  return change(ctx, '/dashboard/webhooks', 'saved', () => ctx.team.webhooks.update(webhookId, input));
}

export function deleteWebhookAction(ctx: PageContext, id: string): Promise<Response> {
  const webhookId = idOf(id);
  if (webhookId === null) return notFoundPage(ctx);
  return change(ctx, '/dashboard/webhooks', 'deleted', () => ctx.team.webhooks.delete(webhookId));
}
