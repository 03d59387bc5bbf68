/** Implementation evidence and claims, including the claim race. */
import type { ClaimRequest } from '../src/storage/contract.js';
import { at, ids, newApiKey, newEvidence, newPost, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function agentTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Board 1 with posts 1 and 2 and API keys 1..keys. */
  async function seedClaimable(keys = 2): Promise<void> {
    await ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      for (let i = 1; i <= keys; i++) await tx.insertApiKey(newApiKey(organization.id, { label: `key ${i}`, hash: `h${i}` }));
      await tx.insertPost(newPost(board.id));
      await tx.insertPost(newPost(board.id));
    });
  }

  function claim(request: Partial<ClaimRequest> & { api_key_id: number; now: string; expires_at: string }) {
    return ctx.write((tx) => tx.claimPost({ post_id: 1, ...request }));
  }

  ctx.t.describe('evidence', () => {
    ctx.test('evidence is listed by added_at, then id, per post', async () => {
      await seedClaimable();
      const added = await ctx.write(async (tx) => [
        await tx.insertEvidence(newEvidence(1, { added_at: at(5), ref: 'a', kind: 'branch', label: 'main' })),
        await tx.insertEvidence(newEvidence(1, { added_at: at(1), ref: 'b', action_key: 'k1' })),
        await tx.insertEvidence(newEvidence(2, { added_at: at(0), ref: 'c' })),
        await tx.insertEvidence(newEvidence(1, { added_at: at(5), ref: 'd', kind: 'transcript' })),
        await tx.insertEvidence(newEvidence(1, { added_at: at(1), ref: 'e' })),
      ]);
      expect(added[0]).toEqual({ id: 1, ...newEvidence(1, { added_at: at(5), ref: 'a', kind: 'branch', label: 'main' }) });
      const listed = await ctx.read((tx) => tx.listEvidence(1));
      expect(ids(listed)).toEqual([2, 5, 1, 4]);
      expect(listed[0]).toEqual(added[1]);
      expect(ids(await ctx.read((tx) => tx.listEvidence(2)))).toEqual([3]);
      expect(await ctx.read((tx) => tx.listEvidence(3))).toEqual([]);
    });

    ctx.test('replaceEvidence swaps the post’s evidence for new rows in the given order', async () => {
      await seedClaimable();
      await ctx.write(async (tx) => {
        await tx.insertEvidence(newEvidence(1, { ref: 'old', action_key: 'k' }));
        await tx.insertEvidence(newEvidence(2, { ref: 'other' }));
      });
      const rows = [newEvidence(1, { ref: 'x', added_at: at(9) }), newEvidence(1, { ref: 'y', added_at: at(2), action_key: 'k2' })];
      const replaced = await ctx.write((tx) => tx.replaceEvidence(1, rows));
      expect(replaced).toEqual([
        { id: 3, ...rows[0]! },
        { id: 4, ...rows[1]! },
      ]);
      expect(ids(await ctx.read((tx) => tx.listEvidence(1)))).toEqual([4, 3]);
      expect(await ctx.read((tx) => tx.findEvidenceByActionKey(1, 'k'))).toBeNull();
      expect(ids(await ctx.read((tx) => tx.listEvidence(2)))).toEqual([2]);
      expect(await ctx.write((tx) => tx.replaceEvidence(1, []))).toEqual([]);
      expect(await ctx.read((tx) => tx.listEvidence(1))).toEqual([]);
    });

    ctx.test('findEvidenceByActionKey finds the post’s evidence with that key', async () => {
      await seedClaimable();
      const [keyed] = await ctx.write(async (tx) => [
        await tx.insertEvidence(newEvidence(1, { action_key: 'deploy-1' })),
        await tx.insertEvidence(newEvidence(1, { action_key: null })),
        await tx.insertEvidence(newEvidence(2, { action_key: 'deploy-2' })),
      ]);
      await ctx.read(async (tx) => {
        expect(await tx.findEvidenceByActionKey(1, 'deploy-1')).toEqual(keyed);
        expect(await tx.findEvidenceByActionKey(1, 'Deploy-1')).toBeNull();
        expect(await tx.findEvidenceByActionKey(1, 'deploy-2')).toBeNull();
        expect(await tx.findEvidenceByActionKey(2, 'deploy-2')).not.toBeNull();
        expect(await tx.findEvidenceByActionKey(1, '')).toBeNull();
      });
    });

    ctx.test('findEvidenceByActionKey answers the lowest id when entries share the key', async () => {
      await seedClaimable();
      const [first] = await ctx.write(async (tx) => [
        await tx.insertEvidence(newEvidence(1, { action_key: 'deploy', added_at: at(9) })),
        await tx.insertEvidence(newEvidence(1, { action_key: 'deploy', added_at: at(1) })),
      ]);
      expect(await ctx.read((tx) => tx.findEvidenceByActionKey(1, 'deploy'))).toEqual(first);
    });
  });

  ctx.t.describe('claims', () => {
    ctx.test('a first claim is created with claimed_at = now and an empty label by default', async () => {
      await seedClaimable();
      const outcome = await claim({ api_key_id: 1, now: at(0), expires_at: at(60) });
      const expected = { post_id: 1, api_key_id: 1, agent_label: '', claimed_at: at(0), expires_at: at(60) };
      expect(outcome).toEqual({ outcome: 'created', claim: expected });
      expect(await ctx.read((tx) => tx.getClaim(1))).toEqual(expected);
      expect(await ctx.read((tx) => tx.getClaim(2))).toBeNull();
      const labelled = await ctx.write((tx) =>
        tx.claimPost({ post_id: 2, api_key_id: 1, agent_label: 'bot', now: at(1), expires_at: at(2) }),
      );
      expect(labelled.claim.agent_label).toBe('bot');
    });

    ctx.test('the same key extends its live claim, keeping claimed_at and, unless given, the label', async () => {
      await seedClaimable();
      await claim({ api_key_id: 1, agent_label: 'bot', now: at(0), expires_at: at(60) });
      const extended = await claim({ api_key_id: 1, now: at(30), expires_at: at(90) });
      expect(extended).toEqual({
        outcome: 'extended',
        claim: { post_id: 1, api_key_id: 1, agent_label: 'bot', claimed_at: at(0), expires_at: at(90) },
      });
      const relabelled = await claim({ api_key_id: 1, agent_label: '', now: at(89), expires_at: at(95) });
      expect(relabelled).toEqual({
        outcome: 'extended',
        claim: { post_id: 1, api_key_id: 1, agent_label: '', claimed_at: at(0), expires_at: at(95) },
      });
      expect(await ctx.read((tx) => tx.getClaim(1))).toEqual(relabelled.claim);
    });

    ctx.test('another key’s live claim is a conflict that changes nothing', async () => {
      await seedClaimable();
      const held = await claim({ api_key_id: 1, agent_label: 'bot', now: at(0), expires_at: at(60) });
      const conflict = await claim({ api_key_id: 2, agent_label: 'other', now: at(59), expires_at: at(120) });
      expect(conflict).toEqual({ outcome: 'conflict', claim: held.claim });
      expect(await ctx.read((tx) => tx.getClaim(1))).toEqual(held.claim);
    });

    ctx.test('an expired claim is replaced by a new one, whoever claims', async () => {
      await seedClaimable();
      await claim({ api_key_id: 1, agent_label: 'bot', now: at(0), expires_at: at(60) });
      const expiredRead = await ctx.read((tx) => tx.getClaim(1));
      expect(expiredRead?.expires_at).toBe(at(60));
      const takeover = await claim({ api_key_id: 2, now: at(60), expires_at: at(70) });
      expect(takeover).toEqual({
        outcome: 'created',
        claim: { post_id: 1, api_key_id: 2, agent_label: '', claimed_at: at(60), expires_at: at(70) },
      });
      const again = await claim({ api_key_id: 2, agent_label: 'new', now: at(80), expires_at: at(90) });
      expect(again).toEqual({
        outcome: 'created',
        claim: { post_id: 1, api_key_id: 2, agent_label: 'new', claimed_at: at(80), expires_at: at(90) },
      });
    });

    ctx.test('releaseClaim: released by the holder, conflict for another key, none without a live claim', async () => {
      await seedClaimable();
      expect(await ctx.write((tx) => tx.releaseClaim(1, 1, at(0)))).toBe('none');
      await claim({ api_key_id: 1, now: at(0), expires_at: at(60) });
      expect(await ctx.write((tx) => tx.releaseClaim(1, 2, at(10)))).toBe('conflict');
      expect(await ctx.read((tx) => tx.getClaim(1))).not.toBeNull();
      expect(await ctx.write((tx) => tx.releaseClaim(1, 1, at(10)))).toBe('released');
      expect(await ctx.read((tx) => tx.getClaim(1))).toBeNull();
      expect((await claim({ api_key_id: 2, now: at(11), expires_at: at(20) })).outcome).toBe('created');
    });

    ctx.test('releasing an expired claim answers none and removes it, whoever asks', async () => {
      await seedClaimable();
      await claim({ api_key_id: 1, now: at(0), expires_at: at(60) });
      expect(await ctx.write((tx) => tx.releaseClaim(1, 2, at(60)))).toBe('none');
      expect(await ctx.read((tx) => tx.getClaim(1))).toBeNull();
      await claim({ api_key_id: 1, now: at(70), expires_at: at(80) });
      expect(await ctx.write((tx) => tx.releaseClaim(1, 1, at(81)))).toBe('none');
      expect(await ctx.read((tx) => tx.getClaim(1))).toBeNull();
    });

    ctx.test('getClaims returns the stored claims, live or expired, of the posts that have one', async () => {
      await seedClaimable();
      await claim({ api_key_id: 1, now: at(0), expires_at: at(10) });
      await ctx.write((tx) => tx.claimPost({ post_id: 2, api_key_id: 2, now: at(0), expires_at: at(60) }));
      await ctx.write((tx) => tx.releaseClaim(2, 2, at(1)));
      const claims = await ctx.read((tx) => tx.getClaims([1, 2, 3]));
      expect([...claims]).toEqual([[1, { post_id: 1, api_key_id: 1, agent_label: '', claimed_at: at(0), expires_at: at(10) }]]);
      expect((await ctx.read((tx) => tx.getClaims([]))).size).toBe(0);
    });

    ctx.test('of 60 concurrent claims by different keys exactly one is created', async () => {
      await seedClaimable(60);
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          ctx.write((tx) => tx.claimPost({ post_id: 1, api_key_id: i + 1, now: at(0), expires_at: at(60) })),
        ),
      );
      const created = outcomes.filter((outcome) => outcome.outcome === 'created');
      expect(created).toHaveLength(1);
      const winner = created[0]!.claim;
      const conflicts = outcomes.filter((outcome) => outcome.outcome === 'conflict');
      expect(conflicts).toHaveLength(59);
      for (const conflict of conflicts) expect(conflict.claim).toEqual(winner);
      expect(await ctx.read((tx) => tx.getClaim(1))).toEqual(winner);
    });

    ctx.test('concurrent claim and release by the holder and a rival leave a consistent claim', async () => {
      await seedClaimable(2);
      await claim({ api_key_id: 1, now: at(0), expires_at: at(60) });
      const [released, rival] = await Promise.all([
        ctx.write((tx) => tx.releaseClaim(1, 1, at(1))),
        ctx.write((tx) => tx.claimPost({ post_id: 1, api_key_id: 2, now: at(1), expires_at: at(61) })),
      ]);
      const stored = await ctx.read((tx) => tx.getClaim(1));
      if (rival.outcome === 'created') {
        expect(released).toBe('released');
        expect(stored).toEqual(rival.claim);
      } else {
        expect(rival.outcome).toBe('conflict');
        expect(released).toBe('released');
        expect(stored).toBeNull();
      }
    });
  });
}
