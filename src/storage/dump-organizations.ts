/**
 * Which organization each dumped row belongs to, through the rows it names: a vote names a post
 * (of a board of an organization) and a voter (of an organization), and both must be the same
 * one. No store can say this with a foreign key, so a dump's loader checks it here, row by row,
 * and a dump in which a row of one organization names a row of another is refused, whatever the
 * adapter. Every field of a dumped table that names a row of a table with an organization is
 * listed, the conditional ones (an activity entry's actor, a sign-in link's subject) with the
 * field that says which table they name: the list is generated from the tables' declaration
 * (`dump-organization-list.ts`: each table's references to tables of an organization, and the
 * links its `record.links` declares); a test compares it with the dump's tables.
 */
import { ORGANIZATION_LINKS, type OrganizationLink } from './dump-organization-list.js';
import { DUMP_TABLES, type DumpRow } from './dump-tables.js';
import type { TableName } from './record-store.js';

export type { OrganizationLink };

/** The links of every dumped table that belongs to an organization; a table absent here belongs to none. */
export { ORGANIZATION_LINKS };

/** Ids below this are kept in a typed array (4 bytes each); rarer, larger ones in a map. */
const DENSE_IDS = 1 << 24;

/** The organization of each row of one table, by id: compact for the dense ids stores hand out. */
class OrganizationsById {
  #dense = new Int32Array(1024);
  readonly #sparse = new Map<unknown, number>();

  set(id: unknown, organization: number): void {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= DENSE_IDS) {
      this.#sparse.set(id, organization);
      return;
    }
    if (id >= this.#dense.length) {
      const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.#dense.length * 2)));
      grown.set(this.#dense);
      this.#dense = grown;
    }
    this.#dense[id] = organization + 1; // 0: not seen
  }

  get(id: unknown): number | undefined {
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < DENSE_IDS) {
      const stored = id < this.#dense.length ? this.#dense[id]! : 0;
      return stored === 0 ? undefined : stored - 1;
    }
    return this.#sparse.get(id);
  }
}

const valueAt = (row: DumpRow, field: string): unknown =>
  field.split('.').reduce<unknown>((value, name) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined), row);

const TABLE_ORDER = new Map(DUMP_TABLES.map((table, index) => [table.name, index]));
/** Tables whose rows other rows name: the organization of each of their rows is kept. */
const NAMED = new Set(Object.values(ORGANIZATION_LINKS).flatMap((links) => links!.map((l) => l.table)));

/** A link to a row of a table the dump holds later, checked once the whole dump is read. */
interface Deferred {
  line: number;
  table: TableName;
  field: string;
  target: TableName;
  id: unknown;
  organization: number;
}

/**
 * Follows the organizations of a dump's rows as they are loaded, in the dump's order. `check`
 * says why a row names rows of two organizations, or null; `finish` checks the links to rows
 * that came later (a held post's deciding team member).
 */
export class OrganizationCheck {
  readonly #byTable = new Map<TableName, OrganizationsById>();
  readonly #deferred: Deferred[] = [];

  #organizations(table: TableName): OrganizationsById {
    let map = this.#byTable.get(table);
    if (!map) this.#byTable.set(table, (map = new OrganizationsById()));
    return map;
  }

  /** Checks a row of `table` read from `line`, and keeps its organization; the reason it is refused, or null. */
  check(table: TableName, row: DumpRow, line: number): string | null {
    if (table === 'organizations') {
      this.#organizations(table).set(row['id'], row['id'] as number);
      return null;
    }
    const links = ORGANIZATION_LINKS[table];
    if (links === undefined) return null;
    const found: { field: string; organization: number }[] = [];
    const later: Omit<Deferred, 'organization'>[] = [];
    for (const l of links) {
      if (l.when !== undefined && row[l.when.field] !== l.when.value) continue;
      const value = valueAt(row, l.field);
      for (const id of l.list && Array.isArray(value) ? value : [value]) {
        if (id === null || id === undefined) continue;
        if (TABLE_ORDER.get(l.table)! >= TABLE_ORDER.get(table)! && l.table !== table) later.push({ line, table, field: l.field, target: l.table, id });
        else {
          // A row this one names that is missing is the foreign keys' refusal, not this one's.
          const organization = this.#byTable.get(l.table)?.get(id);
          if (organization !== undefined) found.push({ field: `${l.field} ${JSON.stringify(id)}`, organization });
        }
      }
    }
    const first = found[0];
    const other = found.find((f) => f.organization !== first?.organization);
    if (first && other) {
      return `a row of ${table} names rows of two organizations: ${first.field} is of organization ${first.organization}, ${other.field} of organization ${other.organization}`;
    }
    if (first === undefined) return null;
    if (NAMED.has(table)) this.#organizations(table).set(row['id'], first.organization);
    for (const deferred of later) this.#deferred.push({ ...deferred, organization: first.organization });
    return null;
  }

  /** The first link to a later row that crosses organizations, as `[line, reason]`, or null. */
  finish(): [number, string] | null {
    for (const d of this.#deferred) {
      const organization = this.#byTable.get(d.target)?.get(d.id);
      if (organization !== undefined && organization !== d.organization) {
        return [d.line, `a row of ${d.table} of organization ${d.organization} names, by ${d.field} ${JSON.stringify(d.id)}, a row of ${d.target} of organization ${organization}`];
      }
    }
    return null;
  }
}
