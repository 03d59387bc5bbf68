/**
 * Writing and loading dumps of a store: JSON Lines, a header line, then one line per row, table by
 * table in the order of `DUMP_TABLES` and each table in key order. Object keys are written sorted,
 * so two stores holding the same rows dump to the same bytes, whatever adapter holds them.
 *
 * ```text
 * {"counts":{"boards":1,…},"format":"feedback-board-dump","format_version":1,"last_ids":{…},"package_version":"0.1.0"}
 * {"row":{"created_at":"…","id":1,"name":"Acme"},"table":"organizations"}
 * ```
 *
 * Writing streams: rows are read a page at a time and written as the output takes them. Loading
 * refuses a store that holds any row and a dump of a newer format; it runs in one transaction of
 * the store, so a bad line (named by its number) or a dump cut short leaves the store unchanged.
 * A line is bad when it is not strict UTF-8, when a field breaks the API's rules
 * (import-rules.ts), or when its row names rows of another organization (dump-organizations.ts).
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { OrganizationCheck } from '../storage/dump-organizations.js';
import { DUMP_TABLES, type DumpPort, type DumpRow, type DumpTable, type LastIds } from '../storage/dump-tables.js';
import { StatusesOfOlderDump } from './dump-statuses.js';
import { importedRowProblem } from './import-rules.js';
import { InvalidUtf8Error, utf8Lines } from './utf8-lines.js';

/** The name in a dump's header. */
export const DUMP_FORMAT = 'feedback-board-dump';
/** The version of the dump format this package writes, and the newest it reads. */
export const DUMP_FORMAT_VERSION = 1;

/** The first line of a dump. */
export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  format_version: number;
  /** The version of feedback-board that wrote it. */
  package_version: string;
  /** Rows per table. */
  counts: Record<string, number>;
  /** The last id each table with ids handed out, so a loaded store never hands one out again. */
  last_ids: LastIds;
}

/** A dump that cannot be loaded, or a store that cannot take it; nothing was stored. */
export class DumpImportError extends Error {
  override name = 'DumpImportError';
}

/** Reports progress: rows done so far out of the dump's rows. */
export type DumpProgress = (done: number, total: number) => void;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A row with its byte fields as base64 text, as a dump writes them. */
function withBase64(table: DumpTable, row: DumpRow): DumpRow {
  if (table.binary.length === 0) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of table.binary) copy[field] = Buffer.from(row[field] as Uint8Array).toString('base64');
  return copy;
}

/** A dump's row with its base64 fields as bytes again. */
function withBytes(table: DumpTable, row: DumpRow): DumpRow {
  if (table.binary.length === 0) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of table.binary) copy[field] = Buffer.from(row[field] as string, 'base64');
  return copy;
}

/** JSON with every object's keys sorted, so equal values always have the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Writes a dump of the store behind `port` to `out` (left open), from one consistent snapshot.
 * Resolves with the header it wrote.
 */
export async function exportStore(
  port: DumpPort,
  out: Writable,
  options: { packageVersion: string; onProgress?: DumpProgress },
): Promise<DumpHeader> {
  const write = async (line: string): Promise<void> => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  return port.read(async (snapshot) => {
    const counts: Record<string, number> = {};
    for (const table of DUMP_TABLES) counts[table.name] = await snapshot.count(table);
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      format_version: DUMP_FORMAT_VERSION,
      package_version: options.packageVersion,
      counts,
      last_ids: await snapshot.lastIds(),
    };
    await write(canonicalJson(header));
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    let done = 0;
    for (const table of DUMP_TABLES) {
      for await (const row of snapshot.rows(table)) {
        await write(canonicalJson({ table: table.name, row: withBase64(table, row) }));
        if (++done % 1000 === 0) options.onProgress?.(done, total);
      }
    }
    options.onProgress?.(done, total);
    return header;
  });
}

/** Rows inserted per call of the store. */
const BATCH = 500;
const STATUSES_INDEX = DUMP_TABLES.findIndex(({ name }) => name === 'statuses');
const STATUSES_TABLE = DUMP_TABLES[STATUSES_INDEX]!;

function parseHeader(line: string | undefined): DumpHeader {
  if (line === undefined) throw new DumpImportError('line 1: the dump is empty (no header line)');
  let header: Partial<DumpHeader>;
  try {
    header = JSON.parse(line) as Partial<DumpHeader>;
  } catch {
    throw new DumpImportError('line 1: the header is not JSON');
  }
  if (header === null || typeof header !== 'object' || header.format !== DUMP_FORMAT) {
    throw new DumpImportError(`line 1: not a feedback-board dump (the header's format is not "${DUMP_FORMAT}")`);
  }
  if (!Number.isInteger(header.format_version) || header.format_version! < 1) {
    throw new DumpImportError('line 1: the header has no valid format_version');
  }
  if (header.format_version! > DUMP_FORMAT_VERSION) {
    throw new DumpImportError(
      `line 1: the dump is of format version ${header.format_version}, written by feedback-board ${String(header.package_version)}; this version reads up to ${DUMP_FORMAT_VERSION}: upgrade feedback-board to import it`,
    );
  }
  const known = new Set(DUMP_TABLES.map(({ name }) => name as string));
  const counts = header.counts;
  if (counts === null || typeof counts !== 'object' || Object.values(counts).some((n) => !Number.isInteger(n) || n < 0)) {
    throw new DumpImportError('line 1: the header has no valid counts');
  }
  const unknown = Object.keys(counts).find((name) => !known.has(name));
  if (unknown !== undefined) throw new DumpImportError(`line 1: the dump holds a table this version does not know: ${unknown}`);
  const ids = header.last_ids;
  if (ids === null || typeof ids !== 'object' || Object.values(ids).some((n) => !Number.isInteger(n) || n < 0)) {
    throw new DumpImportError('line 1: the header has no valid last_ids');
  }
  return header as DumpHeader;
}

