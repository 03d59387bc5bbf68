/**
 * The shared step "custom statuses" as IndexedDB runs it: every stored organization gets the five
 * default statuses (ids in the categories' order within each, from the `statuses` id counter),
 * and every post the default of its status in its board's organization as its label. Runs inside
 * the upgrade's `versionchange` transaction and awaits only its requests, so the transaction
 * stays active until the last row is written; a failure aborts the upgrade.
 */
import type { BoardRecord, OrganizationRecord, PostRecord } from '../../src/domain/records.js';
import type { StatusRecord } from '../../src/domain/statuses.js';
import { DEFAULT_STATUSES_V1 } from '../../src/storage/frozen-migration-rules.js';
import { ID_COUNTERS_STORE } from '../../src/storage/record-store.js';
import type { UpgradeTransaction } from './build-aggregates.js';

export function addDefaultStatuses(tx: UpgradeTransaction): void {
  void (async () => {
    const counters = tx.objectStore(ID_COUNTERS_STORE.name);
    let next = ((await counters.get('statuses')) as { next: number } | undefined)?.next ?? 1;
    const statuses = tx.objectStore('statuses');
    /** The default label of each category, by organization. */
    const defaults = new Map<number, Map<string, number>>();
    const organizations = (await tx.objectStore('organizations').getAll()) as OrganizationRecord[];
    for (const organization of organizations.sort((a, b) => a.id - b.id)) {
      const byCategory = new Map<string, number>();
      for (const [position, [category, name, color]] of DEFAULT_STATUSES_V1.entries()) {
        const row = { id: next++, organization_id: organization.id, name, color, category, position, is_default: true } as StatusRecord;
        await statuses.put(row);
        byCategory.set(category, row.id);
      }
      defaults.set(organization.id, byCategory);
    }
    await counters.put({ table: 'statuses', next });
    const boards = new Map(((await tx.objectStore('boards').getAll()) as BoardRecord[]).map((board) => [board.id, board.organization_id]));
    const posts = tx.objectStore('posts');
    for (const post of (await posts.getAll()) as PostRecord[]) {
      const label = defaults.get(boards.get(post.board_id)!)?.get(post.status);
      await posts.put({ ...post, status_label_id: label! });
    }
  })().catch(() => {
    // A failed request aborts the upgrade transaction, which fails the open with its error.
    try {
      tx.abort();
    } catch {
      // already finished
    }
  });
}
