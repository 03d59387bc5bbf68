/**
 * Integrations: connections and their secrets, remembered deliveries, links of posts to issues,
 * chat targets, the outbox of outbound calls (leases, attempts), and a proposal raised by a
 * connection rather than a key.
 */
import type {
  ChatTargetRecord,
  IntegrationCallRecord,
  IntegrationConnectionRecord,
  PostLinkRecord,
} from '../src/domain/integrations.js';
import type { NewRecord } from '../src/storage/contract.js';
import { at, newApiKey, newBoard, newEvidence, newOrganization, newPost, TestAbort, rejectionOf } from './fixtures.js';
import type { SuiteContext } from './harness.js';

function newConnection(organizationId: number, overrides: Partial<NewRecord<IntegrationConnectionRecord>> = {}): NewRecord<IntegrationConnectionRecord> {
  return {
    organization_id: organizationId, provider: 'github', base_url: 'https://api.github.com', target: 'acme/app', secret: 's3cret',
    previous_secret: null, previous_secret_expires_at: null, token: null, label: 'App', active: true, created_at: at(0), ...overrides,
  };
}

function newCall(organizationId: number, overrides: Partial<NewRecord<IntegrationCallRecord>> = {}): NewRecord<IntegrationCallRecord> {
  return {
    organization_id: organizationId, connection_id: null, chat_target_id: null, post_id: null, purpose: 'chat_message', method: 'POST',
    url: null, body: '{"text":"hi"}', status: 'pending', attempts: 0, next_attempt_at: at(1), lease_until: null, lease_owner: null,
    last_error: null, created_at: at(1), ...overrides,
  };
}

