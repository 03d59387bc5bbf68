/**
 * The dashboard's "Single sign-on" page (docs/sso.md): the organization's secrets, each shown
 * once when created, rotated with an overlap in which the old one still works, or revoked at once;
 * and the settings of RS256/ES256 tokens (JWKS URL and algorithms), audience and issuer.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { SsoSecretRecord, SsoSettingsRecord } from '../../domain/sso.js';
import { toIso } from '../../domain/time.js';
import {
  createSsoSecret,
  defaultSsoAudience,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  getSsoSettings,
  listSsoSecrets,
  MAX_ROTATION_OVERLAP_HOURS,
  revokeSsoSecret,
  rotateSsoSecret,
  saveSsoSettings,
  type SsoContext,
} from '../../services/sso.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, dashPage, idOf } from './frame.js';

const ssoContext = (ctx: PageContext): SsoContext => ({ storage: ctx.board.storage, clock: ctx.board.clock });
const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A secret's state at `now`: what the team needs to know before rotating or revoking it. */
function stateOf(secret: SsoSecretRecord, now: string): { text: string; live: boolean } {
  if (secret.revoked_at !== null) return { text: `Revoked ${minute(secret.revoked_at)}`, live: false };
  if (secret.expires_at === null) return { text: 'Active', live: true };
  if (now < secret.expires_at) return { text: `Active until ${minute(secret.expires_at)} (rotated)`, live: true };
  return { text: `Ended ${minute(secret.expires_at)}`, live: false };
}

