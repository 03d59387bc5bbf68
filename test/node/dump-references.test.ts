/**
 * A dump whose row names a missing row of another table (a vote of a missing post, a post of a
 * missing board, ...) is refused by the memory store as by SQLite's foreign keys: the line of the
 * row, its table and what it names are in the message, and nothing is stored. One case per
 * reference of `DUMP_REFERENCES`, each on a row of the fixture.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DUMP_REFERENCES } from '../../src/storage/dump-references.js';
import type { TableName } from '../../src/storage/record-store.js';
import { seedEverything } from './dump-fixture.js';
import { dumpableStores, dumpOf, load } from './dump-stores.js';

const stores = dumpableStores();
afterAll(() => stores.close());

const fixture = (async () => {
  const { storage, port } = await stores.adapters.memory!();
  await seedEverything(storage);
  return (await dumpOf(port)).trimEnd().split('\n');
})();

/** A value of a field's type that names no row. */
const missing = (value: unknown): unknown => (typeof value === 'number' ? 9999 : 'missing-row');

const CASES = Object.entries(DUMP_REFERENCES).flatMap(([table, references]) =>
  references!.map(({ fields, table: target }) => ({ table: table as TableName, fields, target, label: `${table}.${fields.join('+')} -> ${target}` })),
);

describe.each(CASES)('$label', ({ table, fields, target }) => {
  it.each(['memory', 'sqlite'])('%s refuses a row that names a missing one and stores nothing', async (adapter) => {
    const lines = await fixture;
    const index = lines.findIndex((line) => {
      const parsed = JSON.parse(line) as { table?: string; row?: Record<string, unknown> };
      return parsed.table === table && fields.every((field) => parsed.row![field] !== null && parsed.row![field] !== undefined);
    });
    expect(index, `the fixture has a row of ${table} with ${fields.join(', ')}`).toBeGreaterThan(0);
    const parsed = JSON.parse(lines[index]!) as { table: string; row: Record<string, unknown> };
    const row = { ...parsed.row };
    for (const field of fields) row[field] = missing(row[field]);
    const broken = [...lines.slice(0, index), JSON.stringify({ row, table }), ...lines.slice(index + 1)].join('\n');
    const store = await stores.adapters[adapter]!();
    const empty = await dumpOf(store.port);
    const refusal = load(store.port, broken);
    await expect(refusal).rejects.toThrow(new RegExp(`^lines? (\\d+)(-\\d+)?: the store refused a row of ${table}: `));
    const message = ((await refusal.catch((error: Error) => error)) as Error).message;
    const [, from, to = from] = /^lines? (\d+)(?:-(\d+))?/.exec(message)!;
    expect(index + 1).toBeGreaterThanOrEqual(Number(from));
    expect(index + 1).toBeLessThanOrEqual(Number(to));
    if (adapter === 'memory') {
      const named = fields.length === 1 ? `${fields[0]} ${JSON.stringify(row[fields[0]!])} refers` : `${fields.join(', ')} (${fields.map((f) => JSON.stringify(row[f])).join(', ')}) refer`;
      expect(message).toMatch(`: ${named} to no row of ${target}`);
    }
    expect(await dumpOf(store.port)).toBe(empty);
  });
});
