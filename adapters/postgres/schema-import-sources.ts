/**
 * Schema version 27: what imports made, by the source id of each row, per board, as in the SQLite
 * adapter (`record_id` a plain number: a deleted post stays imported).
 */
export const PG_SCHEMA_IMPORT_SOURCES = `
CREATE TABLE fb_import_sources (
  board_id integer NOT NULL REFERENCES fb_boards (id),
  source_id text COLLATE "C" NOT NULL,
  record_id integer NOT NULL,
  imported_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (board_id, source_id)
);
`;
