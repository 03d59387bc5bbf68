/**
 * Which PostgreSQL failures mean "the database cannot be reached" (answered 503
 * `service_unavailable`) and which stay what they are.
 */
import { describe, expect, it } from 'vitest';
import { isUnreachable, unlessUnreachable } from '../../../adapters/postgres/unavailable.js';

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
  ])('is true for %s', (error) => {
    expect(isUnreachable(error)).toBe(true);
  });

  it.each([withCode('23505'), withCode('40001'), withCode('57014'), new TypeError('bug'), withCode('not_found'), null, undefined])(
    'is false for %s',
    (error) => {
      expect(isUnreachable(error)).toBe(false);
    },
  );
});

describe('unlessUnreachable', () => {
  it('turns an unreachable database into service_unavailable, keeping the cause', async () => {
    const refused = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const failure = await unlessUnreachable(() => Promise.reject(refused)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'service_unavailable' });
    expect(((failure as Error).cause as Error).message).toContain('ECONNREFUSED');
  });

  it('passes other errors and results through unchanged', async () => {
    const unique = withCode('23505');
    await expect(unlessUnreachable(() => Promise.reject(unique))).rejects.toBe(unique);
    await expect(unlessUnreachable(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
