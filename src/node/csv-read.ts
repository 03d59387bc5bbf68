/**
 * Reading a CSV file into rows of the feedback CSV columns: its first bytes are looked at before
 * anything is parsed (a workbook, an archive, UTF-16 or any binary file is refused as not CSV),
 * the separator is read off the header line (`,`, `;` as spreadsheets write it in many languages,
 * or a tab), and each record goes through its format's mapping and then the one row path.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { InvalidUtf8Error, utf8LinesWithEndings } from './utf8-lines.js';
import { CsvImportError, readRow, type CsvFeedback } from './csv-rows.js';
import { columnKey, type CsvFormat, type FormatContext } from './import-format.js';

/** How much of the file is looked at before parsing. */
const SNIFF_BYTES = 64 * 1024;

/** Files that are often given where a CSV file is meant, by their first bytes. */
const NOT_CSV: ReadonlyArray<{ magic: number[]; what: string }> = [
  { magic: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive (an Excel .xlsx or OpenDocument workbook?): save it as CSV (UTF-8)' },
  { magic: [0xd0, 0xcf, 0x11, 0xe0], what: 'an Office document (an Excel .xls workbook?): save it as CSV (UTF-8)' },
  { magic: [0xff, 0xfe], what: 'UTF-16 text: save it as CSV in UTF-8' },
  { magic: [0xfe, 0xff], what: 'UTF-16 text: save it as CSV in UTF-8' },
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { magic: [0x1f, 0x8b], what: 'a gzip archive: unpack it first' },
  { magic: [...Buffer.from('SQLite format 3\0')], what: 'a SQLite database' },
];

/** Refuses bytes that are not text: a known binary format by its first bytes, else any NUL byte. */
function checkText(head: Buffer): void {
  const known = NOT_CSV.find(({ magic }) => magic.every((byte, i) => head[i] === byte));
  if (known !== undefined) throw new CsvImportError(`the file is not CSV: it is ${known.what}`);
  const nul = head.indexOf(0);
  if (nul !== -1) throw new CsvImportError(`the file is not CSV: it holds binary data (a NUL byte at offset ${nul})`);
}

/** The separator of the header line: whichever of `,`, `;` and tab it has most of outside quotes (`,` on a tie). */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const best = (Object.keys(counts) as Array<keyof typeof counts>).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] === 0 ? ',' : best;
}

/** The first bytes of `input` (up to {@link SNIFF_BYTES}), and the whole of it again as a stream. */
async function lookAhead(input: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value as Buffer;
  }
  return { head, stream: Readable.from(all(), { objectMode: false }) };
}

/** What reading a CSV file found, besides its rows. */
export interface CsvReading {
  feedback: CsvFeedback;
  /** The separator the fields were read with. */
  delimiter: ',' | ';' | '\t';
}

/**
 * Reads a whole CSV file of `format` (strict UTF-8, a byte-order mark allowed; RFC 4180 quoting) into
 * checked rows.
 *
 * @throws {@link CsvImportError} for a file that is not CSV, a bad header, or the first bad row (by its line).
 */
export async function readCsvRows(input: Readable, format: CsvFormat, context: FormatContext): Promise<CsvReading> {
  const { head, stream } = await lookAhead(input);
  checkText(head);
  const delimiter = sniffDelimiter(head.toString('utf8').replace(/^\uFEFF/, ''));
  const parser = parse({ bom: true, skip_empty_lines: true, info: true, delimiter });
  // The parser is fed the file's lines decoded strictly; a bad byte fails the parser's reading below.
  pipeline(Readable.from(utf8LinesWithEndings(stream)), parser).catch(() => undefined);
  const feedback: CsvFeedback = { posts: [], votes: [], comments: [] };
  let columns: Map<string, number> | undefined;
  // The parser counts the lines read up to a record's end; a record starts on the line after the
  // previous record's end and the blank lines skipped since.
  let lastEnd = 0;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      const line = lastEnd + 1 + info.empty_lines - lastEmpty;
      lastEnd = info.lines;
      lastEmpty = info.empty_lines;
      if (columns === undefined) {
        const header = record.map((name) => name.trim());
        format.checkHeader(header);
        columns = new Map(header.map((name, index) => [columnKey(name), index]));
        continue;
      }
      const index = columns;
      const field = (name: string) => record[index.get(columnKey(name)) ?? -1] ?? '';
      const where = `line ${line}`;
      for (const values of format.rows(field, where, context)) readRow({ line, where, values }, feedback);
    }
  } catch (error) {
    if (error instanceof CsvImportError) throw error;
    if (error instanceof InvalidUtf8Error) throw new CsvImportError(error.message);
    const { lines, message } = error as { lines?: number; message: string };
    const reason = message.replace(/ (on|at) line \d+$/, '');
    throw new CsvImportError(`${lines === undefined ? '' : `line ${lines}: `}not valid CSV (${reason})`);
  }
  if (columns === undefined) throw new CsvImportError('the file is empty (no header line)');
  format.settle?.(feedback, context);
  return { feedback, delimiter };
}