/** One row line: its table (by position in `DUMP_TABLES`) and row. */
function parseRow(line: string, number: number, from: number): { index: number; row: DumpRow } {
  let parsed: { table?: unknown; row?: unknown };
  try {
    parsed = JSON.parse(line) as typeof parsed;
  } catch {
    throw new DumpImportError(`line ${number}: not a JSON line (the dump may be cut short or corrupt)`);
  }
  const index = DUMP_TABLES.findIndex(({ name }) => name === parsed?.table);
  if (index < 0) throw new DumpImportError(`line ${number}: no known "table" (${JSON.stringify(parsed?.table)})`);
  if (index < from) throw new DumpImportError(`line ${number}: a row of ${DUMP_TABLES[index]!.name} after the rows of ${DUMP_TABLES[from]!.name}`);
  const row = parsed.row;
  if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new DumpImportError(`line ${number}: "row" is not an object`);
  const table = DUMP_TABLES[index]!;
  for (const field of table.binary) {
    const text = (row as Record<string, unknown>)[field];
    if (typeof text !== 'string' || !BASE64.test(text)) throw new DumpImportError(`line ${number}: "${field}" of ${table.name} is not base64`);
  }
  const problem = importedRowProblem(table.name, row as DumpRow);
  if (problem !== null) throw new DumpImportError(`line ${number}: ${table.name}.${problem}`);
  return { index, row: withBytes(table, row as DumpRow) };
}

/** The lines of a dump as strict UTF-8; a line that is not is a {@link DumpImportError}. */
async function* dumpLines(input: Readable): AsyncGenerator<string> {
  try {
    yield* utf8Lines(input);
  } catch (error) {
    throw error instanceof InvalidUtf8Error ? new DumpImportError(error.message) : error;
  }
}

/**
 * Loads the dump read from `input` into the empty store behind `port`, in one transaction: on any
 * error nothing is stored. Resolves with the dump's header.
 *
 * @throws {@link DumpImportError} for a store that holds rows, a newer format, a bad line (with its
 *   number), or rows that do not match the header's counts (a dump cut short).
 */
export async function importStore(port: DumpPort, input: Readable, options: { onProgress?: DumpProgress } = {}): Promise<DumpHeader> {
  const lines = dumpLines(input)[Symbol.asyncIterator]();
  const header = parseHeader((await lines.next()).value as string | undefined);
  const total = Object.values(header.counts).reduce((sum, n) => sum + n, 0);
  return port.load(async (loader) => {
    if (!(await loader.isEmpty())) throw new DumpImportError('the store already holds data: import loads into an empty store only');
    const seen = new Map<string, number>();
    const organizations = new OrganizationCheck();
    let table: DumpTable = DUMP_TABLES[0]!;
    let batch: DumpRow[] = [];
    let first = 2;
    let number = 1;
    let done = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      try {
        await loader.insert(table, batch);
      } catch (error) {
        const where = batch.length === 1 ? `line ${first}` : `lines ${first}-${first + batch.length - 1}`;
        throw new DumpImportError(`${where}: the store refused a row of ${table.name}: ${(error as Error).message}`);
      }
      done += batch.length;
      options.onProgress?.(done, total);
      batch = [];
    };
    const statuses = new StatusesOfOlderDump(header.counts);
    /** Loads the statuses an older dump lacks, once its rows have passed where statuses stand. */
    const addStatuses = async (): Promise<void> => {
      const rows = statuses.rows();
      for (const row of rows) organizations.check('statuses', row, number);
      if (rows.length > 0) await loader.insert(STATUSES_TABLE, rows);
    };
    for (let next = await lines.next(); next.done !== true; next = await lines.next()) {
      number += 1;
      const line = next.value as string;
      if (line === '') continue;
      const parsed = parseRow(line, number, DUMP_TABLES.indexOf(table));
      const { index } = parsed;
      statuses.see(DUMP_TABLES[index]!.name, parsed.row);
      if (index > STATUSES_INDEX && statuses.pending) {
        await flush();
        await addStatuses();
      }
      // A post of a dump written before custom fields holds no values.
      const row = DUMP_TABLES[index]!.name === 'posts' ? withFields(statuses.post(parsed.row)) : parsed.row;
      const crossing = organizations.check(DUMP_TABLES[index]!.name, row, number);
      if (crossing !== null) throw new DumpImportError(`line ${number}: ${crossing}`);
      if (DUMP_TABLES[index] !== table || batch.length === BATCH) {
        await flush();
        table = DUMP_TABLES[index]!;
        first = number;
      }
      batch.push(row);
      seen.set(table.name, (seen.get(table.name) ?? 0) + 1);
    }
    await flush();
    await addStatuses();
    const crossingLater = organizations.finish();
    if (crossingLater !== null) throw new DumpImportError(`line ${crossingLater[0]}: ${crossingLater[1]}`);
    for (const { name } of DUMP_TABLES) {
      const expected = header.counts[name] ?? 0;
      const found = seen.get(name) ?? 0;
      if (found !== expected) {
        throw new DumpImportError(`the dump holds ${found} rows of ${name} but its header says ${expected}: it is cut short or corrupt`);
      }
    }
    await loader.setLastIds(statuses.lastIds(header.last_ids));
    return header;
  });
}

/** A post row with its custom fields' values: none (null) for a post of a dump written before them. */
function withFields(post: DumpRow): DumpRow {
  return 'fields' in post ? post : { ...post, fields: null };
}
