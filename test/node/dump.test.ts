/**
 * Dumps (src/node/dump.ts) between every pair of memory, SQLite and PostgreSQL: a store loaded from
 * another's dump answers every read identically, hands out the same next ids, and dumps to the same
 * bytes; a load into a non-empty store, of a newer format, or of a bad line stores nothing.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DumpImportError } from '../../src/node/dump.js';
import { ON_PGLITE } from '../adapters/postgres/server.js';
import { answers, nextIds, seedEverything } from './dump-fixture.js';
import { dumpableStores, dumpOf, load } from './dump-stores.js';

if (ON_PGLITE) vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
else vi.setConfig({ testTimeout: 30_000 });

const stores = dumpableStores();
const ADAPTERS = stores.adapters;
afterAll(() => stores.close(), 300_000);

describe.each(Object.keys(ADAPTERS))('from %s', (from) => {
  /**
   * The source store, seeded, with its dump, answers and next ids: made once for the three
   * targets, which only read it. Its next ids are read once, last, as a read of them takes ids
   * (PostgreSQL's sequences keep the ids of a rolled-back insert).
   */
  let source: Promise<{ dump: string; answers: unknown; nextIds: unknown }> | undefined;
  const sourceOnce = () =>
    (source ??= (async () => {
      const { storage, port } = await ADAPTERS[from]!();
      await seedEverything(storage);
      const dump = await dumpOf(port);
      return { dump, answers: await answers(storage), nextIds: await nextIds(storage) };
    })());

  it.each(Object.keys(ADAPTERS))('to %s and back: the same answers, next ids and bytes', async (to) => {
    const { dump, answers: expected, nextIds: expectedIds } = await sourceOnce();
    const target = await ADAPTERS[to]!();
    await load(target.port, dump);
    expect(await answers(target.storage)).toEqual(expected);
    const again = await ADAPTERS[from]!();
    await load(again.port, await dumpOf(target.port));
    expect(await dumpOf(again.port)).toBe(dump);
    // Last: a PostgreSQL sequence keeps the ids a rolled-back insert took.
    expect(await nextIds(target.storage)).toEqual(expectedIds);
  });
});

/** `dump` as a version before custom statuses wrote it: no statuses rows, no post's label. */
function beforeStatuses(dump: string): string {
  const [head, ...lines] = dump.trimEnd().split('\n');
  const header = JSON.parse(head!) as { counts: Record<string, number>; last_ids: Record<string, number> };
  delete header.counts['statuses'];
  delete header.last_ids['statuses'];
  const rows = lines
    .map((line) => JSON.parse(line) as { table: string; row: Record<string, unknown> })
    .filter(({ table }) => table !== 'statuses')
    .map(({ table, row }) => {
      if (table === 'posts') delete row['status_label_id'];
      return JSON.stringify({ table, row });
    });
  return [JSON.stringify(header), ...rows].join('\n') + '\n';
}

describe.each(Object.keys(ADAPTERS))('to %s, a dump written before custom statuses', (to) => {
  it("gives each organization the five default statuses and each post its category's default, as an upgrade does", async () => {
    const source = await ADAPTERS.memory!();
    await seedEverything(source.storage);
    const target = await ADAPTERS[to]!();
    await load(target.port, beforeStatuses(await dumpOf(source.port)));
    await target.storage.transaction('read', async (tx) => {
      const organizations = await tx.listOrganizations();
      expect(organizations.length).toBeGreaterThan(1);
      for (const [i, organization] of organizations.entries()) {
        const statuses = await tx.listStatuses(organization.id);
        expect(statuses.map((s) => [s.id, s.category, s.is_default])).toEqual(
          ['open', 'planned', 'in_progress', 'shipped', 'declined'].map((category, position) => [i * 5 + position + 1, category, true]),
        );
        for (const board of await tx.listBoards(organization.id)) {
          for (const post of (await tx.listPosts(board.id, { sort: 'new', limit: 100, offset: 0 })).rows) {
            const { status } = await tx.getPostParts(post.id, post.status_label_id);
            expect([post.id, status?.organization_id, status?.category, status?.is_default]).toEqual([post.id, organization.id, post.status, true]);
          }
        }
      }
    });
    // A new status gets the id after the defaults made on import.
    const count = await target.storage.transaction('read', async (tx) => (await tx.listOrganizations()).length);
    const made = await target.storage.transaction('write', (tx) =>
      tx.insertStatus({ organization_id: 1, name: 'Under review', color: '#6b21a8', category: 'open', position: 9, is_default: false }),
    );
    expect(made.id).toBe(count * 5 + 1);
  });
});

