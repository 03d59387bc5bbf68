import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { createPagesHandler, signInLinkUrl } from 'feedback-board/pages';

declare function sessionUser(request: Request): Promise<{ email: string; displayName: string } | null>;
declare const memberId: number;
declare const orgId: number;
declare const postId: number;
declare const webhookId: number;

const board = createFeedbackBoard({ storage: createMemoryStorage() });

const pages = createPagesHandler(board, {
  organizationId: 1,
  basePath: '/feedback',
  voterFromRequest: async (request) => {
    const user = await sessionUser(request); // your own session lookup
    return user ? { email: user.email, name: user.displayName } : null;
  },
});

const { token } = await board.signIn.createLink('team', memberId);
console.log(signInLinkUrl('https://feedback.example.com', '', token));

const team = board.team(orgId);
for (const { post, board: b, proposedBy } of await team.proposals.list()) {
  console.log(b.slug, post.title, post.proposal?.status, post.proposal?.note, proposedBy?.label);
}
await team.proposals.confirm(postId, { notifyVoters: true });
await team.posts.setHidden(postId, true);
await team.boards.setPublished('features', true); // a person's decision: not subject to agent publishing

// A webhook's deliveries: another organization's webhook or message is not_found, like a missing one.
const { rows: messages } = await team.webhooks.messages(webhookId, { limit: 20 });
for (const message of messages) {
  const { rows: attempts } = await team.webhooks.attempts(message.id);
  console.log(message.event_type, message.status, attempts.map((a) => a.status_code ?? a.error));
}
const { secret } = await team.webhooks.rotateSecret(webhookId); // signs every attempt from now on
await team.webhooks.sendTest(webhookId); // a webhook.test message for this webhook alone
if (messages[0]?.status === 'failed') await team.webhooks.redeliver(messages[0].id); // due now

export { pages, secret };
