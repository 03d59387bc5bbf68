/**
 * Reading a page's form when its body stops arriving: the client went away, or the server cut a
 * body too slow to arrive. Nobody is left to answer, so it is no error of the server's: the form
 * is unreadable, the page answers 403 and nothing is logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readForm } from '../../src/pages/form-body.js';
import { ORIGIN, setupPages } from './helpers.js';

/** A form POST whose body sends a few bytes, then fails as an aborted connection does. */
function abortedForm(url: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('email=a%40b'));
      controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    },
  });
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body,
    duplex: 'half',
  } as RequestInit);
}

afterEach(() => vi.restoreAllMocks());

describe('a form whose body stops arriving', () => {
  it('is unreadable', async () => {
    expect(await readForm(abortedForm(`${ORIGIN}/sign-in`), null)).toBe('unreadable');
    expect(await readForm(abortedForm(`${ORIGIN}/sign-in`), 1_000_000)).toBe('unreadable');
  });

  it('answers 403 on the page and logs nothing', async () => {
    const { pages } = await setupPages();
    const logged = vi.spyOn(console, 'error');
    const answer = await pages(abortedForm(`${ORIGIN}/sign-in`));
    expect(answer.status).toBe(403);
    expect(logged).not.toHaveBeenCalled();
  });
});
