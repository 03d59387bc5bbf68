/**
 * Boards: create, publish, unpublish, and the agent-publishing setting
 * (docs/errors-scopes-limits.md#boards). Listing and reading them are in board-reads.ts, which the
 * core loads with the request path; this module loads on the first call of one of its functions.
 */
import { FeedbackBoardError } from '../domain/errors.js';
import type { Board } from '../domain/responses.js';
import { createBoardBody, type CreateBoardInput } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { assertBoardRoom } from './limits.js';
import { boardOf } from './lookup.js';
import { presentBoard } from './present.js';
import { emitBoardEvent } from './webhook-events.js';

export const AGENT_PUBLISHING_SETTING = 'agent_publishing';

/** The stored setting wins; without one, the server's own default applies. */
export async function agentPublishingEnabled(ctx: ServiceContext, tx: StorageTx): Promise<boolean> {
  const stored = await tx.getSetting(AGENT_PUBLISHING_SETTING);
  return stored === null ? ctx.agentPublishingDefault : stored === 'true';
}

export function createBoard(ctx: ServiceContext, caller: Caller, body: CreateBoardInput): Promise<Board> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(createBoardBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    if (await tx.getBoardBySlug(caller.organizationId, input.slug)) {
      throw new FeedbackBoardError('slug_taken', `The slug "${input.slug}" is already used by a board`);
    }
    await assertBoardRoom(ctx, tx, caller.organizationId);
    const board = await tx.insertBoard({
      organization_id: caller.organizationId,
      slug: input.slug,
      name: input.name,
      description: input.description ?? '',
      welcome_message: input.welcome_message ?? '',
      published: false,
      logo_url: null,
      created_at: now,
    });
    await emitBoardEvent(ctx, tx, board, 'board.created', {}, now);
    return presentBoard(board);
  });
}

/** 403 `publish_disabled` while agent publishing is off, whatever the board's state. */
export function publishBoard(ctx: ServiceContext, caller: Caller, slug: string): Promise<Board> {
  requireScope(caller.scope, 'write');
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    if (!(await agentPublishingEnabled(ctx, tx))) {
      throw new FeedbackBoardError('publish_disabled', 'Publishing through the API is disabled on this server');
    }
    if (board.published) return presentBoard(board);
    const published = (await tx.updateBoard(board.id, { published: true }))!;
    await emitBoardEvent(ctx, tx, published, 'board.published', {}, now);
    return presentBoard(published);
  });
}

/** Always allowed, idempotent; deletes nothing. */
export function unpublishBoard(ctx: ServiceContext, caller: Caller, slug: string): Promise<Board> {
  requireScope(caller.scope, 'write');
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    if (!board.published) return presentBoard(board);
    const unpublished = (await tx.updateBoard(board.id, { published: false }))!;
    await emitBoardEvent(ctx, tx, unpublished, 'board.unpublished', {}, now);
    return presentBoard(unpublished);
  });
}
