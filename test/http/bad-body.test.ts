import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const MiB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };

async function world() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Existing' });
  return { ...h, post };
}

/** Sends to create post and checks status, code, no change and no 5xx. */
async function refuse(h: Awaited<ReturnType<typeof world>>, raw: BodyInit, status: number, code: string, headers: Record<string, string> = JSON_TYPE) {
  const before = await snapshot(h.board);
  const r = await h.req('POST', '/boards/features/posts', { raw, headers });
  expect(r.status, typeof raw === 'string' ? raw.slice(0, 40) : 'bytes').toBe(status);
  expect(r.json.error.code).toBe(code);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await snapshot(h.board)).toEqual(before);
  return r;
}

describe('request bodies', () => {
  it('malformed JSON and JSON that is not an object are 400 invalid_json', async () => {
    const h = await world();
    for (const raw of ['{', '{"title": "x",}', "{'title': 'x'}", 'title=x', '{"title":"x"} trailing', '[]', '[{"title":"x"}]', '"x"', '42', 'null', 'true', ' ']) {
      await refuse(h, raw, 400, 'invalid_json');
    }
  });

  it('a body that stops arriving (its connection aborted) is 400 invalid_json, logged as nothing', async () => {
    const errors: unknown[] = [];
    const h = await createHarness({ logger: { error: (...args: unknown[]) => void errors.push(args) } });
    await h.makeBoard();
    const before = await snapshot(h.board);
    const raw = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":"'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const r = await h.req('POST', '/boards/features/posts', { raw, headers: JSON_TYPE });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: 'invalid_json', message: 'The body did not arrive to its end' });
    expect(errors).toEqual([]);
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('bytes that are not UTF-8 are 400 invalid_json', async () => {
    const h = await world();
    const prefix = new TextEncoder().encode('{"title":"');
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const bytes = new Uint8Array([...prefix, ...bad, 0x22, 0x7d]);
      await refuse(h, bytes, 400, 'invalid_json');
    }
    const latin1 = new Uint8Array([...prefix, 0xe9, 0x22, 0x7d]);
    await refuse(h, latin1, 400, 'invalid_json', { 'content-type': 'application/json; charset=utf-8' });
  });

  it('a Content-Type other than application/json is 415 for a non-empty body; parameters are allowed', async () => {
    const h = await world();
    const body = JSON.stringify({ title: 'x' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'application/merge-patch+json', 'multipart/form-data; boundary=x']) {
      await refuse(h, body, 415, 'unsupported_media_type', { 'content-type': type });
    }
    // A body sent without any Content-Type is refused too (fetch would label a string text/plain).
    await refuse(h, new TextEncoder().encode(body), 415, 'unsupported_media_type', {});
    for (const type of ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=UTF-8']) {
      expect((await h.req('POST', '/boards/features/posts', { raw: body, headers: { 'content-type': type } })).status, type).toBe(201);
    }
  });

  it('an absent or empty body counts as {} and needs no Content-Type; then required fields apply', async () => {
    const h = await world();
    const none = await h.req('POST', '/boards/features/posts');
    expect(none.status).toBe(422);
    expect(none.json.error.details).toEqual([{ path: 'title', message: expect.any(String) }]);
    const empty = await h.req('POST', '/boards/features/posts', { raw: '', headers: { 'content-type': 'text/plain' } });
    expect(empty.status).toBe(422);
    expect((await h.req('POST', `/boards/features/posts/${h.post.id}/claim`, { key: h.a.keys.propose })).status).toBe(201);
  });

  it('bodies over 1 MiB are 413, with or without Content-Length; exactly 1 MiB is read', async () => {
    const h = await world();
    const exact = JSON.stringify({ body: 'x'.repeat(MiB - 11) });
    expect(new TextEncoder().encode(exact).byteLength).toBe(MiB);
    const atLimit = await h.req('POST', '/boards/features/posts', { raw: exact, headers: JSON_TYPE });
    expect(atLimit.status).toBe(422); // read and validated: the body field is too long, the title missing
    await refuse(h, JSON.stringify({ body: 'x'.repeat(MiB - 10) }), 413, 'payload_too_large');
    await refuse(h, JSON.stringify({ title: 'x', body: '😀'.repeat(MiB / 4) }), 413, 'payload_too_large');

    // Streamed in chunks without a Content-Length: refused once the count passes the limit.
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"body":"'));
        sent += chunk.byteLength;
        if (sent > 64 * MiB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    await refuse(h, stream, 413, 'payload_too_large');
    expect(sent).toBeLessThan(2 * MiB); // it stopped reading early
    // A Content-Length over the limit is refused before reading.
    await refuse(h, '{}', 413, 'payload_too_large', { ...JSON_TYPE, 'content-length': String(MiB + 1) });
  });

  it('the body limit is configurable', async () => {
    const h = await createHarness({ http: { maxBodyBytes: 64 } });
    await h.makeBoard();
    expect((await h.req('POST', '/boards/features/posts', { body: { title: 'x'.repeat(40) } })).status).toBe(201);
    const r = await h.req('POST', '/boards/features/posts', { body: { title: 'x'.repeat(60) } });
    expect(r.status).toBe(413);
  });

  it('unknown fields, __proto__ and constructor are 422 naming the field', async () => {
    const h = await world();
    for (const [raw, field] of [
      ['{"title":"x","colour":"red"}', 'colour'],
      ['{"title":"x","__proto__":{"status":"shipped"}}', '__proto__'],
      ['{"title":"x","constructor":{"prototype":{}}}', 'constructor'],
      ['{"title":"x","vote_count":3}', 'vote_count'],
      ['{"title":"x","is_admin":false}', 'is_admin'],
      ['{"title":"x","Title":"y"}', 'Title'],
    ] as const) {
      const r = await refuse(h, raw, 422, 'validation_error');
      expect(r.json.error.details).toContainEqual({ path: field, message: 'unknown field' });
    }
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });

  it('wrong types are 422 with details per field', async () => {
    const h = await world();
    const r = await refuse(h, JSON.stringify({ title: 5, body: null, status: 'OPEN', tags: [1], pinned: 'true' }), 422, 'validation_error');
    expect(r.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['body', 'pinned', 'status', 'tags.0', 'title']);
    for (const d of r.json.error.details) expect(typeof d.message).toBe('string');
    await refuse(h, JSON.stringify({ title: ['x'] }), 422, 'validation_error');
    await refuse(h, JSON.stringify({ title: { text: 'x' } }), 422, 'validation_error');
  });

  it('lone surrogates and NUL are refused; everything else is stored exactly as sent', async () => {
    const h = await world();
    for (const raw of ['{"title":"a\\ud800b"}', '{"title":"\\udc00"}', '{"title":"x","body":"\\ud83d"}', '{"title":"a\\u0000b"}', '{"title":"x","tags":["\\u0000"]}']) {
      await refuse(h, raw, 422, 'validation_error');
    }
    const exact = 'e\u0301 \u{1F468}\u200D\u{1F469} \t\r\n  <b>&amp;</b> \\ "q" \u2028';
    const r = await h.req('POST', '/boards/features/posts', { body: { title: '😀', body: exact, tags: [' spaced tag '] } });
    expect(r.status).toBe(201);
    const stored = (await h.req('GET', `/boards/features/posts/${r.json.id}`)).json;
    expect(stored.body).toBe(exact);
    expect(stored.tags[0].name).toBe(' spaced tag ');
  });
});
