/**
 * Each organization's statuses over the record store (part of the accounts aggregate), and the
 * rule every post write keeps: a post's label is of its status's category, the category's default
 * when a status is written without one.
 */
import type { PostRecord, PostStatus } from '../../domain/records.js';
import { DEFAULT_STATUSES, type StatusRecord } from '../../domain/statuses.js';
import type { AccountsTx } from '../contract/accounts.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { patched } from './shared.js';

const STATUS_PATCH_FIELDS = ['name', 'color', 'position'] as const;

const byPosition = (a: StatusRecord, b: StatusRecord): number => a.position - b.position || a.id - b.id;

type StatusMethods = Pick<AccountsTx, 'listStatuses' | 'getStatus' | 'insertStatus' | 'updateStatus' | 'deleteStatus'>;

/** Writes the five default statuses of a new organization, ids in the categories' order. */
export async function insertDefaultStatuses(store: RecordStore, organizationId: number): Promise<void> {
  const statuses = store.table('statuses');
  for (const [position, status] of DEFAULT_STATUSES.entries()) {
    const id = await store.nextId('statuses');
    await statuses.put({ id, organization_id: organizationId, name: status.name, color: status.color, category: status.category, position, is_default: true });
  }
}

/** The id of the default status of `category` in the organization of `boardId`. */
export async function defaultLabelOf(store: RecordStore, boardId: number, category: PostStatus): Promise<number> {
  const board = await store.table('boards').get(boardId);
  const statuses = board === undefined ? [] : await store.table('statuses').getAllFromIndex('by_organization', board.organization_id);
  const status = statuses.find((row) => row.is_default && row.category === category);
  if (status === undefined) throw new Error(`feedback-board: board ${boardId} has no default status for ${category}`);
  return status.id;
}

export function statusMethods(store: RecordStore): StatusMethods {
  const statuses = store.table('statuses');
  return {
    async listStatuses(organizationId) {
      return (await statuses.getAllFromIndex('by_organization', organizationId)).sort(byPosition).map((row) => cloneRow(row));
    },
    async getStatus(id) {
      const row = await statuses.get(id);
      return row ? cloneRow(row) : null;
    },
    async insertStatus(row) {
      const record: StatusRecord = { id: await store.nextId('statuses'), ...row };
      await statuses.put(record);
      return cloneRow(record);
    },
    async updateStatus(id, patch) {
      const row = await statuses.get(id);
      if (!row) return null;
      const next = patched<StatusRecord, (typeof STATUS_PATCH_FIELDS)[number]>(row, patch, STATUS_PATCH_FIELDS);
      await statuses.put(next);
      return cloneRow(next);
    },
    async deleteStatus(id) {
      const row = await statuses.get(id);
      if (!row) return null;
      const fallback = (await statuses.getAllFromIndex('by_organization', row.organization_id)).find(
        (status) => status.is_default && status.category === row.category,
      );
      // A label's posts are of its category, so the organization's boards' posts of that status hold them.
      const posts = store.table('posts');
      const moved: PostRecord[] = [];
      for (const board of await store.table('boards').getAllFromIndex('by_organization', row.organization_id)) {
        for (const post of await posts.getAllFromIndex('by_board_status', [board.id, row.category])) if (post.status_label_id === id) moved.push(post);
      }
      for (const post of moved) await posts.put({ ...post, status_label_id: fallback!.id });
      await statuses.delete(id);
      return moved.length;
    },
  };
}
