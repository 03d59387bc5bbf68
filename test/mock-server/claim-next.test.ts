/** Claim-next through the mock server: the operation, its history name, faults and the clock. */
import { expect, it } from 'vitest';
import { KEYS, makeMock } from './helpers.js';

it('hands out the queue through the client, records claimNextPost, injects faults and expires claims', async () => {
  const mock = makeMock();
  const agent = mock.client(KEYS.propose);
  const rival = mock.client(KEYS.otherAgent);
  // The fixture's queue: "Export to CSV" (ranked), then "Dark mode" (planned).
  const first = await agent.agent.claimNext('features', { ttl_seconds: 60 });
  const second = await rival.agent.claimNext('features');
  expect([first.post?.title, second.post?.title]).toEqual(['Export to CSV', 'Dark mode']);
  expect(await agent.agent.claimNext('features')).toEqual({ claim: null, post: null });
  expect(mock.calls('claimNextPost').map((call) => call.status)).toEqual([201, 201, 200]);

  mock.fail('claimNextPost', { status: 503, code: 'unavailable', times: 1 });
  await expect(agent.agent.claimNext('features')).rejects.toMatchObject({ status: 503, code: 'unavailable' });

  mock.clock.advance(60_000);
  const again = await rival.agent.claimNext('features');
  expect(again.claim?.post_id).toBe(first.claim?.post_id);
});