function SecretRows({ ctx, secrets }: { ctx: PageContext; secrets: SsoSecretRecord[] }) {
  const now = toIso(ctx.board.clock.now());
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Secret</th>
          <th scope="col">Created</th>
          <th scope="col">State</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {secrets.map((secret) => {
          const state = stateOf(secret, now);
          return (
            <tr>
              <td class="nowrap">
                <code>{secret.secret.slice(0, 10)}…</code>
              </td>
              <td class="nowrap">{minute(secret.created_at)}</td>
              <td>{state.text}</td>
              <td>
                {state.live ? (
                  <div class="row">
                    {secret.expires_at === null ? (
                      <PostForm ctx={ctx} action={`/dashboard/sso/secrets/${secret.id}/rotate`} class="row" label={`Rotate secret ${secret.id}`}>
                        <label for={`overlap-${secret.id}`}>Old one works for</label>
                        <input id={`overlap-${secret.id}`} name="overlap_hours" type="number" min={0} max={MAX_ROTATION_OVERLAP_HOURS} value={String(DEFAULT_ROTATION_OVERLAP_HOURS)} />
                        <span>hours</span>
                        <button type="submit">Rotate</button>
                      </PostForm>
                    ) : null}
                    <PostForm ctx={ctx} action={`/dashboard/sso/secrets/${secret.id}/revoke`} label={`Revoke secret ${secret.id}`}>
                      <button type="submit" class="danger">
                        Revoke now
                      </button>
                    </PostForm>
                  </div>
                ) : (
                  <span class="muted">—</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function SettingsForm({ ctx, settings }: { ctx: PageContext; settings: SsoSettingsRecord }) {
  return (
    <PostForm ctx={ctx} action="/dashboard/sso/settings" class="card" label="Single sign-on settings">
      <div class="field">
        <label for="sso-audience">Audience (aud)</label>
        <input id="sso-audience" name="audience" maxlength={500} value={settings.audience ?? ''} placeholder={defaultSsoAudience(ctx.options.organizationId)} />
      </div>
      <div class="field">
        <label for="sso-issuer">Issuer (iss), if your tokens must name one</label>
        <input id="sso-issuer" name="issuer" maxlength={500} value={settings.issuer ?? ''} placeholder="https://id.example.com" />
      </div>
      <div class="field">
        <label for="sso-jwks">JWKS URL for RS256/ES256 tokens (https)</label>
        <input id="sso-jwks" name="jwks_url" type="url" maxlength={500} value={settings.jwks_url ?? ''} placeholder="https://id.example.com/.well-known/jwks.json" />
      </div>
      <fieldset class="row choices">
        <legend>Algorithms allowed with the JWKS</legend>
        {(['RS256', 'ES256'] as const).map((alg) => (
          <label class="row">
            <input type="checkbox" name="jwks_algorithms" value={alg} checked={settings.jwks_algorithms.includes(alg)} /> {alg}
          </label>
        ))}
      </fieldset>
      <button type="submit">Save settings</button>
    </PostForm>
  );
}

/** The page; `created` is a secret just made, shown this once in the answer to the POST itself. */
export async function ssoPage(ctx: PageContext, created?: SsoSecretRecord, status = 200): Promise<Response> {
  const sso = ssoContext(ctx);
  const [secrets, settings] = await Promise.all([listSsoSecrets(sso, ctx.options.organizationId), getSsoSettings(sso, ctx.options.organizationId)]);
  const audience = settings.audience ?? defaultSsoAudience(ctx.options.organizationId);
  return dashPage(
    ctx,
    'sso',
    'Single sign-on',
    <>
      <h1>Single sign-on</h1>
      <p class="lead">
        Your application signs a short-lived token (a JWT: <code>sub</code>, <code>email</code>, <code>name</code>, <code>aud</code> <code>{audience}</code>,{' '}
        <code>exp</code> at most 10 minutes ahead) and sends its users here with <code>?sso=</code>&lt;token&gt; on any page, or a POST to <code>/sso</code>.
      </p>
      {created ? (
        <div class="notice ok" role="status">
          <p>A new secret was created. Copy it into your application now: it is shown this once.</p>
          <p class="secret" id="new-secret">
            {created.secret}
          </p>
        </div>
      ) : null}
      <h2>Secrets (HS256)</h2>
      {secrets.length === 0 ? <p class="muted">No secret yet: HS256 tokens are refused until you create one.</p> : <SecretRows ctx={ctx} secrets={secrets} />}
      <PostForm ctx={ctx} action="/dashboard/sso/secrets" class="after-table" label="New secret">
        <button type="submit">Create a secret</button>
      </PostForm>
      <h2>Settings</h2>
      <SettingsForm ctx={ctx} settings={settings} />
    </>,
    status,
  );
}

export async function createSsoSecretAction(ctx: PageContext): Promise<Response> {
  return ssoPage(ctx, await createSsoSecret(ssoContext(ctx), ctx.options.organizationId), 201);
}

export async function rotateSsoSecretAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const secretId = idOf(id);
  if (secretId === null) return notFoundPage(ctx);
  const hours = String(form.get('overlap_hours') ?? '').trim();
  try {
    const { created } = await rotateSsoSecret(ssoContext(ctx), ctx.options.organizationId, secretId, hours === '' ? undefined : Number(hours));
    return await ssoPage(ctx, created, 201);
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'validation_error') return redirect(ctx, '/dashboard/sso', 'invalid');
    throw error;
  }
}

export function revokeSsoSecretAction(ctx: PageContext, id: string): Promise<Response> {
  const secretId = idOf(id);
  if (secretId === null) return notFoundPage(ctx);
  return change(ctx, '/dashboard/sso', 'secret_revoked', () => revokeSsoSecret(ssoContext(ctx), ctx.options.organizationId, secretId));
}

export function saveSsoSettingsAction(ctx: PageContext, form: FormData): Promise<Response> {
  const input = {
    jwks_url: String(form.get('jwks_url') ?? ''),
    jwks_algorithms: form.getAll('jwks_algorithms').map(String),
    audience: String(form.get('audience') ?? ''),
    issuer: String(form.get('issuer') ?? ''),
  };
  return change(ctx, '/dashboard/sso', 'saved', () => saveSsoSettings(ssoContext(ctx), ctx.options.organizationId, input));
}