export function integrationTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  async function seed() {
    return ctx.write(async (tx) => {
      const org = await tx.insertOrganization(newOrganization());
      const other = await tx.insertOrganization(newOrganization({ name: 'Other' }));
      const board = await tx.insertBoard(newBoard(org.id));
      const post = await tx.insertPost(newPost(board.id, { title: 'Dark mode' }));
      const second = await tx.insertPost(newPost(board.id, { title: 'Export' }));
      const connection = await tx.insertIntegrationConnection(newConnection(org.id));
      return { org: org.id, other: other.id, board: board.id, post: post.id, second: second.id, connection };
    });
  }

  ctx.t.describe('integrations', () => {
    ctx.test("connections are listed per organization in id order, secrets kept, patched field by field", async () => {
      const { org, other, connection } = await seed();
      const gitlab = await ctx.write((tx) =>
        tx.insertIntegrationConnection(newConnection(org, { provider: 'gitlab', base_url: 'https://gitlab.example.test', target: 'group/app', token: 'glpat', label: 'GitLab' })),
      );
      await ctx.write((tx) => tx.insertIntegrationConnection(newConnection(other, { label: 'Theirs' })));
      expect(gitlab.id).toBeGreaterThan(connection.id);
      expect(await ctx.read((tx) => tx.listIntegrationConnections(org))).toEqual([connection, gitlab]);
      expect(await ctx.read((tx) => tx.getIntegrationConnection(connection.id))).toEqual(connection);
      const rotated = await ctx.write((tx) =>
        tx.updateIntegrationConnection(connection.id, { secret: 'new', previous_secret: 's3cret', previous_secret_expires_at: at(60) }),
      );
      expect(rotated).toEqual({ ...connection, secret: 'new', previous_secret: 's3cret', previous_secret_expires_at: at(60) });
      const off = await ctx.write((tx) => tx.updateIntegrationConnection(connection.id, { active: false, previous_secret: null, previous_secret_expires_at: null }));
      expect(off).toEqual({ ...connection, secret: 'new', active: false });
      expect(await ctx.write((tx) => tx.updateIntegrationConnection(connection.id, {}))).toEqual(off);
      expect(await ctx.write((tx) => tx.updateIntegrationConnection(9999, { active: true }))).toBeNull();
      expect(await ctx.read((tx) => tx.getIntegrationConnection(9999))).toBeNull();
    });

    ctx.test('a delivery is remembered once per connection; the log is newest first and bounded', async () => {
      const { org, connection } = await seed();
      const other = await ctx.write((tx) => tx.insertIntegrationConnection(newConnection(org)));
      const delivery = (id: string, minute: number) => ({ connection_id: connection.id, delivery_id: id, event: 'pull_request', summary: `d ${id}`, received_at: at(minute) });
      expect(await ctx.write((tx) => tx.rememberIntegrationDelivery(delivery('a', 1)))).toBe(true);
      expect(await ctx.write((tx) => tx.rememberIntegrationDelivery({ ...delivery('a', 5), summary: 'again' }))).toBe(false);
      expect(await ctx.write((tx) => tx.rememberIntegrationDelivery({ ...delivery('a', 1), connection_id: other.id }))).toBe(true);
      await ctx.write(async (tx) => {
        await tx.rememberIntegrationDelivery(delivery('c', 2));
        await tx.rememberIntegrationDelivery(delivery('b', 2));
        await tx.rememberIntegrationDelivery(delivery('d', 0));
      });
      const log = await ctx.read((tx) => tx.listIntegrationDeliveries(connection.id, 3));
      expect(log).toEqual([delivery('c', 2), delivery('b', 2), delivery('a', 1)]);
      expect(await ctx.read((tx) => tx.listIntegrationDeliveries(other.id, 10))).toHaveLength(1);
    });

    ctx.test("getPostParts answers each part as its own read does, in one, and empty parts for a post without any", async () => {
      const { org, board, post, second, connection } = await seed();
      // Text that JSON must carry exactly: quotes, a backslash, a line separator, an astral character.
      const odd = 'Say "hi" \\ \u2028 🌙 <b>&amp;</b>';
      await ctx.write(async (tx) => {
        const key = await tx.insertApiKey(newApiKey(org));
        const tags = await tx.ensureTags(board, ['zeta', odd, 'alpha']);
        await tx.setPostTags(post, tags.map((tag) => tag.id));
        await tx.insertEvidence(newEvidence(post, { added_at: at(5), label: odd }));
        await tx.insertEvidence(newEvidence(post, { added_at: at(2), kind: 'commit', ref: 'abc123', action_key: 'k-1' }));
        await tx.claimPost({ post_id: post, api_key_id: key.id, agent_label: odd, now: at(1), expires_at: at(90) });
        for (const name of [odd, 'b.png']) {
          const bytes = Uint8Array.from([1, 2, 3]);
          await tx.insertAttachment({
            organization_id: org, post_id: post, comment_id: null, held_post_id: null, filename: name, content_type: 'image/png',
            size: bytes.length, width: 2, height: 1, sha256: 'cd'.repeat(32), created_at: at(3), bytes,
          });
        }
        for (const n of [9, 4]) {
          await tx.insertPostLink({
            post_id: post, connection_id: connection.id, provider: 'github', url: `https://github.com/acme/app/issues/${n}`, title: odd,
            state: 'open', created_at: at(n), updated_at: at(n),
          });
        }
      });
      const label = (await ctx.read((tx) => tx.getPost(post)))!.status_label_id;
      const [parts, own] = await ctx.read(async (tx) => [
        await tx.getPostParts(post, label),
        {
          tags: (await tx.getTagsOfPosts([post])).get(post),
          evidence: await tx.listEvidence(post),
          claim: await tx.getClaim(post),
          attachments: await tx.listPostAttachments([post]),
          links: await tx.listPostLinks(post),
          status: await tx.getStatus(label),
        },
      ]);
      expect(parts).toEqual(own);
      expect(parts.tags.map((tag) => tag.name).sort()).toEqual(['alpha', odd, 'zeta'].sort());
      expect(parts.evidence.map((entry) => [entry.label, entry.action_key])).toEqual([['', 'k-1'], [odd, null]]);
      expect(parts.claim && [parts.claim.post_id, parts.claim.agent_label, parts.claim.claimed_at, parts.claim.expires_at]).toEqual([post, odd, at(1), at(90)]);
      expect(parts.attachments.map((attachment) => attachment.filename)).toEqual([odd, 'b.png']);
      expect(parts.links.map((link) => [link.url, link.title])).toEqual([
        ['https://github.com/acme/app/issues/9', odd],
        ['https://github.com/acme/app/issues/4', odd],
      ]);
      expect(parts.status && [parts.status.id, parts.status.category, parts.status.is_default]).toEqual([label, 'open', true]);
      const secondLabel = (await ctx.read((tx) => tx.getPost(second)))!.status_label_id;
      const none = { tags: [], evidence: [], claim: null, attachments: [], links: [] };
      expect(await ctx.read((tx) => tx.getPostParts(second, secondLabel))).toEqual({ ...none, status: await ctx.read((tx) => tx.getStatus(secondLabel)) });
      expect(await ctx.read((tx) => tx.getPostParts(9999, 9999))).toEqual({ ...none, status: null });
    });

    ctx.test('a post links an issue once; the links to an issue follow it; deleting the post drops its links', async () => {
      const { post, second, connection } = await seed();
      const url = 'https://github.com/acme/app/issues/7';
      const link = (postId: number): NewRecord<PostLinkRecord> => ({
        post_id: postId, connection_id: connection.id, provider: 'github', url, title: 'Dark mode', state: 'open', created_at: at(1), updated_at: at(1),
      });
      const first = await ctx.write((tx) => tx.insertPostLink(link(post)));
      expect(first).toEqual({ ...link(post), id: first!.id });
      expect(await ctx.write((tx) => tx.insertPostLink({ ...link(post), title: 'again' }))).toBeNull();
      const other = await ctx.write((tx) => tx.insertPostLink(link(second)));
      const elsewhere = await ctx.write((tx) => tx.insertPostLink({ ...link(post), url: 'https://github.com/acme/app/issues/8' }));
      expect(await ctx.read((tx) => tx.listPostLinks(post))).toEqual([first, elsewhere]);
      expect(await ctx.read((tx) => tx.listLinksToIssue(connection.id, url))).toEqual([first, other]);
      expect(await ctx.write((tx) => tx.updateLinksToIssue(connection.id, url, { title: 'Dark mode!', state: 'closed', updated_at: at(9) }))).toBe(2);
      expect(await ctx.read((tx) => tx.listPostLinks(second))).toEqual([{ ...other, title: 'Dark mode!', state: 'closed', updated_at: at(9) }]);
      expect(await ctx.read((tx) => tx.listPostLinks(post))).toEqual([{ ...first, title: 'Dark mode!', state: 'closed', updated_at: at(9) }, elsewhere]);
      await ctx.write((tx) => tx.deletePost(post));
      expect(await ctx.read((tx) => tx.listPostLinks(post))).toEqual([]);
      expect(await ctx.read((tx) => tx.listLinksToIssue(connection.id, url))).toHaveLength(1);
    });

    ctx.test("chat targets are a board's, in id order, with their events; a patch changes only what it names", async () => {
      const { org, board } = await seed();
      const otherBoard = await ctx.write((tx) => tx.insertBoard(newBoard(org, { slug: 'other' })));
      const target = (platform: ChatTargetRecord['platform']): NewRecord<ChatTargetRecord> => ({
        board_id: board, platform, url: `https://hooks.example.test/${platform}`, events: ['post.created', 'proposal.created'], active: true, created_at: at(1),
      });
      const slack = await ctx.write((tx) => tx.insertChatTarget(target('slack')));
      const teams = await ctx.write((tx) => tx.insertChatTarget(target('teams')));
      await ctx.write((tx) => tx.insertChatTarget({ ...target('discord'), board_id: otherBoard.id }));
      expect(await ctx.read((tx) => tx.listChatTargets(board))).toEqual([slack, teams]);
      const events = ['comment.created' as const];
      const changed = await ctx.write((tx) => tx.updateChatTarget(slack.id, { events, active: false }));
      events.push('post.created' as never);
      expect(changed).toEqual({ ...slack, events: ['comment.created'], active: false });
      expect(await ctx.read((tx) => tx.getChatTarget(slack.id))).toEqual(changed);
      expect(await ctx.write((tx) => tx.updateChatTarget(9999, { active: true }))).toBeNull();
    });

    ctx.test('due calls are leased once in due order; only the lease holder records an attempt', async () => {
      const { org, other, connection } = await seed();
      const calls = await ctx.write(async (tx) => [
        await tx.insertIntegrationCall(newCall(org, { next_attempt_at: at(3) })),
        await tx.insertIntegrationCall(newCall(org, { connection_id: connection.id, purpose: 'create_issue', url: 'https://api.github.com/repos/acme/app/issues', next_attempt_at: at(1) })),
        await tx.insertIntegrationCall(newCall(other, { next_attempt_at: at(2) })),
        await tx.insertIntegrationCall(newCall(org, { next_attempt_at: at(9) })),
      ]);
      const leased = await ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(5), lease_until: at(6), owner: 'a', limit: 10 }));
      expect(leased.map((call) => call.id)).toEqual([calls[1]!.id, calls[2]!.id, calls[0]!.id]);
      expect(leased[0]).toEqual({ ...calls[1], lease_until: at(6), lease_owner: 'a' });
      expect(await ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(5), lease_until: at(6), owner: 'b', limit: 10 }))).toEqual([]);
      const refused = await ctx.write((tx) =>
        tx.recordIntegrationCallAttempt({
          call_id: calls[1]!.id, owner: 'b', next: { status: 'delivered', next_attempt_at: null },
          attempt: { attempted_at: at(5), status_code: 201, error: null, retry: false, duration_ms: 12, response_body: '{}', success: true },
        }),
      );
      expect(refused).toBeNull();
      const failed = await ctx.write((tx) =>
        tx.recordIntegrationCallAttempt({
          call_id: calls[1]!.id, owner: 'a', next: { status: 'pending', next_attempt_at: at(7) },
          attempt: { attempted_at: at(5), status_code: 503, error: 'GitHub answered 503', retry: true, duration_ms: 40, response_body: 'busy', success: false },
        }),
      );
      expect(failed).toEqual({ ...calls[1], attempts: 1, next_attempt_at: at(7), last_error: 'GitHub answered 503' });
      const attempts = await ctx.read((tx) => tx.listIntegrationCallAttempts(calls[1]!.id));
      expect(attempts).toEqual([
        { id: attempts[0]!.id, call_id: calls[1]!.id, attempted_at: at(5), status_code: 503, error: 'GitHub answered 503', retry: true, duration_ms: 40, response_body: 'busy', success: false },
      ]);
      expect(await ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(5), lease_until: at(6), owner: 'b', limit: 10 }))).toEqual([]);
      const again = await ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(7), lease_until: at(8), owner: 'c', limit: 10 }));
      expect(again.map((call) => [call.id, call.lease_owner])).toEqual([[calls[2]!.id, 'c'], [calls[0]!.id, 'c'], [calls[1]!.id, 'c']]);
      const done = await ctx.write((tx) =>
        tx.recordIntegrationCallAttempt({
          call_id: calls[1]!.id, owner: 'c', next: { status: 'delivered', next_attempt_at: null },
          attempt: { attempted_at: at(7), status_code: 201, error: null, retry: false, duration_ms: 30, response_body: '{}', success: true },
        }),
      );
      expect(done).toEqual({ ...calls[1], status: 'delivered', attempts: 2, next_attempt_at: null, last_error: null });
      expect((await ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(60), lease_until: at(61), owner: 'e', limit: 10 }))).map((call) => call.id)).toEqual([
        calls[2]!.id, calls[0]!.id, calls[3]!.id,
      ]);
      expect((await ctx.read((tx) => tx.listIntegrationCalls(org, 2))).map((call) => call.id)).toEqual([calls[3]!.id, calls[1]!.id]);
      expect(await ctx.read((tx) => tx.getIntegrationCall(calls[1]!.id))).toEqual(done);
    });

    ctx.test('concurrent leases never hand out one call twice', async () => {
      const { org } = await seed();
      await ctx.write(async (tx) => {
        for (let i = 0; i < 20; i++) await tx.insertIntegrationCall(newCall(org));
      });
      const leases = await Promise.all(
        Array.from({ length: 5 }, (_, i) => ctx.write((tx) => tx.leaseIntegrationCalls({ now: at(1), lease_until: at(2), owner: `o${i}`, limit: 6 }))),
      );
      const leasedIds = leases.flat().map((call) => call.id);
      expect(leasedIds).toHaveLength(20);
      expect(new Set(leasedIds).size).toBe(20);
    });

    ctx.test('a proposal made by a connection keeps who made it', async () => {
      const { board, post, connection } = await seed();
      const proposal = { status: 'shipped' as const, note: 'Merged', proposed_at: at(2), proposed_by_api_key_id: null, proposed_by_connection_id: connection.id };
      await ctx.write((tx) => tx.updatePost(post, { proposal }));
      expect((await ctx.read((tx) => tx.getPost(post)))!.proposal).toEqual(proposal);
      expect((await ctx.read((tx) => tx.listProposedPosts(board))).map((row) => row.proposal)).toEqual([proposal]);
    });

    ctx.test('a failed transaction leaves connections, deliveries, links and calls as they were', async () => {
      const { org, post, connection } = await seed();
      const error = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.updateIntegrationConnection(connection.id, { secret: 'lost' });
          await tx.rememberIntegrationDelivery({ connection_id: connection.id, delivery_id: 'x', event: 'e', summary: 's', received_at: at(1) });
          await tx.insertPostLink({ post_id: post, connection_id: connection.id, provider: 'github', url: 'https://github.com/a/b/issues/1', title: 't', state: 'open', created_at: at(1), updated_at: at(1) });
          await tx.insertIntegrationCall(newCall(org));
          throw new TestAbort();
        }),
      );
      expect(error instanceof TestAbort).toBe(true);
      expect(await ctx.read((tx) => tx.getIntegrationConnection(connection.id))).toEqual(connection);
      expect(await ctx.write((tx) => tx.rememberIntegrationDelivery({ connection_id: connection.id, delivery_id: 'x', event: 'e', summary: 's', received_at: at(1) }))).toBe(true);
      expect(await ctx.read((tx) => tx.listPostLinks(post))).toEqual([]);
      expect(await ctx.read((tx) => tx.listIntegrationCalls(org, 10))).toEqual([]);
    });
  });
}
