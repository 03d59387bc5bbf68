/**
 * A board's embedding settings: the origins whose pages may show the board in the widget's panel
 * (docs/widget.md). The list is edited as text, one origin per line; a bad entry is shown back
 * with the reason, and nothing changes.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { PageContext } from '../context.js';
import { embedOriginsOf, MAX_EMBED_ORIGINS, parseEmbedOrigins, setEmbedOrigins } from '../embed-origins.js';
import { PostForm } from '../layout.js';
import { redirect } from '../respond.js';
import type { Route } from '../route.js';
import { dashPage } from './frame.js';

/** The longest text the form takes. */
const MAX_TEXT = 4000;

/** GET: the form, filled with the stored origins (or, after a refusal, the text sent and why). */
async function embeddingPage(ctx: PageContext, slug: string, refused?: { text: string; message: string }): Promise<Response> {
  const board = await ctx.team.api.boards.get(slug);
  const record = await ctx.board.storage.transaction('read', (tx) => tx.getBoardBySlug(ctx.team.organizationId, board.slug));
  const origins = record ? await embedOriginsOf(ctx.board, record.id) : [];
  const path = `/dashboard/boards/${encodeURIComponent(board.slug)}/embedding`;
  return dashPage(
    ctx,
    'boards',
    `Embedding ${board.name}`,
    <>
      <h1>Embedding {board.name}</h1>
      <p class="lead">
        Sites listed here may show this board in the feedback widget. Every other site, and every page outside the widget, cannot
        frame the board.
      </p>
      {refused ? (
        <div class="notice error" role="alert" id="embed-origins-error">
          {refused.message}. Nothing changed.
        </div>
      ) : null}
      <PostForm ctx={ctx} action={path} class="card" label="Allowed embedding origins">
        <div class="field">
          <label for="embed-origins">Allowed origins, one per line (https://example.com, or http://localhost:3000 while developing)</label>
          <textarea
            id="embed-origins"
            name="origins"
            rows={5}
            maxlength={MAX_TEXT}
            aria-invalid={refused ? 'true' : undefined}
            aria-describedby={refused ? 'embed-origins-error' : undefined}
          >
            {refused ? refused.text : origins.join('\n')}
          </textarea>
        </div>
        <p>At most {MAX_EMBED_ORIGINS} origins. An empty list turns embedding off.</p>
        <button type="submit">Save origins</button>
      </PostForm>
    </>,
    refused ? 422 : 200,
  );
}

/** POST: validates the whole list, then stores it; a refusal shows the form again with the reason. */
async function embeddingAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const text = String(form.get('origins') ?? '');
  if (text.length > MAX_TEXT) return embeddingPage(ctx, slug, { text: text.slice(0, MAX_TEXT), message: 'The list is too long' });
  let origins: string[];
  try {
    origins = parseEmbedOrigins(text);
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    return embeddingPage(ctx, slug, { text, message: capitalized(error.details?.[0]?.message ?? error.message) });
  }
  await setEmbedOrigins(ctx.board, ctx.team.organizationId, slug, origins);
  return redirect(ctx, `/dashboard/boards/${encodeURIComponent(slug)}/embedding`, 'saved');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the embedding settings. */
export const boardEmbeddingRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard/boards/:p/embedding'), handler: (ctx, [slug]) => embeddingPage(ctx, slug!) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/embedding'), handler: (ctx, [slug], form) => embeddingAction(ctx, slug!, form) },
];
