/**
 * What imports made, by source id, per board: listed for the board alone, whatever the source id's
 * characters, and a source id kept after the record it names is deleted (a deleted post stays
 * imported). A second insert of the same source id in a board is refused by the store.
 */
import { at, newBoard, newOrganization, newPost } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function importSourceTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  ctx.t.describe('import sources', () => {
    ctx.test('listed per board, with the record each names, also once that record is deleted', async () => {
      const { board, other, post } = await ctx.write(async (tx) => {
        const organization = (await tx.insertOrganization(newOrganization())).id;
        const board = (await tx.insertBoard(newBoard(organization))).id;
        const other = (await tx.insertBoard(newBoard(organization, { slug: 'other' }))).id;
        const post = (await tx.insertPost(newPost(board))).id;
        return { board, other, post };
      });
      const source = (board_id: number, source_id: string, record_id: number, minute: number) => ({ board_id, source_id, record_id, imported_at: at(minute) });
      await ctx.write(async (tx) => {
        await tx.insertImportSource(source(board, 'post:fider:1', post, 1));
        await tx.insertImportSource(source(board, 'comment:canny:5f3a\u00e9\u{1F600}', 7, 2));
        await tx.insertImportSource(source(other, 'post:fider:1', 99, 3));
      });
      const byId = (rows: Array<{ source_id: string }>) => [...rows].sort((a, b) => (a.source_id < b.source_id ? -1 : 1));
      await ctx.read(async (tx) => {
        expect(byId(await tx.listImportSources(board))).toEqual([
          source(board, 'comment:canny:5f3a\u00e9\u{1F600}', 7, 2),
          source(board, 'post:fider:1', post, 1),
        ]);
        expect(await tx.listImportSources(other)).toEqual([source(other, 'post:fider:1', 99, 3)]);
        expect(await tx.listImportSources(other + 1)).toEqual([]);
      });
      await ctx.write(async (tx) => void (await tx.deletePost(post)));
      expect(await ctx.read((tx) => tx.listImportSources(board))).toHaveLength(2);
    });
  });
}
