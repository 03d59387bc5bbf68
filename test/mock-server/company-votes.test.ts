/**
 * The mock server serves the votes on behalf of a company like every row of the table: its
 * history names the operations, a fault can target them, and the real core answers them (here,
 * refusing a company the fixture never named, changing nothing).
 */
import { describe, expect, it } from 'vitest';
import { KEYS, makeMock } from './helpers.js';

describe('votes on behalf of a company on the mock server', () => {
  it('are named in the history, answered by the core, and can be faulted', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.write);
    const before = (await client.votes.list('features', 1)).vote_count;
    const refusal = await client.votes.onBehalf('features', 1, { company_id: 'initech' }).then(() => null, (error: { status?: number; code?: string }) => [error.status, error.code]);
    expect(refusal).toEqual([422, 'validation_error']);
    mock.fail('withdrawVoteOnBehalf', { status: 503, code: 'unavailable', message: 'Down', times: 1 });
    const faulted = await client.votes.withdrawOnBehalf('features', 1, { company_id: 'initech' }).then(() => null, (error: { status?: number }) => error.status);
    expect(faulted).toBe(503);
    expect(mock.calls().map((c) => [c.operation, c.status, c.faulted, c.body])).toEqual([
      ['listVotes', 200, false, undefined],
      ['voteOnBehalf', 422, false, { company_id: 'initech' }],
      ['withdrawVoteOnBehalf', 503, true, { company_id: 'initech' }],
    ]);
    expect((await client.votes.list('features', 1)).vote_count).toBe(before);
  });
});
