/**
 * What every service function receives: the storage and the injected clock, randomness,
 * notifier and logger. Nothing here is global, so two boards in one process never share state.
 */
import type { Scope } from '../domain/records.js';
import type { Storage, StorageTx } from '../storage/contract.js';
import type { ResourceLimits } from '../domain/limits.js';
import { toIso } from '../domain/time.js';

/** The source of "now". Inject one to make claims, rate limits and statistics deterministic. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real time, `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/** Fills a new array with `length` cryptographically random bytes. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** A message to one voter that a post they voted for changed status. */
export interface VoterNotification {
  organization_id: number;
  board_slug: string;
  post_id: number;
  post_title: string;
  voter: { id: number; email: string | null; name: string };
  old_status: string;
  new_status: string;
  sent_at: string;
}

/** Receives voter notifications (e-mail them, queue them...). The response waits for it. */
export interface Notifier {
  /** Delivers one notification; a rejection is logged and never fails the request. */
  notify(notification: VoterNotification): void | Promise<void>;
}

/** Where unexpected errors are reported (their causes are never returned to callers). */
export interface Logger {
  /** Reports an unexpected error with what was being done. */
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  error: (message, error) => console.error(`[feedback-board] ${message}`, error ?? ''),
};

/** Who calls an API operation: the organization and key behind the request. */
export interface Caller {
  organizationId: number;
  apiKeyId: number;
  scope: Scope;
}

export interface ServiceContext {
  storage: Storage;
  clock: Clock;
  random: RandomBytes;
  notifier: Notifier | null;
  logger: Logger;
  /** Agent publishing when no setting is stored (the server's own setting). */
  agentPublishingDefault: boolean;
  /** The resource limits in force (`createFeedbackBoard({ limits })`). */
  limits: Readonly<Required<ResourceLimits>>;
  /** Called when a key is revoked, so caches drop it at once. */
  onKeyRevoked(hash: string): void;
}

/**
 * Now, as an ISO timestamp. Services read it inside their transaction, so a write that waited for
 * the lock is stamped with the time it ran (a claim never starts before the release it waited for).
 */
export function nowIso(ctx: ServiceContext): string {
  return toIso(ctx.clock.now());
}

export function read<T>(ctx: ServiceContext, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
  return ctx.storage.transaction('read', fn);
}

export function write<T>(ctx: ServiceContext, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
  return ctx.storage.transaction('write', fn);
}
