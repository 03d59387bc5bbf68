/**
 * The changelog aggregate over the record store: a board's entries read by its index and
 * ordered here; the due ones found by reading every entry (a record store holds few, and its
 * indexes skip no published rows).
 */
import type { ChangelogEntryRecord } from '../../domain/changelog-entries.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { pageOf } from './shared.js';

type Entry = ReadonlyRow<ChangelogEntryRecord>;

/** When an entry was or is to be published: the order of a board's list. */
const shownAt = (entry: Entry): string => entry.published_at ?? entry.publish_at ?? entry.created_at;

const latestFirst = (a: Entry, b: Entry): number => {
  const [x, y] = [shownAt(a), shownAt(b)];
  return x === y ? b.id - a.id : x < y ? 1 : -1;
};

export function changelogMethods(store: RecordStore): AggregateMethods<'changelog'> {
  const entries = store.table('changelog_entries');
  return {
    async insertChangelogEntry(row) {
      const entry: ChangelogEntryRecord = { id: await store.nextId('changelog_entries'), ...cloneRow(row) };
      await entries.put(entry);
      return cloneRow(entry);
    },
    async getChangelogEntry(id) {
      const row = await entries.get(id);
      return row ? cloneRow(row) : null;
    },
    async listChangelogEntries(boardId, query) {
      const rows = await entries.getAllFromIndex('by_board', boardId);
      const listed = query.state === undefined ? rows : rows.filter((row) => (row.published_at !== null) === (query.state === 'published'));
      return pageOf(listed.sort(latestFirst), query);
    },
    async listDueChangelogEntries(now, limit, boardId) {
      const rows = boardId === undefined ? await entries.getAll() : await entries.getAllFromIndex('by_board', boardId);
      return rows
        .filter((row) => row.published_at === null && row.publish_at !== null && row.publish_at <= now)
        .sort((a, b) => (a.publish_at === b.publish_at ? a.id - b.id : a.publish_at! < b.publish_at! ? -1 : 1))
        .slice(0, limit)
        .map((row) => row.id);
    },
    async publishChangelogEntry(id, now) {
      const row = await entries.get(id);
      if (!row || row.published_at !== null) return null;
      const published: ChangelogEntryRecord = { ...cloneRow(row), published_at: now };
      await entries.put(published);
      return cloneRow(published);
    },
    async updateChangelogEntry(id, changes, unpublished) {
      const row = await entries.get(id);
      if (!row || (unpublished && row.published_at !== null)) return null;
      const changed: ChangelogEntryRecord = { ...cloneRow(row), ...cloneRow(changes) };
      await entries.put(changed);
      return cloneRow(changed);
    },
    async deleteChangelogEntry(id) {
      if (!(await entries.get(id))) return false;
      await entries.delete(id);
      return true;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default changelogMethods;
