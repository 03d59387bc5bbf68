/**
 * Saved views of the dashboard's posts list: stored as written (a hostile name and a query string
 * byte for byte), listed per organization oldest first, renamed and removed one at a time, and
 * never shown to, renamed or removed through another organization's list; ids are not reused.
 */
import type { SavedViewRecord } from '../src/domain/saved-views.js';
import type { NewRecord } from '../src/storage/contract.js';
import { at, newOrganization } from './fixtures.js';
import type { SuiteContext } from './harness.js';

function newView(organizationId: number, overrides: Partial<NewRecord<SavedViewRecord>> = {}): NewRecord<SavedViewRecord> {
  return { organization_id: organizationId, name: 'Planned UX', query: 'board=features&status_label=4&tag=ux', created_at: at(1), ...overrides };
}

export function savedViewTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Two organizations. */
  async function seed() {
    return ctx.write(async (tx) => {
      const acme = await tx.insertOrganization(newOrganization());
      const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
      return { acme: acme.id, globex: globex.id };
    });
  }

  ctx.t.describe('saved views', () => {
    ctx.test('a saved view reads back exactly as written, a hostile name and query included', async () => {
      const s = await seed();
      const row = newView(s.acme, { name: '<script>alert(1)</script> \u{1F680} "Größe" & co', query: 'field=plan%3APro+%26+more&q=%27%3B+DROP' });
      const stored = await ctx.write((tx) => tx.insertSavedView(row));
      expect(stored).toEqual({ id: stored.id, ...row });
      expect(await ctx.read((tx) => tx.getSavedView(stored.id))).toEqual(stored);
      expect(await ctx.read((tx) => tx.getSavedView(stored.id + 1000))).toBeNull();
      const empty = await ctx.write((tx) => tx.insertSavedView(newView(s.acme, { name: 'Everything', query: '' })));
      expect((await ctx.read((tx) => tx.getSavedView(empty.id)))?.query).toBe('');
    });

    ctx.test("an organization's views are listed oldest first, and never another organization's", async () => {
      const s = await seed();
      const ids = await ctx.write(async (tx) => {
        const first = await tx.insertSavedView(newView(s.acme, { name: 'Zeta', created_at: at(1) }));
        const theirs = await tx.insertSavedView(newView(s.globex, { name: 'Theirs', created_at: at(2) }));
        const second = await tx.insertSavedView(newView(s.acme, { name: 'Alpha', created_at: at(3) }));
        return { first: first.id, theirs: theirs.id, second: second.id };
      });
      expect((await ctx.read((tx) => tx.listSavedViews(s.acme))).map((v) => v.id)).toEqual([ids.first, ids.second]);
      expect((await ctx.read((tx) => tx.listSavedViews(s.globex))).map((v) => v.name)).toEqual(['Theirs']);
      expect(await ctx.read((tx) => tx.listSavedViews(s.globex + 1000))).toEqual([]);
    });

    ctx.test('renaming changes one view and its name only; a missing view is null', async () => {
      const s = await seed();
      const [mine, other] = await ctx.write(async (tx) => [await tx.insertSavedView(newView(s.acme)), await tx.insertSavedView(newView(s.acme, { name: 'Other', query: 'tag=api' }))]);
      const renamed = await ctx.write((tx) => tx.renameSavedView(mine!.id, 'Planned — UX ✓'));
      expect(renamed).toEqual({ ...mine!, name: 'Planned — UX ✓' });
      expect(await ctx.read((tx) => tx.getSavedView(mine!.id))).toEqual(renamed);
      expect(await ctx.read((tx) => tx.getSavedView(other!.id))).toEqual(other);
      expect(await ctx.write((tx) => tx.renameSavedView(other!.id + 1000, 'Nothing'))).toBeNull();
    });

    ctx.test('removing a view removes it alone; a second removal is false; ids are not reused', async () => {
      const s = await seed();
      const [mine, kept, theirs] = await ctx.write(async (tx) => [
        await tx.insertSavedView(newView(s.acme)),
        await tx.insertSavedView(newView(s.acme, { name: 'Kept' })),
        await tx.insertSavedView(newView(s.globex)),
      ]);
      expect(await ctx.write((tx) => tx.deleteSavedView(mine!.id))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteSavedView(mine!.id))).toBe(false);
      expect(await ctx.read((tx) => tx.getSavedView(mine!.id))).toBeNull();
      expect(await ctx.read((tx) => tx.listSavedViews(s.acme))).toEqual([kept]);
      expect(await ctx.read((tx) => tx.listSavedViews(s.globex))).toEqual([theirs]);
      const again = await ctx.write((tx) => tx.insertSavedView(newView(s.acme)));
      expect(again.id).toBeGreaterThan(theirs!.id);
    });

    ctx.test('a view written in a transaction that fails is not stored', async () => {
      const s = await seed();
      await expect(
        ctx.write(async (tx) => {
          await tx.insertSavedView(newView(s.acme));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await ctx.read((tx) => tx.listSavedViews(s.acme))).toEqual([]);
    });
  });
}
