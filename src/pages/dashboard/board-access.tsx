/**
 * A board's access settings (docs/private-boards.md): public, or private to the voters whose
 * e-mail domain or SSO claim the settings allow. A refused entry shows the form again with what
 * was sent and why, and nothing changes.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import { boardAccessOf, saveBoardAccess } from '../board-access.js';
import { MAX_ACCESS_DOMAINS, MAX_CLAIM_VALUES, parseBoardAccess, type BoardAccessForm } from '../board-access-rules.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { redirect } from '../respond.js';
import type { Route } from '../route.js';
import { dashPage } from './frame.js';

/** The longest text a field of the form takes. */
const MAX_TEXT = 12_000;

const accessPath = (slug: string) => `/dashboard/boards/${encodeURIComponent(slug)}/access`;

/** GET: the form, filled with the stored settings (or, after a refusal, what was sent and why). */
async function accessPage(ctx: PageContext, slug: string, refused?: { form: BoardAccessForm; message: string }): Promise<Response> {
  const board = await ctx.team.api.boards.get(slug);
  const stored = await boardAccessOf(ctx.board, ctx.team.organizationId, board.slug);
  const shown: BoardAccessForm = refused?.form ?? {
    access: stored.access,
    domains: stored.email_domains.join('\n'),
    claimName: stored.claim_name ?? '',
    claimValues: stored.claim_values.join('\n'),
  };
  const invalid = refused ? 'true' : undefined;
  const described = refused ? 'access-error' : undefined;
  return dashPage(
    ctx,
    'boards',
    `Access to ${board.name}`,
    <>
      <h1>Access to {board.name}</h1>
      <p class="lead">
        A private board is seen only by the team and by signed-in voters whose e-mail domain or single sign-on claim is listed here.
        Everyone else finds no such board.
      </p>
      {refused ? (
        <div class="notice error" role="alert" id="access-error">
          {refused.message}. Nothing changed.
        </div>
      ) : null}
      <PostForm ctx={ctx} action={accessPath(board.slug)} class="card" label="Board access">
        <fieldset class="field">
          <legend>Who sees this board</legend>
          <label>
            <input type="radio" name="access" value="public" checked={shown.access !== 'private'} /> Everyone (public)
          </label>
          <label>
            <input type="radio" name="access" value="private" checked={shown.access === 'private'} /> Only the team and the voters allowed below
            (private)
          </label>
        </fieldset>
        <div class="field">
          <label for="access-domains">Allowed e-mail domains, one per line (example.com; *.example.com for its subdomains)</label>
          <textarea id="access-domains" name="domains" rows={4} maxlength={MAX_TEXT} aria-invalid={invalid} aria-describedby={described}>
            {shown.domains}
          </textarea>
        </div>
        <div class="field">
          <label for="access-claim">Single sign-on claim (optional), such as groups</label>
          <input id="access-claim" name="claim_name" maxlength={100} value={shown.claimName} aria-invalid={invalid} aria-describedby={described} />
        </div>
        <div class="field">
          <label for="access-values">Values of the claim that let a voter in, one per line</label>
          <textarea id="access-values" name="claim_values" rows={3} maxlength={MAX_TEXT} aria-invalid={invalid} aria-describedby={described}>
            {shown.claimValues}
          </textarea>
        </div>
        <p>
          At most {MAX_ACCESS_DOMAINS} domains and {MAX_CLAIM_VALUES} values. The lists are kept while the board is public.
        </p>
        <button type="submit">Save access</button>
      </PostForm>
    </>,
    refused ? 422 : 200,
  );
}

/** POST: validates the whole form, then stores it; a refusal shows the form again with the reason. */
async function accessAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const field = (name: string) => String(form.get(name) ?? '');
  const sent: BoardAccessForm = { access: field('access'), domains: field('domains'), claimName: field('claim_name'), claimValues: field('claim_values') };
  if ([sent.domains, sent.claimName, sent.claimValues].some((text) => text.length > MAX_TEXT)) {
    return accessPage(ctx, slug, { form: { ...sent, domains: sent.domains.slice(0, MAX_TEXT), claimValues: sent.claimValues.slice(0, MAX_TEXT) }, message: 'The form is too long' });
  }
  let settings;
  try {
    settings = parseBoardAccess(sent);
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    return accessPage(ctx, slug, { form: sent, message: capitalized(error.details?.[0]?.message ?? error.message) });
  }
  await saveBoardAccess(ctx.board, ctx.team.organizationId, slug, settings);
  return redirect(ctx, accessPath(slug), 'saved');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the access settings. */
export const boardAccessRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard/boards/:p/access'), handler: (ctx, [slug]) => accessPage(ctx, slug!) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/access'), handler: (ctx, [slug], form) => accessAction(ctx, slug!, form) },
];
