/**
 * Private boards in the pages (docs/private-boards.md): which boards a request may see, and the
 * team's settings in the storage. A board the request may not see is answered exactly as a board
 * that does not exist, so every check here reads the same rows whatever the answer: the board by
 * slug, its access settings and the voter's claims (a missing board or voter reads id 0, which no
 * row has).
 */
import type { FeedbackBoard } from '../board.js';
import type { BoardAccessRecord } from '../domain/board-access.js';
import { notFound } from '../domain/errors.js';
import type { BoardRecord, VoterRecord } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import { mayView, PUBLIC_ACCESS, type BoardAccessSettings, type BoardViewer } from './board-access-rules.js';
import type { PageContext } from './context.js';

/** Who is signed in, as far as board access goes: a team member, a voter, or neither. */
export interface SignedIn {
  member: boolean;
  voter: VoterRecord | null;
}

/** Reads the viewer's claims in `tx`: the same read whether or not a voter is signed in. */
async function viewerIn(tx: StorageTx, who: SignedIn): Promise<BoardViewer> {
  const claims = await tx.getVoterClaims(who.voter?.id ?? 0);
  return { member: who.member, email: who.voter?.email ?? null, claims: who.voter ? (claims?.claims ?? null) : null };
}

/** Whether the board `boardId` (draft or published) is public, or private and open to `who`. */
export async function accessOpenIn(tx: StorageTx, boardId: number, who: SignedIn): Promise<boolean> {
  const settings = await tx.getBoardAccess(boardId);
  return mayView(settings, await viewerIn(tx, who));
}

/** Whether `who` may see the board read in `tx` (published, and public or open to them). */
export async function boardOpenIn(tx: StorageTx, record: BoardRecord | null, who: SignedIn): Promise<boolean> {
  const open = await accessOpenIn(tx, record?.id ?? 0, who);
  return record !== null && record.published && open;
}

/** The organization's board `slug` when `who` may see it on the public pages, else null. */
export function openBoard(board: FeedbackBoard, organizationId: number, slug: string, who: SignedIn): Promise<BoardRecord | null> {
  return board.storage.transaction('read', async (tx) => {
    const record = await tx.getBoardBySlug(organizationId, slug);
    return (await boardOpenIn(tx, record, who)) ? record : null;
  });
}

/** Who the request of `ctx` is, as far as board access goes. */
export const signedInOf = (ctx: PageContext): SignedIn => ({ member: ctx.member !== null, voter: ctx.voter });

/** The ids of the boards among `boardIds` that `who` may see (each published and open to them). */
export function openBoardIds(board: FeedbackBoard, boardIds: readonly number[], who: SignedIn): Promise<Set<number>> {
  return board.storage.transaction('read', async (tx) => {
    const open = new Set<number>();
    for (const id of boardIds) if (await boardOpenIn(tx, await tx.getBoard(id), who)) open.add(id);
    return open;
  });
}

/** The ids of the boards among `boardIds` whose access is private (for what search engines are told). */
export function privateBoardIds(board: FeedbackBoard, boardIds: readonly number[]): Promise<Set<number>> {
  return board.storage.transaction('read', async (tx) => {
    const closed = new Set<number>();
    for (const id of boardIds) if ((await tx.getBoardAccess(id))?.access === 'private') closed.add(id);
    return closed;
  });
}

/** The access settings of the organization's board `slug` (public when none were saved); `not_found` for no such board. */
export function boardAccessOf(board: FeedbackBoard, organizationId: number, slug: string): Promise<BoardAccessSettings> {
  return board.storage.transaction('read', async (tx) => {
    const record = await tx.getBoardBySlug(organizationId, slug);
    if (!record) throw notFound('Board not found');
    return (await tx.getBoardAccess(record.id)) ?? PUBLIC_ACCESS;
  });
}

/** Stores the access settings of the organization's board `slug`, already checked by `parseBoardAccess`. */
export async function saveBoardAccess(board: FeedbackBoard, organizationId: number, slug: string, settings: BoardAccessSettings): Promise<void> {
  const updatedAt = new Date(board.clock.now()).toISOString();
  await board.storage.transaction('write', async (tx) => {
    const record = await tx.getBoardBySlug(organizationId, slug);
    if (!record) throw notFound('Board not found');
    const row: BoardAccessRecord = { board_id: record.id, organization_id: organizationId, ...settings, updated_at: updatedAt };
    await tx.putBoardAccess(row);
  });
}
