/**
 * Which PostgreSQL failures mean "the database cannot be used now" (answered 503
 * `service_unavailable`): it cannot be reached, or a statement gave up waiting; and which stay
 * what they are.
 */
import { describe, expect, it } from 'vitest';
import { gaveUpWaiting, isUnreachable, unlessUnavailable } from '../../../adapters/postgres/unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isUnreachable', () => {
  it.each([
    withCode('ECONNREFUSED'),
    withCode('ECONNRESET'),
    withCode('08006'),
    withCode('57P01'),
    withCode('57P03'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
  ])('is true for %s', (error) => {
    expect(isUnreachable(error)).toBe(true);
  });

  // A client this process closed itself is a defect here, not an outage.
  it.each([withCode('23505'), withCode('40001'), withCode('57014'), new TypeError('bug'), withCode('not_found'), new Error('Client was closed and is not queryable'), null, undefined])(
    'is false for %s',
    (error) => {
      expect(isUnreachable(error)).toBe(false);
    },
  );
});

describe('gaveUpWaiting', () => {
  it.each([withCode('57014'), withCode('55P03'), withCode('40P01'), withCode('40001'), new Error('Query read timeout')])('is true for %s', (error) => {
    expect(gaveUpWaiting(error)).toBe(true);
  });

  it.each([withCode('23505'), withCode('08006'), withCode('57P01'), new Error('Query read timeout!'), new TypeError('bug'), null, undefined])(
    'is false for %s',
    (error) => {
      expect(gaveUpWaiting(error)).toBe(false);
    },
  );
});

describe('unlessUnavailable', () => {
  it('turns an unreachable database into service_unavailable, keeping the cause', async () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const failure = await unlessUnavailable(() => Promise.reject(refused)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'service_unavailable' });
    expect(((failure as Error).cause as Error).message).toContain('ECONNREFUSED');
  });

  it('turns a statement canceled by its timeout, or chosen to end a deadlock, into service_unavailable, keeping the cause', async () => {
    for (const [code, message] of [
      ['57014', 'canceling statement due to statement timeout'],
      ['40P01', 'deadlock detected'],
    ]) {
      const failure = await unlessUnavailable(() => Promise.reject(withCode(code!, message))).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'service_unavailable' });
      expect(((failure as Error).cause as Error).message).toContain(code);
      expect((((failure as Error).cause as Error).cause as Error).message).toBe(message);
    }
  });

  it('passes other errors and results through unchanged', async () => {
    const unique = withCode('23505');
    await expect(unlessUnavailable(() => Promise.reject(unique))).rejects.toBe(unique);
    await expect(unlessUnavailable(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
