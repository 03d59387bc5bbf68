/**
 * The request log's writer: lines gathered in memory and written to a file descriptor in large
 * asynchronous writes (the technique of pino's SonicBoom), so a request costs the log a copy of its
 * line into a buffer, not a system call on the event loop. Lines are encoded straight into
 * buffers allocated once and reused: a string grown line by line would have to be flattened and
 * encoded whole before each write, which cost more than the lines themselves. A write goes out
 * once `minWrite` bytes are waiting or `flushMs` after the first line of a quiet spell; one write
 * is in flight at a time, and lines that arrive meanwhile go out with the next. `end` resolves once every line is written (the
 * server's shutdown waits for it); `flushSync` writes what is queued at once, for an exit that
 * cannot wait.
 *
 * A destination that cannot keep up (a full pipe nobody reads) never blocks the server or grows
 * its memory without bound: past `maxPending` bytes waiting, lines are dropped and counted, and
 * the next write says how many.
 */
import { write, writeSync } from 'node:fs';

/** The size of the buffers lines are encoded into (a line longer than a third of it gets its own). */
const CHUNK_BYTES = 64 * 1024;

/** How long to wait before writing again to a descriptor that answered EAGAIN, in ms. */
const RETRY_MS = 10;

/** Options of {@link createLogWriter}. */
export interface LogWriterOptions {
  /** The file descriptor written to. Default 2 (stderr). */
  fd?: number;
  /** Bytes waiting that start a write at once. Default 16 KiB. */
  minWrite?: number;
  /** The longest a line waits in a quiet spell, in ms. Default 100. */
  flushMs?: number;
  /** Bytes waiting beyond which lines are dropped (and counted) rather than kept. Default 16 MiB. */
  maxPending?: number;
  /** The line that says how many lines were dropped. */
  droppedNote?: (count: number) => string;
}

/** A line that writes itself as bytes (see {@link LogWriter.writeLine}). */
export interface LineSource {
  /**
   * Writes the line (whole, with its newline) into `buffer` from `at`, which has room for the
   * `most` bytes it was queued with; answers the offset after its last byte.
   */
  encodeInto(buffer: Buffer, at: number): number;
}

export interface LogWriter {
  /**
   * Queues the line `source` writes (whole, ending in a newline), of at most `most` bytes,
   * straight into the writer's buffer: no string of the line is made, so none is flattened and
   * encoded.
   */
  writeLine(most: number, source: LineSource): void;
  /** Writes everything queued; resolves when it is written. */
  end(): Promise<void>;
  /** Writes the lines queued (not those of a write in flight) now, synchronously, as far as the descriptor takes them. */
  flushSync(): void;
}

/** Node's own UTF-8 encoder of a Buffer, which `Buffer#write` calls after checking its arguments. */
type Utf8Writer = Buffer & { utf8Write?: (text: string, offset: number) => number };

/**
 * Writes `text` into `buffer` from `at` (which has room for it) as UTF-8; the bytes written.
 * Straight through Node's encoder where the Buffer has it (every Node release since 0.x):
 * `Buffer#write`'s checks of its optional arguments cost as much again as the encoding of a
 * 150-character line (3.0 K instructions against 1.5 K, callgrind).
 */
export function encodeInto(buffer: Buffer, text: string, at: number): number {
  const fast = (buffer as Utf8Writer).utf8Write;
  return fast === undefined ? buffer.write(text, at) : fast.call(buffer, text, at);
}

/** A writer to `options.fd` (stderr by default). */
export function createLogWriter(options: LogWriterOptions = {}): LogWriter {
  const { fd = 2, minWrite = 16 * 1024, flushMs = 100, maxPending = 16 * 1024 * 1024 } = options;
  const droppedNote = options.droppedNote ?? ((count: number) => `${count} log lines dropped: the log's destination did not keep up\n`);
  // The buffer lines are encoded into now, the full ones waiting to be written, and a spare that
  // a finished write handed back.
  let chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const full: Buffer[] = [];
  let fullBytes = 0;
  let spare: Buffer | null = null;
  // The buffer being written, when it is one of ours whole: it becomes the spare once written.
  let inFlight: Buffer | null = null;
  const sealed = new Map<Buffer, Buffer>();
  let dropped = 0;
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const idle: Array<() => void> = [];

  const pendingBytes = (): number => fullBytes + used;

  /** Moves the lines of the current buffer to the full ones, and starts a new buffer. */
  const seal = (): void => {
    if (used === 0) return;
    const lines = chunk.subarray(0, used);
    sealed.set(lines, chunk);
    full.push(lines);
    fullBytes += used;
    chunk = spare ?? Buffer.allocUnsafe(CHUNK_BYTES);
    spare = null;
    used = 0;
  };

  /** Everything waiting, as one buffer, with the note of dropped lines first. */
  const take = (): Buffer => {
    seal();
    if (dropped > 0) {
      full.unshift(Buffer.from(droppedNote(dropped)));
      dropped = 0;
    }
    const bytes = full.length === 1 ? full[0]! : Buffer.concat(full);
    inFlight = full.length === 1 ? (sealed.get(bytes) ?? null) : null;
    sealed.clear();
    full.length = 0;
    fullBytes = 0;
    return bytes;
  };

  const writeOut = (bytes: Buffer, from: number): void => {
    write(fd, bytes, from, bytes.length - from, null, (error, written) => {
      if (error && error.code === 'EAGAIN') {
        setTimeout(() => writeOut(bytes, from), RETRY_MS).unref();
        return;
      }
      // A write that fails otherwise (a closed destination) loses its lines; the server goes on.
      if (!error && from + written < bytes.length) {
        writeOut(bytes, from + written);
        return;
      }
      writing = false;
      // A buffer of ours, written: the next one to fill.
      if (inFlight !== null) {
        spare = inFlight;
        inFlight = null;
      }
      const waiting = pendingBytes();
      if (waiting >= minWrite || (idle.length > 0 && (waiting > 0 || dropped > 0))) flush();
      else if (waiting > 0 || dropped > 0) schedule();
      else for (const done of idle.splice(0)) done();
    });
  };

  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (writing || (pendingBytes() === 0 && dropped === 0)) return;
    writing = true;
    writeOut(take(), 0);
  };

  const schedule = (): void => {
    if (timer === null) timer = setTimeout(flush, flushMs).unref();
  };

  return {
    writeLine(most, source) {
      // Dropped when it might take the bytes waiting past maxPending.
      if (pendingBytes() + most > maxPending) {
        dropped += 1;
        return;
      }
      // A line that might not fit starts a new buffer; one longer than a buffer gets its own.
      if (used + most > CHUNK_BYTES) {
        seal();
        if (most > CHUNK_BYTES) {
          const bytes = Buffer.allocUnsafe(most);
          const end = source.encodeInto(bytes, 0);
          full.push(bytes.subarray(0, end));
          fullBytes += end;
        }
      }
      if (most <= CHUNK_BYTES) used = source.encodeInto(chunk, used);
      if (pendingBytes() >= minWrite) flush();
      else schedule();
    },
    end() {
      if (!writing && pendingBytes() === 0 && dropped === 0) return Promise.resolve();
      return new Promise((done) => {
        idle.push(done);
        flush();
      });
    },
    flushSync() {
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      if (pendingBytes() === 0 && dropped === 0) return;
      const bytes = take();
      // A full non-blocking pipe answers EAGAIN: a few more tries, then what is left is lost.
      for (let from = 0, tries = 0; from < bytes.length && tries < 1000; ) {
        try {
          from += writeSync(fd, bytes, from, bytes.length - from);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
          tries += 1;
        }
      }
    },
  };
}
