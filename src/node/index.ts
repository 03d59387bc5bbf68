/**
 * Node-only helpers of feedback-board.
 *
 * @module feedback-board/node
 */
export { createNodeWebhookFetch, PrivateTargetError, type NodeWebhookFetchOptions } from './webhook-fetch.js';
