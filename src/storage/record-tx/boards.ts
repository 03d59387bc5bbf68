/** The boards aggregate over the record store: boards, their tags, and what imports made in them. */
import type { BoardRecord, TagRecord } from '../../domain/records.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { foldCase } from '../text.js';
import { byCreatedAsc, byIdAsc, distinct, patched } from './shared.js';

const BOARD_PATCH_FIELDS = ['name', 'description', 'welcome_message', 'published', 'logo_url'] as const;

export function boardsMethods(store: RecordStore): AggregateMethods<'boards'> {
  const boards = store.table('boards');
  const tags = store.table('tags');
  const postTags = store.table('post_tags');
  const importSources = store.table('import_sources');

  async function tagBySlug(boardId: number, slug: string): Promise<TagRecord | null> {
    const [first] = (await tags.getAllFromIndex('by_board_slug', [boardId, slug])).sort(byIdAsc);
    return first ? cloneRow(first) : null;
  }

  return {
    async insertBoard(row) {
      const record: BoardRecord = {
        id: await store.nextId('boards'),
        organization_id: row.organization_id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        welcome_message: row.welcome_message,
        published: row.published,
        logo_url: row.logo_url,
        created_at: row.created_at,
      };
      await boards.put(record);
      return cloneRow(record);
    },
    async getBoard(id) {
      const row = await boards.get(id);
      return row ? cloneRow(row) : null;
    },
    async getBoardBySlug(organizationId, slug) {
      const [first] = (await boards.getAllFromIndex('by_organization_slug', [organizationId, slug])).sort(byIdAsc);
      return first ? cloneRow(first) : null;
    },
    async listBoards(organizationId) {
      const rows = await boards.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byCreatedAsc).map((row) => cloneRow(row));
    },
    async updateBoard(id, patch) {
      const row = await boards.get(id);
      if (!row) return null;
      const next = patched<BoardRecord, (typeof BOARD_PATCH_FIELDS)[number]>(row, patch, BOARD_PATCH_FIELDS);
      await boards.put(next);
      return cloneRow(next);
    },

    async ensureTags(boardId, names) {
      const result: TagRecord[] = [];
      const seen = new Set<string>();
      for (const name of names) {
        const slug = foldCase(name);
        if (seen.has(slug)) continue;
        seen.add(slug);
        let tag = await tagBySlug(boardId, slug);
        if (!tag) {
          tag = { id: await store.nextId('tags'), board_id: boardId, name, slug };
          await tags.put(tag);
        }
        result.push(tag);
      }
      return result;
    },
    getTagBySlug: tagBySlug,
    async setPostTags(postId, tagIds) {
      const current = await postTags.getAllFromIndex('by_post', postId);
      const wanted = new Set(tagIds);
      for (const link of current) {
        if (!wanted.has(link.tag_id)) await postTags.delete([link.post_id, link.tag_id]);
      }
      const kept = new Set(current.map((link) => link.tag_id));
      for (const tagId of wanted) {
        if (!kept.has(tagId)) await postTags.put({ post_id: postId, tag_id: tagId });
      }
    },
    async getTagsOfPosts(postIds) {
      const result = new Map<number, TagRecord[]>();
      for (const postId of distinct(postIds)) {
        const links = await postTags.getAllFromIndex('by_post', postId);
        const found: TagRecord[] = [];
        for (const link of links) {
          const tag = await tags.get(link.tag_id);
          if (tag) found.push(cloneRow(tag));
        }
        result.set(postId, found.sort(byIdAsc));
      }
      return result;
    },
    // Tags are indexed by board and slug only; this runs only when a request would add a tag.
    async countTags(boardId) {
      return (await tags.getAll()).filter((tag) => tag.board_id === boardId).length;
    },
    // As countTags: a scan, run only where the pages offer a board's tags to choose from.
    async listTags(boardId) {
      return (await tags.getAll())
        .filter((tag) => tag.board_id === boardId)
        .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.id - b.id))
        .map(cloneRow);
    },

    async listImportSources(boardId) {
      return (await importSources.getAllFromIndex('by_board', boardId)).map(cloneRow);
    },
    async insertImportSource(row) {
      await importSources.put({ board_id: row.board_id, source_id: row.source_id, record_id: row.record_id, imported_at: row.imported_at });
    },
  };
}
