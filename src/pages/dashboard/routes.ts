/** The dashboard's routes; the handler lets only signed-in team members reach any of them. */
import type { PageContext } from '../context.js';
import type { Route } from '../route.js';
import {
  boardsAdminPage,
  createBoardAction,
  createKeyAction,
  createWebhookAction,
  deleteWebhookAction,
  keysPage,
  publishAction,
  revokeKeyAction,
  updateWebhookAction,
  webhooksPage,
} from './admin.js';
import { addMemberAction, agentPublishingAction, ownAddressAction, settingsPage } from './settings.js';
import { approveAction, inboxPage, moderationSettingAction, rejectAction as rejectPostAction } from './inbox.js';
import { agentsPage, revokeAgentAction } from './agents.js';
import { boardAccessRoutes } from './board-access.js';
import { boardEmbeddingRoutes } from './board-embedding.js';
import { boardFieldsRoutes } from './fields.js';
import { createSsoSecretAction, revokeSsoSecretAction, rotateSsoSecretAction, saveSsoSettingsAction, ssoPage } from './sso.js';
import { mailPage, testMailAction } from './mail.js';
import { followerMailSettingsAction } from './mail-followers.js';
import { commentEditRoutes } from './comment-edits.js';
import { commentHiddenAction, postAction, postAdminPage } from './posts.js';
import { postsPage } from './posts-list.js';
import { savedViewRoutes } from './saved-view-actions.js';
import { deletedPage, restoreAction } from './deleted.js';
import { changelogRoutes } from './changelog.js';
import { postPeopleRoutes } from './post-people.js';
import { companyVoteRoutes } from './post-voters.js';
import { postHistoryRoutes } from './post-history.js';
import { postMergeRoutes } from './post-merge.js';
import { postLinkRoutes } from './post-links.js';
import { confirmAction, proposalsPage, rejectAction } from './proposals.js';
import { statsPage } from './stats.js';
import { bulkApplyAction, bulkReviewAction } from './bulk.js';
import { addStatusAction, moveStatusAction, removeStatusAction, removeStatusPage, statusesPage, updateStatusAction } from './statuses.js';
import { integrationsRoutes } from './integrations.js';
import { redeliverAction, rotateSecretAction, sendTestAction, webhookPage } from './webhook.js';

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/**
 * `/dashboard`: what a person of the team looks at first. Voters' posts waiting for approval (the
 * inbox), else agents' proposals waiting for a decision, else the posts; each section keeps its
 * own address.
 */
async function dashboardHome(ctx: PageContext): Promise<Response> {
  if ((await ctx.team.moderation.countWaiting()) > 0) return inboxPage(ctx);
  if ((await ctx.team.proposals.list()).length > 0) return proposalsPage(ctx);
  return postsPage(ctx);
}

