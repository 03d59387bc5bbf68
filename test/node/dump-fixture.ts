/**
 * A store that uses every dumped table (webhooks with attempts, people, held posts, a merged
 * post, OAuth grants, tags, claims, reactions...), written through the storage contract, and the
 * answers of a battery of reads over it, which a store loaded from its dump must give identically.
 */
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import { at, newApiKey, newBoard, newComment, newEvidence, newOrganization, newPost, newVoter, newWebhook, onDay } from '../../testing/fixtures.js';

/** Fills an empty store; `posts` extra plain posts make it larger. */
export async function seedEverything(storage: Storage, posts = 0): Promise<void> {
  await storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization(newOrganization());
    await tx.insertOrganization(newOrganization({ name: 'Ünïcode ☃ 😀' }));
    const key = await tx.insertApiKey(newApiKey(org.id));
    const revoked = await tx.insertApiKey(newApiKey(org.id, { label: 'old', revoked_at: at(5) }));
    await tx.setSetting('demo', 'on');
    const board = await tx.insertBoard(newBoard(org.id));
    const other = await tx.insertBoard(newBoard(org.id, { slug: 'other', published: false }));
    const [alice, bob, anon] = [
      await tx.insertVoter(newVoter(org.id, { name: 'Alice', email: 'alice@example.com', locale: 'de' })),
      await tx.insertVoter(newVoter(org.id, { name: 'Bob', email: 'bob@example.com' })),
      await tx.insertVoter(newVoter(org.id, { name: 'Anon', email: null })),
    ];
    await tx.insertField({ board_id: board.id, key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro ☃'], required: true, position: 0 });
    await tx.insertField({ board_id: board.id, key: 'seats', label: 'Seats', type: 'number', options: [], required: false, position: 1 });
    const dark = await tx.insertPost(
      newPost(board.id, { title: 'Dark mode please', body: 'Night owls', created_at: onDay(0), fields: { plan: 'Pro ☃', seats: 2.5 } }),
    );
    const night = await tx.insertPost(newPost(board.id, { title: 'Dark theme at night', is_admin: false, created_at: onDay(1) }));
    const shipped = await tx.insertPost(
      newPost(board.id, { title: 'Export to CSV', status: 'shipped', shipped_at: onDay(3), created_at: onDay(1), queue_rank: 1 }),
    );
    await tx.insertPost(newPost(other.id, { title: 'Hidden one', hidden: true, pinned: true }));
    const proposed = await tx.insertPost(newPost(board.id, { title: 'Proposal', created_at: onDay(2) }));
    await tx.updatePost(proposed.id, { proposal: { status: 'planned', note: 'soon', proposed_at: onDay(2), proposed_by_api_key_id: key.id, proposed_by_connection_id: null } });
    for (let i = 0; i < posts; i++) await tx.insertPost(newPost(other.id, { title: `Bulk post ${i}`, created_at: onDay(i % 20) }));
    const tags = await tx.ensureTags(board.id, ['UI', 'Export']);
    await tx.setPostTags(dark.id, tags.map((t) => t.id));
    await tx.setPostTags(shipped.id, [tags[1]!.id]);
    await tx.insertEvidence(newEvidence(shipped.id, { action_key: 'act-1' }));
    await tx.claimPost({ post_id: night.id, api_key_id: key.id, agent_label: 'bot', now: at(1), expires_at: '2099-01-01T00:00:00.000Z' });
    for (const voter of [alice, bob, anon]) await tx.insertVote({ post_id: dark.id, voter_id: voter.id, created_at: onDay(1) });
    await tx.insertVote({ post_id: night.id, voter_id: alice.id, created_at: onDay(2) });
    await tx.insertVote({ post_id: shipped.id, voter_id: bob.id, created_at: onDay(2) });
    await tx.putFollow({ post_id: dark.id, voter_id: alice.id, following: true, updated_at: at(2) });
    await tx.putFollow({ post_id: dark.id, voter_id: bob.id, following: false, updated_at: at(3) });
    await tx.insertPostAuthor({ post_id: night.id, voter_id: alice.id, created_at: onDay(1) });
    await tx.blockVoter({ voter_id: anon.id, blocked_at: at(4) });
    const comment = await tx.insertComment(newComment(dark.id, { voter_id: alice.id, created_at: onDay(2) }));
    await tx.insertComment(newComment(dark.id, { parent_comment_id: comment.id, body: 'Reply', created_at: onDay(3) }));
    const moved = await tx.insertComment(newComment(night.id, { body: 'On the duplicate', created_at: onDay(2) }));
    await tx.insertReaction({ comment_id: comment.id, voter_id: bob.id, reaction: '👍', created_at: at(6) });
    await tx.insertReaction({ comment_id: comment.id, voter_id: alice.id, reaction: '❤️', created_at: at(7) });
    await tx.insertCommentEdit({ comment_id: comment.id, body: 'First words', replaced_at: at(7), by_team: false });
    await tx.updateComment(comment.id, { edited_at: at(7) });
    // `night` merged into `dark`: hidden, its comment moved, its voter's vote added to the target.
    await tx.updatePost(night.id, { hidden: true });
    await tx.moveComments(night.id, dark.id, [moved.id]);
    await tx.insertPostMerge({
      source_id: night.id, target_id: dark.id, board_id: board.id, merged_at: at(8), source_hidden: false,
      votes_added: [], comment_ids: [moved.id], evidence_ids: [], claim: null,
    });
    await tx.setBoardModerated(other.id, true);
    const member = await tx.insertTeamMember({ organization_id: org.id, email: 'lead@example.com', name: 'Lead', created_at: at(0) });
    const held = await tx.insertHeldPost({ organization_id: org.id, board_id: other.id, voter_id: bob.id, title: 'Held', body: 'b', tag_slugs: ['ui'], created_at: at(9) });
    await tx.insertHeldPost({ organization_id: org.id, board_id: other.id, voter_id: alice.id, title: 'Held 2', body: '', tag_slugs: [], created_at: at(10) });
    await tx.decideHeldPost(held.id, { state: 'rejected', reason: 'spam', decided_at: at(11), decided_by: member.id, post_id: null });
    await tx.insertSession({ token_hash: 'session-1', kind: 'team', subject_id: member.id, created_at: at(0), expires_at: '2099-01-01T00:00:00.000Z' });
    await tx.insertSignInLink({ token_hash: 'link-1', kind: 'voter', subject_id: null, organization_id: org.id, email: 'new@example.com', return_to: '/b', created_at: at(1), expires_at: at(30), used_at: null });
    const hook = await tx.insertWebhook(newWebhook(org.id, { events: ['post.created', 'vote.created'] }));
    await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'post.created', payload: '{"a":1}', msg_id_prefix: 'm1', created_at: at(12) });
    await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'vote.created', payload: '{"b":2}', msg_id_prefix: 'm2', created_at: at(13) });
    const [leased] = await tx.leaseWebhookMessages({ now: at(14), lease_until: at(15), owner: 'w1', limit: 1 });
    await tx.recordWebhookAttempt({
      message_id: leased!.message.id, owner: 'w1',
      attempt: { attempted_at: at(14), status_code: 503, error: null, duration_ms: 12, response_body: 'down', success: false },
      next: { status: 'pending', next_attempt_at: at(20) },
    });
    await tx.insertOAuthClient({ client_id: 'client-1', client_name: 'Agent', redirect_uris: ['http://localhost:1/cb'], created_at: at(0) });
    const grant = await tx.insertOAuthGrant({
      organization_id: org.id, client_id: 'client-1', member_id: member.id, scope: 'read', resource: 'http://x/mcp',
      api_key_id: revoked.id, key_salt: 'salt', created_at: at(1), last_used_at: null, revoked_at: null,
    });
    await tx.insertOAuthCode({ code_hash: 'code-1', grant_id: grant.id, redirect_uri: 'http://localhost:1/cb', code_challenge: 'c', expires_at: at(2), used_at: at(1) });
    await tx.insertOAuthToken({ token_hash: 'tok-1', grant_id: grant.id, kind: 'refresh', expires_at: '2099-01-01T00:00:00.000Z', used_at: null });
    // A deleted post and webhook: their ids are never handed out again, after a move too.
    // Mail to followers, activity logs, attachments (bytes that are not text) and single sign-on.
    await tx.enqueueMailEvent({ organization_id: org.id, voter_id: alice.id, post_id: dark.id, event: '{"kind":"status"}', now: at(16) });
    await tx.putMailUnsubscribe({ board_id: board.id, address: 'bob@example.com', post_id: 0, created_at: at(17) });
    await tx.insertActivity({ post_id: dark.id, kind: 'status_changed', at: at(18), actor_kind: 'api_key', actor_id: key.id, detail: { from: 'open', to: 'planned' } });
    await tx.insertActivity({ post_id: dark.id, kind: 'team_commented', at: at(19), actor_kind: 'team_member', actor_id: member.id, detail: { comment_id: comment.id } });
    const image = { organization_id: org.id, filename: 'shot ☃.png', content_type: 'image/png' as const, size: 4, width: 1, height: 1, sha256: 'ab'.repeat(32), created_at: at(20) };
    await tx.insertAttachment({ ...image, post_id: dark.id, comment_id: null, held_post_id: null, bytes: new Uint8Array([0, 137, 80, 255]) });
    await tx.insertAttachment({ ...image, post_id: null, comment_id: comment.id, held_post_id: null, bytes: new Uint8Array([10, 13, 0, 0]) });
    await tx.insertAttachment({ ...image, post_id: null, comment_id: null, held_post_id: held.id, bytes: new Uint8Array([7, 7, 7, 7]) });
    // A mail to Bob that failed for good: due before Alice's, so it is the one leased.
    await tx.enqueueMailEvent({ organization_id: org.id, voter_id: bob.id, post_id: shipped.id, event: '{"kind":"shipped"}', now: at(15) });
    const [failing] = await tx.leaseMailQueue({ now: at(16), lease_until: at(17), owner: 'mailer', limit: 1 });
    await tx.recordMailSend({ queue_id: failing!.id, owner: 'mailer', sent_events: 1, now: at(16), outcome: 'failed', error: '550 no such user', address: 'bob@example.com' });
    await tx.insertSsoSecret({ organization_id: org.id, secret: 'sso-secret-1', created_at: at(21), expires_at: at(40), revoked_at: null });
    await tx.putSsoSettings({ organization_id: org.id, jwks_url: 'https://host.example.com/jwks.json', jwks_algorithms: ['RS256', 'ES256'], audience: null, issuer: 'host', updated_at: at(22) });
    await tx.putCompany({ organization_id: org.id, id: 'acme-co', name: 'Acme Co', monthly_revenue: 4200, updated_at: at(23) });
    await tx.insertSsoIdentity({ organization_id: org.id, sub: 'user-1', voter_id: alice.id, created_at: at(24) });
    await tx.setVoterCompany(alice.id, org.id, 'acme-co');
    await tx.putBoardAccess({
      board_id: other.id, organization_id: org.id, access: 'private', email_domains: ['example.com', '*.acme.test'],
      claim_name: 'groups', claim_values: ['beta'], updated_at: at(25),
    });
    await tx.putVoterClaims({ voter_id: alice.id, organization_id: org.id, claims: { groups: ['beta'], plan: ['pro'] }, updated_at: at(25) });
    const acmeVoter = await tx.insertVoter(newVoter(org.id, { name: 'Acme Co', email: null }));
    await tx.insertCompanyVoter({ organization_id: org.id, company_id: 'acme-co', voter_id: acmeVoter.id, created_at: at(26) });
    await tx.insertImportSource({ board_id: board.id, source_id: 'post:fider:42', record_id: shipped.id, imported_at: at(27) });
    // Integrations: a connection with a rotated secret, a remembered delivery, a link, a chat target, a call and its attempt.
    const connection = await tx.insertIntegrationConnection({
      organization_id: org.id, provider: 'gitlab', base_url: 'https://gitlab.example.com', target: 'acme/app', secret: 'glsec-2',
      previous_secret: 'glsec-1', previous_secret_expires_at: at(40), token: 'glpat-1', label: 'GitLab', active: true, created_at: at(28),
    });
    await tx.updatePost(dark.id, { proposal: { status: 'shipped', note: 'Merged !1', proposed_at: at(29), proposed_by_api_key_id: null, proposed_by_connection_id: connection.id } });
    await tx.rememberIntegrationDelivery({ connection_id: connection.id, delivery_id: 'uuid-1', event: 'Merge Request Hook', summary: 'merged !1 names #fb-1', received_at: at(29) });
    await tx.insertPostLink({
      post_id: dark.id, connection_id: connection.id, provider: 'gitlab', url: 'https://gitlab.example.com/acme/app/-/issues/3', title: 'Dark mode',
      state: 'open', created_at: at(29), updated_at: at(29),
    });
    const target = await tx.insertChatTarget({ board_id: board.id, platform: 'slack', url: 'https://hooks.slack.com/services/T/B/x', events: ['post.created'], active: true, created_at: at(30) });
    const call = await tx.insertIntegrationCall({
      organization_id: org.id, connection_id: null, chat_target_id: target.id, post_id: dark.id, purpose: 'chat_message', method: 'POST', url: null,
      body: '{"text":"New post"}', status: 'pending', attempts: 0, next_attempt_at: at(30), lease_until: null, lease_owner: null, last_error: null, created_at: at(30),
    });
    await tx.insertIntegrationCall({
      organization_id: org.id, connection_id: connection.id, chat_target_id: null, post_id: dark.id, purpose: 'create_issue', method: 'POST',
      url: 'https://gitlab.example.com/api/v4/projects/acme%2Fapp/issues', body: '{"title":"Dark mode"}', status: 'delivered', attempts: 1,
      next_attempt_at: null, lease_until: null, lease_owner: null, last_error: null, created_at: at(31),
    });
    await tx.leaseIntegrationCalls({ now: at(30), lease_until: at(31), owner: 'sender', limit: 1 });
    await tx.recordIntegrationCallAttempt({
      call_id: call.id, owner: 'sender', next: { status: 'pending', next_attempt_at: at(35) },
      attempt: { attempted_at: at(30), status_code: 500, error: 'Slack answered 500', retry: true, duration_ms: 9, response_body: 'oops', success: false },
    });
    await tx.deletePost((await tx.insertPost(newPost(board.id, { title: 'Gone' }))).id);
    const trashed = await tx.insertPost(newPost(board.id, { title: 'In the trash' }));
    await tx.insertVote({ post_id: trashed.id, voter_id: bob.id, created_at: onDay(3) });
    await tx.insertComment({ ...newComment(trashed.id), voter_id: bob.id });
    await tx.insertAttachment({
      organization_id: org.id, post_id: trashed.id, comment_id: null, held_post_id: null, filename: 'kept.png', content_type: 'image/png',
      size: 4, width: 1, height: 1, sha256: 'cd'.repeat(32), created_at: at(40), bytes: Uint8Array.of(0, 1, 254, 255),
    });
    await tx.trashPost(trashed.id, { organization_id: org.id, deleted_at: at(41), actor_kind: 'api_key', actor_id: null });
    await tx.deleteWebhook((await tx.insertWebhook(newWebhook(org.id, { url: 'https://gone.example.com' }))).id);
    // A published entry linking two posts, and one waiting for its time (a hostile title kept as text).
    const entry = { organization_id: org.id, board_id: board.id, actor_kind: 'api_key', actor_id: null, created_at: at(42) } as const;
    await tx.insertChangelogEntry({ ...entry, title: 'Export ☃ <b>', body: '**CSV** and dark mode', post_ids: [shipped.id, dark.id], publish_at: null, published_at: at(42) });
    await tx.insertChangelogEntry({ ...entry, title: 'Next', body: 'Soon', post_ids: [], publish_at: at(500), published_at: null });
    // A saved view of the dashboard's list (a hostile name and an encoded query kept as written).
    await tx.insertSavedView({ organization_id: org.id, name: 'Planned <UX> ✓', query: 'status=planned&tag=ux&field=plan%3APro', created_at: at(43) });
    void hook;
  });
}

