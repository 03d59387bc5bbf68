/** The access aggregate over the record store: boards' access settings, voters' SSO claims. */
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';

export function accessMethods(store: RecordStore): AggregateMethods<'access'> {
  const boards = store.table('board_access');
  const claims = store.table('voter_claims');
  return {
    async getBoardAccess(boardId) {
      const row = await boards.get(boardId);
      return row ? cloneRow(row) : null;
    },
    async putBoardAccess(row) {
      await boards.put(cloneRow(row));
    },
    async getVoterClaims(voterId) {
      const row = await claims.get(voterId);
      return row ? cloneRow(row) : null;
    },
    async putVoterClaims(row) {
      await claims.put(cloneRow(row));
    },
  };
}
