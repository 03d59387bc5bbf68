/**
 * A dump written before custom statuses has no `statuses` rows and no post's `status_label_id`.
 * Importing one gives each organization the five default statuses and each post its category's
 * default, as the migration step gives an upgraded database (the same frozen defaults, ids in the
 * organizations' order, then the categories'), so an old dump loads into a store that every read
 * of a post can answer.
 */
import type { DumpRow } from '../storage/dump-tables.js';
import { DEFAULT_STATUSES_V1 } from '../storage/frozen-migration-rules.js';

export class StatusesOfOlderDump {
  /** True for a dump whose header counts no statuses: one written before they existed. */
  readonly needed: boolean;
  readonly #organizations: number[] = [];
  readonly #boards = new Map<number, number>();
  /** The default status id by organization and category, once the rows are made. */
  readonly #defaults = new Map<string, number>();
  #made = false;

  constructor(counts: Readonly<Record<string, number>>) {
    this.needed = counts['statuses'] === undefined;
  }

  /** Notes what a row of `table` tells: an organization, or a board's organization. */
  see(table: string, row: DumpRow): void {
    if (!this.needed) return;
    if (table === 'organizations') this.#organizations.push(row['id'] as number);
    else if (table === 'boards') this.#boards.set(row['id'] as number, row['organization_id'] as number);
  }

  /** True until the rows are made, for a dump that needs them. */
  get pending(): boolean {
    return this.needed && !this.#made;
  }

  /** The statuses rows to load, once: call it when the dump's rows pass where statuses stand. */
  rows(): DumpRow[] {
    if (!this.needed || this.#made) return [];
    this.#made = true;
    const rows: DumpRow[] = [];
    for (const organization of this.#organizations) {
      for (const [position, [category, name, color]] of DEFAULT_STATUSES_V1.entries()) {
        const id = rows.length + 1;
        rows.push({ id, organization_id: organization, name, color, category, position, is_default: true });
        this.#defaults.set(`${organization} ${category}`, id);
      }
    }
    return rows;
  }

  /** A post row with its label: its organization's default of its status, when the dump had none. */
  post(row: DumpRow): DumpRow {
    if (!this.needed || row['status_label_id'] !== undefined) return row;
    const organization = this.#boards.get(row['board_id'] as number);
    return { ...row, status_label_id: this.#defaults.get(`${organization} ${row['status'] as string}`) ?? null };
  }

  /** The dump's last ids, with the statuses' when they were made here. */
  lastIds(ids: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
    return this.needed ? { ...ids, statuses: this.#organizations.length * DEFAULT_STATUSES_V1.length } : ids;
  }
}
