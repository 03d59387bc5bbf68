/**
 * The mock's light answer (mock-server/light-response.ts) behaves as the Fetch `Response` it
 * stands for: random sequences of reads on both give the same values and the same errors, and
 * the mock's answers on its light path equal those it gives for a Fetch `Request`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lightResponse } from '../../mock-server/light-response.js';
import { KEYS, makeMock } from './helpers.js';

const BASE = 'http://feedback-board.test';

type Step = 'text' | 'json' | 'arrayBuffer' | 'blob' | 'bytes' | 'formData' | 'body' | 'bodyUsed' | 'clone' | 'cloneText' | 'headers' | 'head';
const STEPS: Step[] = ['text', 'json', 'arrayBuffer', 'blob', 'bytes', 'formData', 'body', 'bodyUsed', 'clone', 'cloneText', 'headers', 'head'];

/** What one step gives: a plain value to compare, or the error's kind and whether it is a TypeError/SyntaxError. */
async function run(response: Response, step: Step): Promise<unknown> {
  try {
    switch (step) {
      case 'text':
        return { text: await response.text() };
      case 'json':
        return { json: await response.json() };
      case 'arrayBuffer':
        return { bytes: [...new Uint8Array(await response.arrayBuffer())] };
      case 'blob': {
        const blob = await response.blob();
        return { blob: await blob.text(), type: blob.type };
      }
      case 'bytes':
        return { bytes: [...(await (response as Response & { bytes(): Promise<Uint8Array> }).bytes())] };
      case 'formData':
        return { form: [...(await response.formData()).entries()] };
      case 'body': {
        const body = response.body;
        if (body === null) return { body: null };
        if (body.locked) return { body: 'locked' };
        return { body: await new Response(body).text() };
      }
      case 'bodyUsed':
        return { bodyUsed: response.bodyUsed };
      case 'clone': {
        response.clone();
        return { cloned: true };
      }
      case 'cloneText':
        return { clonedText: await response.clone().text() };
      case 'headers':
        return { headers: [...response.headers] };
      case 'head':
        return { status: response.status, ok: response.ok, statusText: response.statusText, type: response.type, url: response.url, redirected: response.redirected };
    }
  } catch (error) {
    return { error: error instanceof TypeError ? 'TypeError' : error instanceof SyntaxError ? 'SyntaxError' : String(error) };
  }
}

describe('the mock’s light answer', () => {
  it('is a Response to instanceof and to Object.prototype.toString', () => {
    const response = lightResponse('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(response).toBeInstanceOf(Response);
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
  });

  it('answers random sequences of reads as a Fetch Response does', async () => {
    const body = fc.constantFrom<string | null>('{"id":1,"title":"Dark mode ✨"}', '[]', '', null, '{"broken":', 'a=1&b=%C3%A9');
    const status = fc.constantFrom(200, 201, 204, 404);
    const type = fc.constantFrom('application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain');
    await fc.assert(
      fc.asyncProperty(body, status, type, fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 5 }), async (text, code, contentType, steps) => {
        // A 204 has no body, as the handler builds it.
        const given = code === 204 ? null : text;
        const headers = { 'content-type': contentType, 'cache-control': 'no-store' };
        const light = lightResponse(given, { status: code, headers: { ...headers } });
        const fetched = new Response(given, { status: code, headers: { ...headers } });
        for (const step of steps) expect(await run(light, step), `${step} after ${steps.join(', ')}`).toEqual(await run(fetched, step));
      }),
      { numRuns: 400 },
    );
  });

  it('is what mock.fetch answers on its light path, with the answers a Fetch Request gets', async () => {
    // No rate limit: its remaining count would differ between the two calls.
    const mock = makeMock({ rateLimit: false });
    await mock.loaded();
    const auth = { authorization: `Bearer ${KEYS.write}`, 'content-type': 'application/json' };
    const calls: [string, RequestInit][] = [
      [`${BASE}/api/v1/boards`, { headers: auth }],
      [`${BASE}/api/v1/boards/features/posts?sort=top&limit=2`, { headers: auth }],
      [`${BASE}/api/v1/boards/features/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'From the light path' }) }],
    ];
    for (const [url, init] of calls) {
      const light = await mock.fetch(url, init);
      const viaRequest = await mock.fetch(new Request(url, init));
      expect(light.constructor.name, url).toBe('LightResponse');
      expect(viaRequest.constructor.name, url).not.toBe('LightResponse');
      expect(light.status).toBe(viaRequest.status);
      expect([...light.headers]).toEqual([...viaRequest.headers]);
      const [a, b] = [await light.json(), await viaRequest.json()] as Record<string, unknown>[];
      // The two creates made two posts: all but their ids and times agree.
      const strip = (v: Record<string, unknown>) => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'id' || k.endsWith('_at') || k === 'number' ? undefined : x)));
      expect(strip(a!)).toEqual(strip(b!));
    }
    await mock.close();
  });
});
