/**
 * Integrations with issue trackers (GitHub, GitLab, Linear) and team chats (Slack, Discord,
 * Microsoft Teams), as pure functions: checking inbound deliveries, reading their events into
 * intents, building outbound requests as data and reading their answers, and laying out chat
 * messages. The service applies the intents and the webhook dispatcher sends the requests; see
 * docs/integrations.md. Nothing here touches storage or the network.
 */
export * from '../domain/integrations.js';
export * from './references.js';
export * from './intents.js';
export { constantTimeEqual, verifyHmacSha256Hex, type InboundCheck, type InboundRefusal, type InboundRequest } from './inbound.js';
export * from './outbound.js';
export { verifyGitHubDelivery } from './github/verify.js';
export { decideGitHubEvent } from './github/events.js';
export * from './github/requests.js';
export { verifyGitLabDelivery } from './gitlab/verify.js';
export { decideGitLabEvent } from './gitlab/events.js';
export * from './gitlab/requests.js';
export { verifyLinearDelivery, LINEAR_TIMESTAMP_TOLERANCE_MS } from './linear/verify.js';
export { decideLinearEvent, linearStateIsClosed } from './linear/events.js';
export * from './linear/requests.js';
export { chatContent, STATUS_LABELS, CHAT_EXCERPT_LENGTH, type ChatEvent, type ChatPost, type ChatContent, type ChatFact } from './chat/message.js';
export { slackEscape, discordEscape, teamsText, fit } from './chat/text.js';
export * from './chat/slack.js';
export * from './chat/discord.js';
export * from './chat/teams.js';
export * from './chat/send.js';