const WINDOW = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
const PAGE = { limit: 500, offset: 0 };

async function readAll(tx: StorageTx): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const organizations = await tx.listOrganizations();
  answers['organizations'] = organizations;
  for (const org of organizations) {
    const boards = await tx.listBoards(org.id);
    answers[`org ${org.id}`] = {
      keys: await tx.listApiKeys(org.id),
      boards,
      members: await tx.listTeamMembers(org.id),
      webhooks: await tx.listWebhooks(org.id),
      grants: await tx.listOAuthGrants(org.id),
      waiting: await tx.listHeldPosts(org.id, 'waiting'),
      rejected: await tx.listHeldPosts(org.id, 'rejected'),
      connections: await tx.listIntegrationConnections(org.id),
      calls: await tx.listIntegrationCalls(org.id, 500),
      trash: await tx.listDeletedPosts(org.id, PAGE),
    };
    for (const connection of await tx.listIntegrationConnections(org.id)) {
      answers[`connection ${connection.id}`] = { deliveries: await tx.listIntegrationDeliveries(connection.id, 500) };
    }
    for (const call of await tx.listIntegrationCalls(org.id, 500)) answers[`call ${call.id}`] = await tx.listIntegrationCallAttempts(call.id);
    for (const hook of await tx.listWebhooks(org.id)) {
      const messages = await tx.listWebhookMessages(hook.id, PAGE);
      answers[`hook ${hook.id}`] = { messages, attempts: await Promise.all(messages.rows.map((m) => tx.listWebhookAttempts(m.id, PAGE))) };
    }
    for (const board of boards) {
      const all = await tx.listPosts(board.id, { ...PAGE, sort: 'top' });
      const postIds = all.rows.map((p) => p.id);
      answers[`board ${board.id}`] = {
        all, count: await tx.countPosts(board.id), tags: await tx.listTags(board.id), tagsOf: [...(await tx.getTagsOfPosts(postIds))],
        search: await tx.listPosts(board.id, { ...PAGE, sort: 'new', search: 'dark' }),
        roadmap: await tx.listRoadmap(board.id, PAGE), changelog: await tx.listChangelog(board.id, PAGE),
        similar: await tx.listPostsByWords(board.id, ['dark', 'mode']), words: [...(await tx.countPostsByWord(board.id, ['dark', 'export'], 10))],
        analytics: await tx.analytics(board.id, WINDOW), ship: await tx.shipStats(board.id, WINDOW),
        moderated: await tx.isBoardModerated(board.id), proposed: await tx.listProposedPosts(board.id),
        claims: [...(await tx.getClaims(postIds))], imported: await tx.listImportSources(board.id), chat: await tx.listChatTargets(board.id),
        fields: await tx.listFields(board.id), pro: await tx.listPosts(board.id, { ...PAGE, sort: 'new', field: { key: 'plan', value: 'Pro ☃' } }),
      };
      for (const id of postIds.concat([2])) {
        const comments = await tx.listComments(id);
        answers[`post ${id}`] = {
          post: await tx.getPost(id), voters: await tx.listVoterIds(id), followers: await tx.listFollowerIds(id), evidence: await tx.listEvidence(id),
          comments, reactions: [...(await tx.getReactionCounts(comments.map((c) => c.id)))],
          commentEdits: await Promise.all(comments.map((c) => tx.listCommentEdits(c.id))), merge: await tx.getPostMerge(id), author: await tx.getPostAuthor(id),
          activity: await tx.listActivity(id, { before: null, limit: 500 }),
          attachments: await tx.listPostAttachments([id]), commentAttachments: await tx.listCommentAttachments(comments.map((c) => c.id)),
          mail: await tx.getMailQueueRow(1, id), links: await tx.listPostLinks(id),
        };
      }
    }
  }
  answers['people'] = {
    blocks: await tx.listVoterBlocks([1, 2, 3]), voter: await tx.getVoterByEmail(1, 'alice@example.com'), client: await tx.getOAuthClient('client-1'),
    token: await tx.getOAuthToken('tok-1'), code: await tx.getOAuthCode('code-1'), setting: await tx.getSetting('demo'),
    bytes: [await tx.getAttachmentBytes(1), await tx.getAttachmentBytes(2)].map((b) => (b === null ? null : [...b])),
    unsubscribed: await tx.isMailUnsubscribed(1, 'bob@example.com', 0), failures: await tx.listMailFailures(1, PAGE),
    sso: { secrets: await tx.listSsoSecrets(1), settings: await tx.getSsoSettings(1), identity: await tx.getSsoIdentity(1, 'user-1') },
    companies: { list: await tx.listCompanies(1), voters: await tx.listVoterCompanies([1, 2, 3]), companyVoters: await tx.listCompanyVoters(1) },
    access: { board: await tx.getBoardAccess(2), claims: await tx.getVoterClaims(1) },
  };
  return answers;
}

/** What the store answers to every read of the battery. */
export function answers(storage: Storage): Promise<Record<string, unknown>> {
  return storage.transaction('read', readAll);
}

/** The ids the store hands out next for a post and a webhook (written, then rolled back). */
export async function nextIds(storage: Storage): Promise<{ post: number; webhook: number }> {
  let ids: { post: number; webhook: number } | undefined;
  await storage
    .transaction('write', async (tx) => {
      const post = await tx.insertPost(newPost(1));
      const webhook = await tx.insertWebhook(newWebhook(1));
      ids = { post: post.id, webhook: webhook.id };
      throw new Error('roll back');
    })
    .catch(() => undefined);
  return ids!;
}