export const dashboardRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard'), handler: (ctx) => dashboardHome(ctx) },
  { method: 'GET', pattern: path('/dashboard/proposals'), handler: (ctx) => proposalsPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/proposals/:p/confirm'), handler: (ctx, [id], form) => confirmAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/proposals/:p/reject'), handler: (ctx, [id]) => rejectAction(ctx, id!) },
  { method: 'GET', pattern: path('/dashboard/inbox'), handler: (ctx) => inboxPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/inbox/:p/approve'), handler: (ctx, [id]) => approveAction(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/inbox/:p/reject'), handler: (ctx, [id], form) => rejectPostAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/moderation'), handler: (ctx, [slug], form) => moderationSettingAction(ctx, slug!, form) },
  { method: 'GET', pattern: path('/dashboard/posts'), handler: (ctx) => postsPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/posts/bulk'), handler: (ctx, _, form) => bulkReviewAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/posts/bulk/apply'), handler: (ctx, _, form) => bulkApplyAction(ctx, form) },
  ...savedViewRoutes,
  { method: 'GET', pattern: path('/dashboard/posts/:p'), handler: (ctx, [id]) => postAdminPage(ctx, id!) },
  {
    method: 'POST',
    pattern: path('/dashboard/posts/:p/(status|rank|pinned|hidden)'),
    handler: (ctx, [id, what], form) => postAction(ctx, id!, what!, form),
  },
  { method: 'GET', pattern: path('/dashboard/deleted'), handler: (ctx) => deletedPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/deleted/:p/restore'), handler: (ctx, [id]) => restoreAction(ctx, id!) },
  ...changelogRoutes,
  { method: 'POST', pattern: path('/dashboard/comments/:p/hidden'), handler: (ctx, [id], form) => commentHiddenAction(ctx, id!, form) },
  ...postPeopleRoutes,
  ...companyVoteRoutes,
  ...postHistoryRoutes,
  ...commentEditRoutes,
  ...postMergeRoutes,
  ...postLinkRoutes(postAdminPage),
  { method: 'GET', pattern: path('/dashboard/boards'), handler: (ctx) => boardsAdminPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/boards'), handler: (ctx, _, form) => createBoardAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/publish'), handler: (ctx, [slug]) => publishAction(ctx, slug!, true) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/unpublish'), handler: (ctx, [slug]) => publishAction(ctx, slug!, false) },
  ...boardEmbeddingRoutes,
  ...boardAccessRoutes,
  ...boardFieldsRoutes,
  { method: 'GET', pattern: path('/dashboard/statuses'), handler: (ctx) => statusesPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/statuses'), handler: (ctx, _, form) => addStatusAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/statuses/:p'), handler: (ctx, [id], form) => updateStatusAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/statuses/:p/move'), handler: (ctx, [id], form) => moveStatusAction(ctx, id!, form) },
  { method: 'GET', pattern: path('/dashboard/statuses/:p/remove'), handler: (ctx, [id]) => removeStatusPage(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/statuses/:p/remove'), handler: (ctx, [id]) => removeStatusAction(ctx, id!) },
  { method: 'GET', pattern: path('/dashboard/stats'), handler: (ctx) => statsPage(ctx) },
  { method: 'GET', pattern: path('/dashboard/keys'), handler: (ctx) => keysPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/keys'), handler: (ctx, _, form) => createKeyAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/keys/:p/revoke'), handler: (ctx, [id]) => revokeKeyAction(ctx, id!) },
  { method: 'GET', pattern: path('/dashboard/webhooks'), handler: (ctx) => webhooksPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/webhooks'), handler: (ctx, _, form) => createWebhookAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/webhooks/:p'), handler: (ctx, [id], form) => updateWebhookAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/webhooks/:p/delete'), handler: (ctx, [id]) => deleteWebhookAction(ctx, id!) },
  { method: 'GET', pattern: path('/dashboard/webhooks/:p'), handler: (ctx, [id]) => webhookPage(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/webhooks/:p/rotate'), handler: (ctx, [id]) => rotateSecretAction(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/webhooks/:p/test'), handler: (ctx, [id]) => sendTestAction(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/webhooks/messages/:p/redeliver'), handler: (ctx, [id]) => redeliverAction(ctx, id!) },
  ...integrationsRoutes,
  { method: 'GET', pattern: path('/dashboard/mail'), handler: (ctx) => mailPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/mail/test'), handler: (ctx) => testMailAction(ctx) },
  { method: 'POST', pattern: path('/dashboard/mail/followers'), handler: (ctx, _, form) => followerMailSettingsAction(ctx, form) },
  { method: 'GET', pattern: path('/dashboard/settings'), handler: (ctx) => settingsPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/settings/agent-publishing'), handler: (ctx, _, form) => agentPublishingAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/settings/team'), handler: (ctx, _, form) => addMemberAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/settings/me'), handler: (ctx, _, form) => ownAddressAction(ctx, form) },
  { method: 'GET', pattern: path('/dashboard/agents'), handler: (ctx) => agentsPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/agents/:p/revoke'), handler: (ctx, [id]) => revokeAgentAction(ctx, id!) },
  { method: 'GET', pattern: path('/dashboard/sso'), handler: (ctx) => ssoPage(ctx) },
  { method: 'POST', pattern: path('/dashboard/sso/secrets'), handler: (ctx) => createSsoSecretAction(ctx) },
  { method: 'POST', pattern: path('/dashboard/sso/secrets/:p/rotate'), handler: (ctx, [id], form) => rotateSsoSecretAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/sso/secrets/:p/revoke'), handler: (ctx, [id]) => revokeSsoSecretAction(ctx, id!) },
  { method: 'POST', pattern: path('/dashboard/sso/settings'), handler: (ctx, _, form) => saveSsoSettingsAction(ctx, form) },
];
