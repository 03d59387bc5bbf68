/**
 * The request log's writer: every line arrives, in order, in few writes; a quiet line arrives
 * without waiting for more; a destination that stops reading never blocks the writer nor grows
 * it without bound, and the lines it had to drop are counted in the log itself.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogWriter, encodeInto, type LogWriter } from '../../cli/log-writer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logFile(): { path: string; fd: number } {
  const dir = mkdtempSync(join(tmpdir(), 'fb-log-writer-'));
  dirs.push(dir);
  const path = join(dir, 'log');
  return { path, fd: openSync(path, 'a') };
}

const line = (i: number) => `{"i":${i},"pad":"${'x'.repeat(i % 50)}"}\n`;

/** Queues `text` as a line that encodes itself, with room for three bytes of UTF-8 a UTF-16 unit. */
function writeText(writer: LogWriter, text: string): void {
  writer.writeLine(text.length * 3, { encodeInto: (buffer, at) => at + encodeInto(buffer, text, at) });
}

describe('createLogWriter', () => {
  it('writes every line, in order, once end() resolves', async () => {
    const { path, fd } = logFile();
    const writer = createLogWriter({ fd });
    const expected: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      writeText(writer, line(i));
      expected.push(line(i));
      if (i % 1000 === 0) await new Promise((r) => setImmediate(r)); // writes complete between bursts
    }
    await writer.end();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(expected.join(''));
  });

  it('keeps lines whole and in order across its buffers: characters of several bytes, lines longer than a buffer', async () => {
    const { path, fd } = logFile();
    const writer = createLogWriter({ fd });
    const expected: string[] = [];
    const add = (text: string) => {
      writeText(writer, text);
      expected.push(text);
    };
    for (let i = 0; i < 20_000; i++) {
      // "é" is two bytes of UTF-8, "€" three, the emoji four (two UTF-16 units).
      add(`{"i":${i},"who":"${'é€😀'.repeat(i % 7)}"}\n`);
      if (i % 5000 === 2500) add(`{"long":"${'ü'.repeat(100_000)}"}\n`);
      if (i % 777 === 0) await new Promise((r) => setImmediate(r));
    }
    await writer.end();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(expected.join(''));
  });

  it('writes lines of copied bytes and of encoded text in order, one longer than a buffer included', async () => {
    const { path, fd } = logFile();
    const writer = createLogWriter({ fd });
    const expected: string[] = [];
    /** A line of bytes copied in, taking 50 bytes less than the room it asks for. */
    const byteLine = (text: string) => {
      const bytes = Buffer.from(text);
      writer.writeLine(bytes.length + 50, { encodeInto: (buffer, at) => at + bytes.copy(buffer, at) });
      expected.push(text);
    };
    for (let i = 0; i < 30_000; i++) {
      if (i % 2 === 0) byteLine(line(i));
      else {
        writeText(writer, line(i));
        expected.push(line(i));
      }
      if (i === 12_345) byteLine(`{"long":"${'€'.repeat(40_000)}"}\n`); // 120 KB: more than a buffer
      if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
    }
    await writer.end();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(expected.join(''));
  });

  it('writes a lone line after flushMs, without more lines or end()', async () => {
    const { path, fd } = logFile();
    const writer = createLogWriter({ fd, flushMs: 20 });
    writeText(writer, 'alone\n');
    expect(readFileSync(path, 'utf8')).toBe('');
    for (let i = 0; i < 100 && readFileSync(path, 'utf8') === ''; i++) await new Promise((r) => setTimeout(r, 10));
    expect(readFileSync(path, 'utf8')).toBe('alone\n');
    closeSync(fd);
  });

  it('flushSync writes what is queued at once', () => {
    const { path, fd } = logFile();
    const writer = createLogWriter({ fd });
    writeText(writer, 'first\n');
    writeText(writer, 'second\n');
    writer.flushSync();
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\n');
    closeSync(fd);
  });

  it('drops and counts lines past maxPending while a pipe is full, and writes the rest once it drains', async () => {
    // A reader that does not read: a stopped `cat`, whose stdin (a non-blocking socket pair here)
    // takes about 180 KiB before it answers EAGAIN.
    const cat = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    cat.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    cat.kill('SIGSTOP');
    const fd = (cat.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const writer = createLogWriter({ fd, minWrite: 1024, maxPending: 64 * 1024, droppedNote: (n) => `dropped ${n}\n` });
    const written = 20_000;
    for (let i = 0; i < written; i++) {
      // About 900 KiB: more than the socket and maxPending together. Every third line asks for its
      // exact size, the others for three bytes a character.
      if (i % 3 === 0) {
        const bytes = Buffer.from(line(i));
        writer.writeLine(bytes.length, { encodeInto: (buffer, at) => at + bytes.copy(buffer, at) });
      } else writeText(writer, line(i));
      if (i % 100 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    cat.kill('SIGCONT');
    await writer.end();
    cat.stdin.end();
    await new Promise((r) => cat.once('close', r));
    const lines = out.split('\n').filter(Boolean);
    // Each time the pipe takes lines again after some were dropped, a note counts those: on a busy
    // machine the drops may come in more than one stretch, each with its note.
    const notes = lines.filter((l) => l.startsWith('dropped ')).map((l) => Number(l.slice('dropped '.length)));
    expect(notes.length).toBeGreaterThan(0);
    const kept = lines.filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as { i: number }).i);
    expect(lines.length).toBe(kept.length + notes.length);
    expect({ kept: kept.length, notes }).toEqual({ kept: written - notes.reduce((a, b) => a + b, 0), notes });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual([...kept].sort((a, b) => a - b)); // what is kept stays in order
  });
});

describe('encodeInto', () => {
  const texts = ['', 'plain ascii line\n', 'é€😀 and \u2028 and \u0000', 'x'.repeat(300)];

  it("writes a text's UTF-8 at the offset and answers its length in bytes", () => {
    for (const text of texts) {
      const buffer = Buffer.alloc(2048, 0xaa);
      const written = encodeInto(buffer, text, 7);
      expect(written).toBe(Buffer.byteLength(text));
      expect(buffer.subarray(7, 7 + written).equals(Buffer.from(text))).toBe(true);
      expect(buffer[6]).toBe(0xaa);
      expect(buffer[7 + written]).toBe(0xaa);
    }
  });

  it("goes through Buffer#write where the runtime's Buffer has no encoder of its own", () => {
    for (const text of texts) {
      const buffer = Buffer.alloc(2048, 0xaa);
      const calls: Array<[string, number]> = [];
      // A Buffer as a runtime without `utf8Write` makes it: only the public `write`.
      Object.defineProperty(buffer, 'utf8Write', { value: undefined });
      Object.defineProperty(buffer, 'write', {
        value: (written: string, at: number) => {
          calls.push([written, at]);
          return Buffer.from(written).copy(buffer, at);
        },
      });
      const written = encodeInto(buffer, text, 3);
      expect(calls).toEqual([[text, 3]]);
      expect(written).toBe(Buffer.byteLength(text));
      expect(buffer.subarray(3, 3 + written).equals(Buffer.from(text))).toBe(true);
    }
  });
});
