/** The moderation aggregate over the record store: boards' moderation setting and held posts. */
import type { HeldPostRecord } from '../../domain/held-posts.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byCreatedAsc, byIdAsc } from './shared.js';

export function moderationMethods(store: RecordStore): AggregateMethods<'moderation'> {
  const boards = store.table('moderated_boards');
  const held = store.table('held_posts');

  return {
    async isBoardModerated(boardId) {
      return (await boards.get(boardId)) !== undefined;
    },
    async setBoardModerated(boardId, moderated) {
      if (moderated) await boards.put({ board_id: boardId });
      else await boards.delete(boardId);
    },
    async insertHeldPost(row) {
      const record: HeldPostRecord = {
        id: await store.nextId('held_posts'),
        organization_id: row.organization_id,
        board_id: row.board_id,
        voter_id: row.voter_id,
        title: row.title,
        body: row.body,
        tag_slugs: [...row.tag_slugs].sort(),
        created_at: row.created_at,
        state: 'waiting',
        reason: '',
        decided_at: null,
        decided_by: null,
        post_id: null,
        fields: row.fields ? { ...row.fields } : null,
      };
      await held.put(record);
      return cloneRow(record);
    },
    async getHeldPost(id) {
      const row = await held.get(id);
      return row ? cloneRow(row) : null;
    },
    async decideHeldPost(id, decision) {
      const row = await held.get(id);
      if (!row) return null;
      const { state, reason, decided_at, decided_by, post_id } = decision;
      const updated: HeldPostRecord = { ...cloneRow(row), state, reason, decided_at, decided_by, post_id };
      await held.put(updated);
      return cloneRow(updated);
    },
    async listHeldPosts(organizationId, state) {
      const rows = await held.getAllFromIndex('by_organization_state', [organizationId, state]);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async countHeldPosts(organizationId, state) {
      return (await held.getAllFromIndex('by_organization_state', [organizationId, state])).length;
    },
    async listVoterHeldPosts(voterId, since) {
      const rows = await held.getAllFromIndex('by_voter', voterId);
      return rows.filter((row) => row.created_at >= since).sort(byCreatedAsc).map((row) => cloneRow(row));
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default moderationMethods;
