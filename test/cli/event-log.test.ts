/**
 * The lines of `serve`'s events (cli/event-log.ts): one JSON object, or one text line, per event;
 * an error's causes in words, each once; a stack only for an error that is not one of the API's.
 */
import { describe, expect, it } from 'vitest';
import { errorText, eventLine, serveLogger } from '../../cli/event-log.js';
import { FeedbackBoardError } from '../../src/domain/errors.js';

const TIME = new Date('2026-11-28T08:00:00.000Z');
const outage = new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used', {
  cause: new Error('feedback-board/postgres: the database cannot be reached: connect ECONNREFUSED 127.0.0.1:5432', {
    cause: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
  }),
});

describe('serve event lines', () => {
  it('an error and its causes are one text, each cause once', () => {
    expect(errorText(outage)).toBe(
      'The service is unavailable: its storage cannot be used: feedback-board/postgres: the database cannot be reached: connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(errorText('plain')).toBe('plain');
  });

  it('json: one object a line, the API error without a stack, a bug with its stack', () => {
    const api = eventLine('json', 'error', 'webhook dispatcher failed', outage, TIME);
    expect(api.includes('\n')).toBe(false);
    expect(JSON.parse(api)).toEqual({ time: TIME.toISOString(), level: 'error', message: 'webhook dispatcher failed', error: errorText(outage) });
    const bug = JSON.parse(eventLine('json', 'error', 'unexpected error', new TypeError('x is undefined'), TIME));
    expect(bug).toMatchObject({ level: 'error', error: 'x is undefined' });
    expect(bug.stack).toMatch(/^TypeError: x is undefined\n\s+at /);
    expect(JSON.parse(eventLine('json', 'info', 'works again', undefined, TIME))).toEqual({ time: TIME.toISOString(), level: 'info', message: 'works again' });
  });

  it('text (and off): the same fields on one line, a bug\'s stack after it', () => {
    expect(eventLine('text', 'error', 'loop failed', outage, TIME)).toBe(`2026-11-28T08:00:00.000Z error loop failed: ${errorText(outage)}`);
    expect(eventLine('off', 'info', 'loop works again', undefined, TIME)).toBe('2026-11-28T08:00:00.000Z info loop works again');
    expect(eventLine('text', 'error', 'oops', new RangeError('bad'), TIME).split('\n')[1]).toBe('RangeError: bad');
  });

  it('serveLogger writes each event through its writer', () => {
    const lines: string[] = [];
    const logger = serveLogger('json', (line) => lines.push(line));
    logger.error('a', outage);
    logger.info!('b');
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['a', 'b']);
  });
});
