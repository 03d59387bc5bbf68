/**
 * The request log's writer: lines gathered in memory and written to a file descriptor in large
 * asynchronous writes (the technique of pino's SonicBoom), so a request costs the log a string
 * append, not a system call on the event loop. A write goes out once `minWrite` bytes are
 * waiting or `flushMs` after the first line of a quiet spell; one write is in flight at a time, and lines
 * that arrive meanwhile go out with the next. `end` resolves once every line is written (the
 * server's shutdown waits for it); `flushSync` writes what is queued at once, for an exit that
 * cannot wait.
 *
 * A destination that cannot keep up (a full pipe nobody reads) never blocks the server or grows
 * its memory without bound: past `maxPending` bytes waiting, lines are dropped and counted, and
 * the next write says how many.
 */
import { write, writeSync } from 'node:fs';

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

export interface LogWriter {
  /** Queues `text` (whole lines, each ending in a newline). */
  write(text: string): void;
  /** Writes everything queued; resolves when it is written. */
  end(): Promise<void>;
  /** Writes the lines queued (not those of a write in flight) now, synchronously, as far as the descriptor takes them. */
  flushSync(): void;
}

/** A writer to `options.fd` (stderr by default). */
export function createLogWriter(options: LogWriterOptions = {}): LogWriter {
  const { fd = 2, minWrite = 16 * 1024, flushMs = 100, maxPending = 16 * 1024 * 1024 } = options;
  const droppedNote = options.droppedNote ?? ((count: number) => `${count} log lines dropped: the log's destination did not keep up\n`);
  let pending = '';
  let dropped = 0;
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const idle: Array<() => void> = [];

  const take = (): Buffer => {
    const note = dropped > 0 ? droppedNote(dropped) : '';
    dropped = 0;
    const bytes = Buffer.from(note + pending);
    pending = '';
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
      if (pending.length >= minWrite || (idle.length > 0 && pending.length > 0)) flush();
      else if (pending.length > 0) schedule();
      else for (const done of idle.splice(0)) done();
    });
  };

  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (writing || (pending.length === 0 && dropped === 0)) return;
    writing = true;
    writeOut(take(), 0);
  };

  const schedule = (): void => {
    if (timer === null) timer = setTimeout(flush, flushMs).unref();
  };

  return {
    write(text) {
      if (pending.length + text.length > maxPending) {
        dropped += 1;
        return;
      }
      pending += text;
      if (pending.length >= minWrite) flush();
      else schedule();
    },
    end() {
      if (!writing && pending.length === 0 && dropped === 0) return Promise.resolve();
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
      if (pending.length === 0 && dropped === 0) return;
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
