/**
 * A database whose schema a newer version of the package wrote: a store refuses to open it and
 * changes nothing, since this version cannot know what the newer steps changed. Each SQL store
 * throws its own subclass (`SchemaTooNewError`, `PgSchemaTooNewError`).
 */
export class NewerSchemaError extends Error {
  /** The database's schema version. */
  readonly found: number;
  /** The newest schema version this version of the package knows. */
  readonly supported: number;

  /** `adapter` names the package subpath in the message; `use` what the upgrade would allow ("open it"). */
  constructor(adapter: string, found: number, supported: number, use: string) {
    super(
      `${adapter}: the database has schema version ${found}, but this version of feedback-board supports up to ${supported}; upgrade feedback-board to ${use}`,
    );
    this.found = found;
    this.supported = supported;
  }
}
