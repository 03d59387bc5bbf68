/**
 * Reading an imported file as strict UTF-8, line by line. Node's own decoding (a stream's
 * `setEncoding`, `readline`) replaces invalid bytes with U+FFFD without a word, so a file in
 * another encoding would be stored garbled; here a line that is not valid UTF-8 stops the import,
 * naming the line. A line feed byte never occurs inside a UTF-8 sequence, so each line is decoded
 * on its own.
 */

/** A line of an imported file that is not valid UTF-8. */
export class InvalidUtf8Error extends Error {
  override name = 'InvalidUtf8Error';

  /** `line` counts from 1. */
  constructor(readonly line: number) {
    super(`line ${line}: not valid UTF-8 (save the file as UTF-8)`);
  }
}

const LINE_FEED = 0x0a;

/**
 * The text of `input` one line at a time, each line with its ending (`\n`, or `\r\n`), the last
 * one without if the file does not end with one. A byte order mark is kept as U+FEFF.
 *
 * @throws {@link InvalidUtf8Error} at the first line that is not valid UTF-8.
 */
export async function* utf8LinesWithEndings(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let line = 0;
  const decode = (bytes: Uint8Array): string => {
    line += 1;
    try {
      return decoder.decode(bytes);
    } catch {
      throw new InvalidUtf8Error(line);
    }
  };
  // The bytes of the line read so far, kept as the chunks they came in (a long line is joined once).
  let parts: Uint8Array[] = [];
  for await (const chunk of input) {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let end = bytes.indexOf(LINE_FEED); end >= 0; end = bytes.indexOf(LINE_FEED)) {
      parts.push(bytes.subarray(0, end + 1));
      yield decode(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
      parts = [];
      bytes = bytes.subarray(end + 1);
    }
    if (bytes.length > 0) parts.push(bytes);
  }
  if (parts.length > 0) yield decode(Buffer.concat(parts));
}

/** The lines of `input` without their endings; see {@link utf8LinesWithEndings}. */
export async function* utf8Lines(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  for await (const line of utf8LinesWithEndings(input)) yield line.replace(/\r?\n$/, '');
}
