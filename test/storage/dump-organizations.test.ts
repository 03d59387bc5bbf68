/**
 * A dump whose row names a row of another organization (a Globex voter's vote on an Acme post, a
 * comment by another organization's voter, a tag of another board's organization, ...) is refused
 * by every adapter's loader, naming the line, and nothing is stored. One case per link of
 * `ORGANIZATION_LINKS`: the fixture's row of the table is made to name a copy, in the second
 * organization, of the row it named. The list itself is checked against the dump's references.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DUMP_REFERENCES } from '../../src/storage/dump-references.js';
import { ORGANIZATION_LINKS, type OrganizationLink } from '../../src/storage/dump-organizations.js';
import { DUMP_TABLES } from '../../src/storage/dump-tables.js';
import type { TableName } from '../../src/storage/record-store.js';
import { seedEverything } from '../node/dump-fixture.js';
import { dumpableStores, dumpOf, load } from '../node/dump-stores.js';

const stores = dumpableStores();
afterAll(() => stores.close());

/** The id every copy in the second organization gets. */
const COPY = 9001;

type Line = { table: TableName; row: Record<string, unknown> };

/**
 * The fixture's dump (organization 1 holds everything, organization 2 nothing) with, for every
 * table other rows name, a copy of its first row in organization 2 whose own links name copies.
 */
const fixture = (async () => {
  const { storage, port } = await stores.adapters.memory!();
  await seedEverything(storage);
  const [headerLine, ...rest] = (await dumpOf(port)).trimEnd().split('\n');
  const header = JSON.parse(headerLine!) as { counts: Record<string, number>; last_ids: Record<string, number> };
  const lines = rest.map((line) => JSON.parse(line) as Line);
  const named = new Set(Object.values(ORGANIZATION_LINKS).flatMap((links) => links!.map((l) => l.table)));
  const copies: Line[] = [];
  for (const { name } of DUMP_TABLES) {
    if (!named.has(name) || name === 'organizations') continue;
    const original = lines.find((line) => line.table === name)!.row;
    const row: Record<string, unknown> = { ...original, id: COPY };
    for (const l of ORGANIZATION_LINKS[name] ?? []) {
      if (l.when !== undefined || l.list || l.field.includes('.') || row[l.field] === null) continue;
      row[l.field] = l.table === 'organizations' ? 2 : COPY;
    }
    for (const unique of ['hash', 'email', 'slug', 'msg_id', 'sha256']) if (typeof row[unique] === 'string') row[unique] = `copy-${row[unique] as string}`;
    if (name === 'team_members' || name === 'voters') row['email'] = `copy@example.com`;
    // The second organization has its own default of each category already.
    if (name === 'statuses') row['is_default'] = false;
    copies.push({ table: name, row });
    header.counts[name] = (header.counts[name] ?? 0) + 1;
  }
  for (const key of Object.keys(header.last_ids)) header.last_ids[key] = Math.max(header.last_ids[key]!, COPY);
  // Each copy right after the rows of its table, so the dump keeps the tables' order.
  const ordered: Line[] = [];
  for (const { name } of DUMP_TABLES) ordered.push(...lines.filter((l) => l.table === name), ...copies.filter((c) => c.table === name));
  return { header, lines: ordered };
})();

const text = (header: unknown, lines: Line[]) => [JSON.stringify(header), ...lines.map((line) => JSON.stringify(line))].join('\n');

/** Every link of a table with more than one: a row of a table with one link belongs wholly to the organization it names. */
const CASES = Object.entries(ORGANIZATION_LINKS).flatMap(([table, links]) =>
  links!.length < 2 ? [] : links!.map((l) => ({ table: table as TableName, l, label: `${table}.${l.field} -> ${l.table}${l.when ? ` (${l.when.field} ${l.when.value})` : ''}` })),
);

describe('the organization links of dumped rows', () => {
  it('name every reference of the dump to a table that belongs to an organization, and every organization_id', async () => {
    const owned = new Set(['organizations', ...Object.keys(ORGANIZATION_LINKS)]);
    for (const [table, references] of Object.entries(DUMP_REFERENCES)) {
      for (const { fields, table: target } of references!) {
        if (!owned.has(target) || fields.length > 1) continue; // a company is named with its organization
        const links = ORGANIZATION_LINKS[table as TableName] ?? [];
        expect(links.some((l) => l.field === fields[0] && l.table === target), `${table}.${fields[0]} -> ${target}`).toBe(true);
      }
    }
    const { lines } = await fixture;
    for (const { table, row } of lines) {
      if (table === 'organizations' || !('organization_id' in row)) continue;
      expect(ORGANIZATION_LINKS[table]?.some((l) => l.field === 'organization_id'), table).toBe(true);
    }
  });

  it.each(['memory', 'sqlite'])('%s: the fixture with its copies in the second organization loads', async (adapter) => {
    const { header, lines } = await fixture;
    const store = await stores.adapters[adapter]!();
    await expect(load(store.port, text(header, lines))).resolves.toBeDefined();
  });
});

describe.each(CASES)('$label', ({ table, l }: { table: TableName; l: OrganizationLink }) => {
  it.each(['memory', 'sqlite'])('%s refuses a row naming a row of another organization, naming its line, and stores nothing', async (adapter) => {
    const { header, lines } = await fixture;
    const index = lines.findIndex((line) => line.table === table && line.row['id'] !== COPY);
    const row = structuredClone(lines[index]!.row);
    if (l.when) row[l.when.field] = l.when.value;
    // The row's other links name rows of the first organization (a link the fixture leaves empty is filled)...
    for (const other of ORGANIZATION_LINKS[table]!) {
      if (other === l || other.list || other.field.includes('.') || (other.when && row[other.when.field] !== other.when.value)) continue;
      if (row[other.field] === null || row[other.field] === undefined || row[other.field] === 0) {
        row[other.field] = other.table === 'organizations' ? 1 : lines.find((line) => line.table === other.table)!.row['id'];
      }
    }
    // ...and this one the copy, in the second organization, of a row of its table.
    setField(row, l, l.table === 'organizations' ? 2 : l.list ? [COPY] : COPY);
    let broken = [...lines.slice(0, index), { table, row }, ...lines.slice(index + 1)];
    let at = index;
    if (l.table === table) {
      // A row naming another of its own table (a reply its parent) comes after it, as in every dump.
      broken = broken.filter((_, i) => i !== index);
      at = broken.findIndex((line) => line.table === table && line.row['id'] === COPY) + 1;
      broken.splice(at, 0, { table, row });
    }
    const store = await stores.adapters[adapter]!();
    const empty = await dumpOf(store.port);
    const refusal = await load(store.port, text(header, broken)).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(new RegExp(`^line ${at + 2}: a row of ${table} (names rows of two organizations|of organization 1 names, by ${l.field.replace('.', '\\.')})`));
    expect(await dumpOf(store.port)).toBe(empty);
  });
});

/** Sets the field of a link, a nested one (a merge's `claim.api_key_id`) in a new object if need be. */
function setField(row: Record<string, unknown>, l: OrganizationLink, value: unknown): void {
  const [first, second] = l.field.split('.');
  if (second === undefined) row[first!] = value;
  else row[first!] = { ...((row[first!] as Record<string, unknown> | null) ?? {}), [second]: value };
}
