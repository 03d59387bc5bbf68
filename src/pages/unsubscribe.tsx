/**
 * Unsubscribing from follower mail, by the link every such mail carries (RFC 8058):
 *
 * - `POST /unsubscribe?token=…` unsubscribes the token's address from its post, or from its whole
 *   board, with no session and no CSRF token: mail programs send this one-click POST themselves
 *   (the token, signed by the server, is the only authority; see `unsubscribe-token.ts`). It is
 *   the one POST of the pages without the CSRF and Origin checks.
 * - `GET /unsubscribe?token=…` changes nothing (mail scanners follow links): it shows the two
 *   choices, this post or all mail from the board, as buttons that make that POST.
 *
 * A token that was not signed by this server (malformed, altered, forged) is a 400 page and
 * changes nothing.
 */
import type { Storage } from '../storage/contract.js';
import type { PageContext } from './context.js';
import { page } from './respond.js';
import type { Route } from './route.js';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

/** The board and post a valid token names, or null for an invalid token or a board gone since. */
async function scopeOf(ctx: PageContext): Promise<{ scope: UnsubscribeScope; key: CryptoKey; board: string; post: string | null } | null> {
  const storage: Storage = ctx.board.storage;
  const key = await unsubscribeKey(storage);
  const scope = await verifyUnsubscribeToken(key, ctx.url.searchParams.get('token'));
  if (scope === null) return null;
  return storage.transaction('read', async (tx) => {
    const board = await tx.getBoard(scope.boardId);
    if (!board) return null;
    const post = scope.postId === 0 ? null : await tx.getPost(scope.postId);
    if (scope.postId !== 0 && post?.board_id !== board.id) return null;
    return { scope, key, board: board.name, post: post?.title ?? null };
  });
}

function invalidLink(ctx: PageContext): Promise<Response> {
  return page(
    ctx,
    'Unsubscribe',
    <>
      <h1>This unsubscribe link does not work</h1>
      <p class="lead">It is incomplete or was changed. Use the link of the mail itself, or its unsubscribe button.</p>
    </>,
    { status: 400 },
  );
}

async function choicesPage(ctx: PageContext): Promise<Response> {
  const found = await scopeOf(ctx);
  if (found === null) return invalidLink(ctx);
  const { scope, key, board, post } = found;
  const action = async (postId: number) =>
    ctx.href(`/unsubscribe?token=${await signUnsubscribeToken(key, { ...scope, postId })}`);
  return page(
    ctx,
    'Unsubscribe',
    <>
      <h1>Stop mail to {scope.address}</h1>
      <p class="lead">Choose which mail about {board} you no longer want. Nothing changes until you press a button.</p>
      <div class="unsubscribe-choices">
        {post === null ? null : (
          <form method="post" action={await action(scope.postId)} class="card" aria-label="This post only">
            <h2 class="h3">This post only</h2>
            <p class="muted">No more mail about “{post}”.</p>
            <button type="submit">Stop mail about this post</button>
          </form>
        )}
        <form method="post" action={await action(0)} class="card" aria-label="The whole board">
          <h2 class="h3">The whole board</h2>
          <p class="muted">No more mail about any post of {board}.</p>
          <button type="submit">Stop all mail from {board}</button>
        </form>
      </div>
    </>,
  );
}

async function unsubscribeAction(ctx: PageContext): Promise<Response> {
  const found = await scopeOf(ctx);
  if (found === null) return invalidLink(ctx);
  const { scope, board, post } = found;
  const now = new Date(ctx.board.clock.now()).toISOString();
  await ctx.board.storage.transaction('write', (tx) =>
    tx.putMailUnsubscribe({ board_id: scope.boardId, address: scope.address, post_id: scope.postId, created_at: now }),
  );
  return page(
    ctx,
    'Unsubscribed',
    <>
      <h1>You are unsubscribed</h1>
      <p class="lead" role="status">
        {scope.address} gets no more mail {post === null ? <>about any post of {board}</> : <>about “{post}”</>}.
      </p>
    </>,
  );
}

/** The unsubscribe routes; the POST is exempt from the CSRF and Origin checks (see above). */
export const unsubscribeRoutes: Route[] = [
  { method: 'GET', pattern: /^\/unsubscribe$/, handler: (ctx) => choicesPage(ctx) },
  { method: 'POST', pattern: /^\/unsubscribe$/, handler: (ctx) => unsubscribeAction(ctx), oneClick: true },
];
