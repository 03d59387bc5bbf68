/** The access aggregate of the storage contract: boards' access settings and voters' SSO claims. */
import type { BoardAccessRecord, VoterClaimsRecord } from '../../domain/board-access.js';
import type { AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Who may see a private board, and what a voter's last SSO token said about them. */
export interface AccessTx {
  /** The access settings of a board, or null when none were ever saved (the board is public). */
  getBoardAccess(boardId: number): Promise<BoardAccessRecord | null>;
  /** Stores a board's access settings, replacing any saved before. */
  putBoardAccess(row: BoardAccessRecord): Promise<void>;
  /** The claims a voter's last SSO sign-in carried, or null when they never signed in by SSO. */
  getVoterClaims(voterId: number): Promise<VoterClaimsRecord | null>;
  /** Stores a voter's claims, replacing any stored before. */
  putVoterClaims(row: VoterClaimsRecord): Promise<void>;
}

/** The access aggregate: which methods write; no generic fallbacks. */
export const ACCESS_AGGREGATE = {
  writes: {
    getBoardAccess: false,
    putBoardAccess: true,
    getVoterClaims: false,
    putVoterClaims: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<AccessTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const ACCESS_SCOPES = {
  // access: a board's settings under its board, a voter's claims under the voter
  getBoardAccess: 'board',
  putBoardAccess: 'board.board_id',
  getVoterClaims: 'voter',
  putVoterClaims: 'voter.voter_id',
} satisfies ScopeTable<AccessTx>;
