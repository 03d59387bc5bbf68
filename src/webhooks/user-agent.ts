/**
 * What a delivery presents itself as, and the `fetch` it sends with: apart from sending itself
 * (send.ts), which loads only when a dispatcher first delivers.
 */
import { PACKAGE_VERSION } from '../domain/version.js';

/** The part of `fetch` the dispatcher uses. */
export type WebhookFetch = (input: string, init: RequestInit) => Promise<Response>;

/** The `User-Agent` of every delivery: `feedback-board-webhooks/` and the package's version. */
export const WEBHOOK_USER_AGENT = `feedback-board-webhooks/${PACKAGE_VERSION}`;
