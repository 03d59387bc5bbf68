import { createFeedbackBoard, createRecordingNotifier, isFeedbackBoardError } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { createClient } from 'feedback-board/client';

// A clock we move by hand, so claims expire when we say; a notifier that keeps what it gets.
let now = Date.UTC(2026, 10, 20, 12);
const notifier = createRecordingNotifier();
const board = createFeedbackBoard({ storage: createMemoryStorage(), clock: { now: () => now }, notifier });

const org = await board.dashboard.organizations.create({ name: 'Acme' });
const team = (await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'team' })).key;
const agentKey = (await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: 'coding agent' })).key;
const otherAgentKey = (await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: 'second agent' })).key;

const api = await board.api(team);
await api.boards.create({ slug: 'features', name: 'Features' });
const darkMode = await api.posts.create('features', { title: 'Dark mode', status: 'planned' });
const csv = await api.posts.create('features', { title: 'CSV export', status: 'open' });
await api.posts.update('features', csv.id, { queue_rank: 1 }); // the team puts it first
const voter = await board.voters.register(org.id, { email: 'ann@example.com' });
await board.voters.vote(voter.id, darkMode.id);

const agent = createClient({ baseUrl: 'http://localhost', apiKey: agentKey, fetch: board.fetch });
const other = createClient({ baseUrl: 'http://localhost', apiKey: otherAgentKey, fetch: board.fetch });

// 1. The queue: ranked posts first, then planned posts by votes.
const queue = await agent.agent.queue('features', { limit: 10 });
console.log(queue.posts.map((p) => `${p.id} ${p.title}`)); // → [ '2 CSV export', '1 Dark mode' ]

// 2. Claim the top post. A new claim is `created`; claiming it again extends the lease.
const first = await agent.agent.claim('features', csv.id, { ttl_seconds: 600, agent_label: 'coding agent' });
const again = await agent.agent.claim('features', csv.id, { ttl_seconds: 900 });
console.log(first.created, again.created, again.claim.expires_at); // → true false 2026-11-20T12:15:00.000Z

// Another agent cannot take it while the claim is live, and no longer sees it in its queue.
const refused = await other.agent.claim('features', csv.id).catch((error: unknown) => error);
console.log(isFeedbackBoardError(refused) && refused.code); // → claim_conflict
console.log((await other.agent.queue('features')).posts.map((p) => p.id)); // → [ 1 ]

// 3. Evidence of the work. With an action_key, a retried request adds nothing the second time.
const evidence = { kind: 'pr', ref: 'https://git.example.com/acme/app/pull/42', label: 'PR #42', action_key: 'run-7:pr' } as const;
await agent.agent.addEvidence('features', csv.id, evidence);
const post = await agent.agent.addEvidence('features', csv.id, evidence);
console.log(post.implementation_evidence.length, post.status); // → 1 open

// 4. Propose a status. Nothing changes publicly; a human decides.
const proposal = await agent.agent.proposeStatus('features', csv.id, { status: 'shipped', note: 'PR #42 merged' });
console.log(proposal.status, proposal.proposal.status); // → open shipped

// A propose key can never set the status itself.
const patch = await agent.posts.update('features', csv.id, { status: 'shipped' }).catch((error: unknown) => error);
console.log(isFeedbackBoardError(patch) && patch.code); // → insufficient_scope

// 5. Release the claim when done (or let it lapse: it expires on its own).
await agent.agent.release('features', csv.id);

// The dashboard side: a human confirms (or rejects) the proposal.
const confirmed = await board.dashboard.proposals.confirm(csv.id);
console.log(confirmed.status, confirmed.proposal, confirmed.shipped_at); // → shipped null 2026-11-20T12:00:00.000Z

// Confirming notifies the post's voters like a status PATCH with notify_voters: true.
await agent.agent.claim('features', darkMode.id, { ttl_seconds: 60 });
await agent.agent.proposeStatus('features', darkMode.id, { status: 'in_progress' });
await board.dashboard.proposals.confirm(darkMode.id);
console.log(notifier.notifications.map((n) => `${n.voter.email}: ${n.old_status} → ${n.new_status}`)); // → [ 'ann@example.com: planned → in_progress' ]

// A claim that is not renewed lapses: after its TTL, it reads as null and the post is free.
now += 61_000;
console.log((await other.posts.get('features', darkMode.id)).claim); // → null
