/**
 * Boards read: the organization's list and one board (docs/errors-scopes-limits.md#boards). The
 * request path's reads, apart from the writes (boards.ts), which load on their first call.
 */
import type { Board, BoardList } from '../domain/responses.js';
import { read, type Caller, type ServiceContext } from './context.js';
import { boardOf } from './lookup.js';
import { presentBoard } from './present.js';

export function listBoards(ctx: ServiceContext, caller: Caller): Promise<BoardList> {
  return read(ctx, async (tx) => ({ boards: (await tx.listBoards(caller.organizationId)).map(presentBoard) }));
}

export function getBoard(ctx: ServiceContext, caller: Caller, slug: string): Promise<Board> {
  return read(ctx, async (tx) => presentBoard(await boardOf(tx, caller, slug)));
}
