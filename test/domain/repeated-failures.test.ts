/**
 * A polling loop's failures, once per outage (src/domain/repeated-failures.ts): the first failure
 * is reported, repeats of the same kind are only counted, a failure of another kind is reported,
 * and the first success after them says the loop works again, with the count and the duration.
 */
import { describe, expect, it } from 'vitest';
import { FeedbackBoardError } from '../../src/domain/errors.js';
import type { Logger } from '../../src/domain/ports.js';
import { repeatedFailures } from '../../src/domain/repeated-failures.js';

function recorder(withInfo = true): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger: Logger = { error: (message, error) => lines.push(`error ${message}${error ? ` | ${(error as Error).message}` : ''}`) };
  if (withInfo) logger.info = (message) => lines.push(`info ${message}`);
  return { logger, lines };
}

const unavailable = (detail: string) => new FeedbackBoardError('service_unavailable', `The service is unavailable (${detail})`);

describe('repeatedFailures', () => {
  it('reports an outage once, and its end once, with the count and the time', () => {
    const { logger, lines } = recorder();
    let now = 1_000_000;
    const failures = repeatedFailures(logger, 'webhook dispatcher: delivering due messages', { now: () => now });
    failures.succeeded();
    for (let i = 0; i < 20; i++) {
      failures.failed(unavailable(`attempt ${i}`));
      now += 500;
    }
    failures.succeeded();
    failures.succeeded();
    expect(lines).toEqual([
      'error webhook dispatcher: delivering due messages failed; retrying quietly until it works or fails otherwise | The service is unavailable (attempt 0)',
      'info webhook dispatcher: delivering due messages works again, after 20 failed attempts over 10 s',
    ]);
  });

  it('reports a failure of another kind, and a later outage afresh', () => {
    const { logger, lines } = recorder();
    const failures = repeatedFailures(logger, 'loop', { now: () => 0 });
    failures.failed(unavailable('a'));
    failures.failed(new Error('disk full'));
    failures.failed(new Error('disk full'));
    failures.succeeded();
    failures.failed(new Error('disk full'));
    expect(lines).toEqual([
      'error loop failed; retrying quietly until it works or fails otherwise | The service is unavailable (a)',
      'error loop failed (attempt 2); retrying quietly until it works or fails otherwise | disk full',
      'info loop works again, after 3 failed attempts over 0 s',
      'error loop failed; retrying quietly until it works or fails otherwise | disk full',
    ]);
  });

  it('says the recovery through error() when the logger has no info()', () => {
    const { logger, lines } = recorder(false);
    const failures = repeatedFailures(logger, 'loop', { now: () => 0 });
    failures.failed(new Error('x'));
    failures.succeeded();
    expect(lines.at(-1)).toBe('error loop works again, after 1 failed attempt over 0 s');
  });
});
