/**
 * Request bodies read straight from Node's incoming message (src/node/incoming-body.ts) by a board
 * served with `listen`: the same answers as the Fetch path for a whole body, one split between
 * multi-byte characters, an empty one, one over the limit (refused as soon as the limit is
 * passed, with or without a declared length, and the next request answered), one whose
 * client went away, and one a layer before the API read a copy of; nothing stored by a refused one.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoard } from '../../src/board.js';
import { BODY_READER } from '../../src/node/incoming-body.js';
import { listen, type RunningServer } from '../../src/node/listen.js';
import type { Answered } from '../../src/node/request-id.js';

const LIMIT = 1000;

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function served(
  before?: (request: Request) => Promise<unknown>,
): Promise<{ board: FeedbackBoard; key: string; seen: Answered['status'][]; readers: boolean[] }> {
  const board = createFeedbackBoard({ storage: createMemoryStorage(), http: { maxBodyBytes: LIMIT } });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  await (await board.api(key)).boards.create({ slug: 'features', name: 'Features' });
  const seen: number[] = [];
  const readers: boolean[] = [];
  server = await listen(
    async (request) => {
      readers.push((request as Request & Record<symbol, unknown>)[BODY_READER] !== undefined);
      await before?.(request);
      return board.fetch(request);
    },
    { onAnswer: (answer) => seen.push(answer.status) },
  );
  return { board, key, seen, readers };
}

const titles = async (board: FeedbackBoard, key: string) => (await (await board.api(key)).posts.list('features')).posts.map((post) => post.title);

/** Sends a POST to create a post in `chunks`, a pause between them; resolves with the status and body. */
function postInChunks(key: string, chunks: Buffer[], headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server!.url}/api/v1/boards/features/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    const next = (i: number) => {
      if (i === chunks.length) return void request.end();
      request.write(chunks[i]);
      setTimeout(() => next(i + 1), 20);
    };
    next(0);
  });
}

describe('request bodies read from the incoming message', () => {
  it('are read whole, also split inside a multi-byte character, and only for requests that may have a body', async () => {
    const { board, key, readers } = await served();
    const json = Buffer.from(JSON.stringify({ title: 'Ünïcödé ✨ split', body: 'x'.repeat(200) }));
    const cut = json.indexOf(Buffer.from('✨')) + 1;
    const answer = await postInChunks(key, [json.subarray(0, cut), json.subarray(cut)]);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ title: 'Ünïcödé ✨ split' });
    const listed = await fetch(`${server!.url}/api/v1/boards/features/posts`, { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status).toBe(200);
    // The POST carried the reader, the GET did not.
    expect(readers).toEqual([true, false]);
    expect(await titles(board, key)).toEqual(['Ünïcödé ✨ split']);
  });

  it('a body a layer before the API read a copy of (as the mock server records it) is still the API’s whole', async () => {
    const copies: string[] = [];
    const { board, key } = await served(async (request) => {
      if (request.method === 'POST') copies.push(await request.clone().text());
    });
    const answer = await postInChunks(key, [Buffer.from('{"title":"read twice'), Buffer.from('"}')]);
    expect(answer.status).toBe(201);
    expect(copies).toEqual(['{"title":"read twice"}']);
    expect(await titles(board, key)).toEqual(['read twice']);
  });

  it('an empty body counts as {}: a validation error, not a JSON one', async () => {
    const { board, key } = await served();
    const answer = await postInChunks(key, [], { 'content-length': '0' });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error.code).toBe('validation_error');
    expect(await titles(board, key)).toEqual([]);
  });

  it('over the limit without a declared length: 413 once the limit is passed, before the body ends, and nothing stored', async () => {
    const { board, key, seen } = await served();
    const socket = connect(server!.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const head = `POST /api/v1/boards/features/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const part = `{"title":"big","body":"${'y'.repeat(LIMIT)}`;
    socket.write(`${head}${part.length.toString(16)}\r\n${part}\r\n`);
    // The body never ends: the answer must come without it.
    for (let i = 0; i < 100 && !/\r\n\r\n\{.*\}$/s.test(text); i++) await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"code":"payload_too_large"');
    expect(seen).toEqual([413]);
    expect(await titles(board, key)).toEqual([]);
  });

  it('over the limit with a declared length: 413 before any of it is read; the next request is answered', async () => {
    const { board, key } = await served();
    const big = Buffer.from(JSON.stringify({ title: 'big', body: 'z'.repeat(LIMIT) }));
    const refused = await postInChunks(key, [big], { 'content-length': String(big.length) });
    expect(refused.status).toBe(413);
    const fine = await postInChunks(key, [Buffer.from('{"title":"small"}')]);
    expect(fine.status).toBe(201);
    expect(await titles(board, key)).toEqual(['small']);
  });

  it('a body whose client goes away before its end is refused as cut short, and nothing is stored', async () => {
    const { board, key, seen } = await served();
    const socket = connect(server!.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/v1/boards/features/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"title":"half`,
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([400]);
    expect(await titles(board, key)).toEqual([]);
  });
});
