/**
 * Schema version 25: what imports (`import-csv`, `import-canny`) made, by the source id of the row
 * each record was made from, per board, so that importing the same rows again skips them.
 * `record_id` names a post or a comment (the source id says which) and is kept as a plain number:
 * a deleted post stays imported, and a re-import does not bring it back.
 */
export const SCHEMA_IMPORT_SOURCES = `
CREATE TABLE fb_import_sources (
  board_id INTEGER NOT NULL REFERENCES fb_boards (id),
  source_id TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  imported_at TEXT NOT NULL,
  PRIMARY KEY (board_id, source_id)
) WITHOUT ROWID;
`;
