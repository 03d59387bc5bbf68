/**
 * The tools `vote_on_behalf` and `withdraw_vote_on_behalf` through the SDK's own Client: a write
 * key's vote for a customer company counts once, its answer matches the tool's output schema,
 * withdrawing takes it back, an unknown company is a tool error that changes nothing, and a
 * propose key does not see the tools.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectInProcess, KEYS, makeBoard, outputValidators, START, textOf } from './helpers.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function connect(key: string) {
  const { board } = await makeBoard();
  await board.storage.transaction('write', (tx) =>
    tx.putCompany({ organization_id: 1, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: new Date(START).toISOString() }),
  );
  const connection = await connectInProcess(board, key);
  closers.push(connection.close);
  return { board, client: connection.client };
}

describe('votes on behalf of a company as MCP tools', () => {
  it('vote once per company, withdraw, and answer what the output schema says', async () => {
    const { client } = await connect(KEYS.write);
    const validators = await outputValidators(client);
    const tools = (await client.listTools()).tools.filter((tool) => tool.name.endsWith('vote_on_behalf'));
    expect(tools.map((tool) => [tool.name, tool.annotations?.idempotentHint, tool.annotations?.destructiveHint])).toEqual([
      ['vote_on_behalf', true, false],
      ['withdraw_vote_on_behalf', true, false],
    ]);
    expect(tools[0]!.inputSchema.required).toEqual(['slug', 'id', 'company_id']);

    const before = (await client.callTool({ name: 'get_votes', arguments: { slug: 'features', id: 1 } })).structuredContent as { vote_count: number };
    for (const expected of [before.vote_count + 1, before.vote_count + 1]) {
      const result = await client.callTool({ name: 'vote_on_behalf', arguments: { slug: 'features', id: 1, company_id: 'initech' } });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toEqual({ post_id: 1, vote_count: expected });
      expect(validators.get('vote_on_behalf')!(result.structuredContent)).toBe(true);
    }
    const withdrawn = await client.callTool({ name: 'withdraw_vote_on_behalf', arguments: { slug: 'features', id: 1, company_id: 'initech' } });
    expect(withdrawn.structuredContent).toEqual({ post_id: 1, vote_count: before.vote_count });
  });

  it('refuse an unknown company as a tool error, changing nothing; a propose key sees neither tool', async () => {
    const { board, client } = await connect(KEYS.write);
    const refused = await client.callTool({ name: 'vote_on_behalf', arguments: { slug: 'features', id: 1, company_id: 'nobody' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('company_id: is not a company of this organization');
    expect(await board.storage.transaction('read', (tx) => tx.listCompanyVoters(1))).toEqual([]);

    const propose = await connect(KEYS.propose);
    const names = (await propose.client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('vote_on_behalf');
    expect(names).not.toContain('withdraw_vote_on_behalf');
  });
});
