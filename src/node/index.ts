/**
 * Node-only helpers of feedback-board.
 *
 * @module feedback-board/node
 */
export { createNodeWebhookFetch, PrivateTargetError, type NodeWebhookFetchOptions } from './webhook-fetch.js';
export {
  canonicalJson,
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  DumpImportError,
  exportStore,
  importStore,
  type DumpHeader,
  type DumpProgress,
} from './dump.js';
export type { DumpLoader, DumpPort, DumpRow, DumpSnapshot, DumpTable, LastIds } from '../storage/dump-tables.js';
export { CSV_FORMATS, CsvImportError, importFeedbackCsv, type CsvFormatName, type CsvImportResult, type CsvImportTarget } from './csv-import.js';
export { importCannyExport } from './import-canny.js';
export { OPTIONAL_CSV_COLUMNS, REQUIRED_CSV_COLUMNS } from './csv-rows.js';
