/**
 * Tool arguments are checked against the tool's input schema before the operation runs: a value
 * of the wrong type, an object where a string belongs or an absurdly nested one is a tool error
 * naming the field, never an internal error with a stack trace in the log, and never coerced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toolDefinitions } from '../../mcp/index.js';
import { connectInProcess, KEYS, makeBoard, textOf } from './helpers.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function connect() {
  const logged: unknown[] = [];
  const { board } = await makeBoard();
  // A team key calls every tool.
  const connection = await connectInProcess(board, KEYS.team, { logger: { error: (_message, cause) => void logged.push(cause) } });
  closers.push(connection.close);
  return { client: connection.client, logged };
}

/** An array nested `depth` deep. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('tool arguments', () => {
  it('refuses values that are not of the type the input schema names, as a tool error naming the field', async () => {
    const { client, logged } = await connect();
    const cases: [string, Record<string, unknown>, string][] = [
      ['list_posts', { slug: 'features', q: { toString: 1 } }, 'q: must be a string'],
      ['list_posts', { slug: 'features', q: nested(5_000) }, 'q: must be a string'],
      ['list_posts', { slug: 'features', limit: '5' }, 'limit: must be an integer'],
      ['list_posts', { slug: 'features', limit: 5.5 }, 'limit: must be an integer'],
      ['get_queue', { slug: 'features', limit: true }, 'limit: must be an integer'],
      ['get_ship_stats', { slug: 'features', period: 'year' }, 'period: must be one of'],
      ['get_ship_stats', { slug: 'features', period: ['month'] }, 'period: must be a string'],
      ['create_post', { slug: 'features', title: 'Deep', tags: nested(5_000) }, 'validation_error'],
      ['create_comment', { slug: 'features', id: 1, body: { toString: 1 } }, 'validation_error'],
    ];
    for (const [name, args, expected] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name} ${Object.keys(args).join(',')}`).toBe(true);
      expect(textOf(result), name).toContain('validation_error');
      expect(textOf(result), name).toContain(expected);
    }
    expect(logged).toEqual([]);
  });

  it('refuses arguments nested deeper than any tool takes, for every tool, without running it', async () => {
    const { client, logged } = await connect();
    for (const tool of toolDefinitions()) {
      const result = await client.callTool({ name: tool.name, arguments: { slug: 'features', id: 1, extra: nested(5_000) } });
      expect(result.isError, tool.name).toBe(true);
      expect(textOf(result), tool.name).toMatch(/^validation_error: /);
    }
    expect(logged).toEqual([]);
  });

  it('still takes well-typed values', async () => {
    const { client } = await connect();
    const listed = await client.callTool({ name: 'list_posts', arguments: { slug: 'features', q: 'dark', limit: 5, offset: 0 } });
    expect(listed.isError).toBeUndefined();
    const stats = await client.callTool({ name: 'get_ship_stats', arguments: { slug: 'features', period: 'week' } });
    expect(stats.isError).toBeUndefined();
  });
});
