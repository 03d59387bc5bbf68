/**
 * What the record stores (memory, IndexedDB) keep, derived from the table declaration: each table
 * with a `record` part, under its record-store name, keyed by its primary key, with the indexes it
 * declares. record-store.ts types the result as `RECORD_SCHEMA`.
 */
import type { TableDeclaration, TableDeclarations } from './model.js';

/** A key path: one field, or several for a compound key (IndexedDB's array key paths). */
export type RecordKeyPath = string | readonly string[];

/** One record-store table: its primary key, whether the store hands out its ids, its indexes. */
export interface RecordTableShape {
  readonly keyPath: RecordKeyPath;
  readonly ids: boolean;
  readonly indexes: Readonly<Record<string, RecordKeyPath>>;
}

/** The record-store name of a declared table (`null`: the record stores do not keep it). */
export function recordNameOf(name: string, table: TableDeclaration): string | null {
  return table.record === undefined ? null : (table.record.name ?? name);
}

/** The primary key of a declared table as a key path: its `primaryKey`, else its `id` column. */
export function keyPathOf(table: TableDeclaration): RecordKeyPath {
  const key = table.primaryKey ?? ['id'];
  return key.length === 1 ? key[0]! : key;
}

/** Every record-store table of `tables`, by record-store name, in declaration order. */
export function recordSchemaOf(tables: TableDeclarations): Readonly<Record<string, RecordTableShape>> {
  const schema: Record<string, RecordTableShape> = {};
  for (const [name, table] of Object.entries(tables)) {
    const recordName = recordNameOf(name, table);
    if (recordName === null) continue;
    const id = table.columns['id'];
    schema[recordName] = {
      keyPath: keyPathOf(table),
      ids: id === 'id' || (typeof id === 'object' && id.type === 'id'),
      indexes: table.record!.indexes ?? {},
    };
  }
  return schema;
}

/** The primary key of a declared table, as `recordSchemaOf` makes it. */
export type DeclaredKeyPath<T> = T extends { readonly primaryKey: readonly [infer Only] }
  ? Only
  : T extends { readonly primaryKey: infer Key }
    ? Key
    : 'id';

type RecordPart<T> = T extends { readonly record: infer R } ? R : never;

type RecordNameOf<Name, T> = RecordPart<T> extends { readonly name: infer Given extends string } ? Given : Name & string;

/** What `recordSchemaOf` makes of declarations `D`, as a type (names, key paths and indexes literal). */
export type DeclaredRecordSchema<D> = {
  readonly [Name in keyof D as D[Name] extends { readonly record: object } ? RecordNameOf<Name, D[Name]> : never]: {
    readonly keyPath: DeclaredKeyPath<D[Name]>;
    readonly ids: D[Name] extends { readonly columns: { readonly id: 'id' } } ? true : false;
    readonly indexes: RecordPart<D[Name]> extends { readonly indexes: infer I } ? I : Readonly<Record<never, never>>;
  };
};