describe('refusals leave the store as it was', () => {
  it('the dump names every table with its count and carries no session', async () => {
    const { storage, port } = await ADAPTERS.sqlite!();
    await seedEverything(storage);
    const [header, ...lines] = (await dumpOf(port)).trimEnd().split('\n');
    const { counts, last_ids, format_version } = JSON.parse(header!) as { counts: Record<string, number>; last_ids: Record<string, number>; format_version: number };
    expect(format_version).toBe(1);
    expect(counts['posts']).toBe(5);
    // Two more were made: one deleted for good, one in the trash (a row of deleted_posts).
    expect(last_ids['posts']).toBe(7);
    expect(counts['deleted_posts']).toBe(1);
    expect(lines.length).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    expect(lines.some((line) => line.includes('session-1'))).toBe(false);
    for (const table of ['webhook_attempts', 'held_posts', 'post_merges', 'oauth_grants', 'oauth_tokens', 'reactions', 'claims']) expect(counts[table]).toBeGreaterThan(0);
  });

  it.each(Object.keys(ADAPTERS))('%s: a store that holds data is refused and unchanged', async (name) => {
    const source = await ADAPTERS.memory!();
    await seedEverything(source.storage);
    const dump = await dumpOf(source.port);
    const target = await ADAPTERS[name]!();
    await target.storage.transaction('write', async (tx) => void (await tx.insertOrganization({ name: 'Mine', created_at: '2026-01-01T00:00:00.000Z' })));
    const before = await dumpOf(target.port);
    await expect(load(target.port, dump)).rejects.toThrow(/already holds data/);
    expect(await dumpOf(target.port)).toBe(before);
  });

  it.each(Object.keys(ADAPTERS))('%s: a newer format, a corrupt line or a cut-short dump stores nothing', async (name) => {
    const source = await ADAPTERS.memory!();
    await seedEverything(source.storage);
    const lines = (await dumpOf(source.port)).trimEnd().split('\n');
    const target = await ADAPTERS[name]!();
    const empty = await dumpOf(target.port);
    const newer = [lines[0]!.replace('"format_version":1', '"format_version":2'), ...lines.slice(1)].join('\n');
    await expect(load(target.port, newer)).rejects.toThrow(/format version 2.*reads up to 1/);
    const corrupt = [...lines.slice(0, 20), lines[20]!.slice(0, 15), ...lines.slice(21)].join('\n');
    await expect(load(target.port, corrupt)).rejects.toThrow(/^line 21: not a JSON line/);
    await expect(load(target.port, lines.slice(0, -3).join('\n'))).rejects.toThrow(/cut short/);
    const badRow = lines.map((line) => (line.includes('"table":"votes"') ? line.replace(/"post_id":\d+/, '"post_id":9999') : line)).join('\n');
    await expect(load(target.port, badRow)).rejects.toThrow(/^lines? \d+(-\d+)?: the store refused a row of votes/);
    const unknownTable = [...lines, '{"row":{},"table":"nope"}'].join('\n');
    await expect(load(target.port, unknownTable)).rejects.toThrow(`line ${lines.length + 1}: no known "table"`);
    expect(await dumpOf(target.port)).toBe(empty);
    await expect(load(target.port, 'not json')).rejects.toBeInstanceOf(DumpImportError);
  });
});
