/**
 * Reading an imported file as strict UTF-8, line by line: lines split on LF whatever the chunks
 * (a character's bytes split between two chunks included), endings kept or dropped, a byte order
 * mark kept, and the first line that is not UTF-8 named.
 */
import { describe, expect, it } from 'vitest';
import { InvalidUtf8Error, utf8Lines, utf8LinesWithEndings } from '../../src/node/utf8-lines.js';

async function all(chunks: (string | Uint8Array)[], read = utf8LinesWithEndings): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of read((async function* () {
    yield* chunks;
  })())) lines.push(line);
  return lines;
}

describe('utf8Lines', () => {
  it('splits on LF across chunks, a character split between chunks included, and keeps the endings', async () => {
    const bytes = Buffer.from('one\r\nzwei ☃\n\ufeffdrei 😀');
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await all(chunks)).toEqual(['one\r\n', 'zwei ☃\n', '\ufeffdrei 😀']);
    expect(await all([bytes], utf8Lines)).toEqual(['one', 'zwei ☃', '\ufeffdrei 😀']);
    expect(await all(['a\n', 'b\n'], utf8Lines)).toEqual(['a', 'b']);
    expect(await all([])).toEqual([]);
  });

  it('names the first line that is not valid UTF-8', async () => {
    for (const bad of [[0xe9], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff]]) {
      const read = all([Buffer.from('good\nfine\n'), Buffer.from([0x61, ...bad, 0x0a]), Buffer.from('later\n')]);
      await expect(read).rejects.toBeInstanceOf(InvalidUtf8Error);
      await expect(read).rejects.toThrow('line 3: not valid UTF-8 (save the file as UTF-8)');
    }
  });
});
