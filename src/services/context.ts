/**
 * What every service function receives: the storage and the injected ports (clock, randomness,
 * notifier and logger, from `domain/ports.ts`). Nothing here is global, so two boards in one
 * process never share state.
 */
import type { Scope } from '../domain/records.js';
import type { Storage, StorageTx } from '../storage/contract.js';
import type { ResourceLimits } from '../domain/limits.js';
import { toIso } from '../domain/time.js';
import type { Clock, Logger, Notifier, RandomBytes } from '../domain/ports.js';
import type { ImageInspector } from '../domain/attachments.js';
import type { WebhookFetch } from '../webhooks/user-agent.js';

/** Who calls an API operation: the organization and key behind the request. */
export interface Caller {
  organizationId: number;
  apiKeyId: number;
  scope: Scope;
}

/**
 * The caller the team acts as through the API operations: the organization with `team` scope and
 * no key (id 0, which no stored key has), so no claim is ever the team's own.
 */
export function teamCaller(organizationId: number): Caller {
  return { organizationId, apiKeyId: 0, scope: 'team' };
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
  /**
   * The signed-in team member the team's functions act for (`board.team(id, { memberId })`), so
   * that the posts' activity logs name them; absent when the team acts with no member named.
   */
  teamMemberId?: number;
  /** Reads uploads' types and sizes from their bytes; null refuses every upload. */
  inspectImage: ImageInspector | null;
  /** Where attachments are served: the pages' origin and base path (`https://feedback.example.com`), or '' for paths. */
  attachmentsBaseUrl(): string;
  /**
   * Whether integrations may reach private and loopback addresses (a self-hosted tracker on the
   * local network); the webhook dispatcher's `allowPrivateNetworks`. Default false.
   */
  allowPrivateNetworks?: boolean;
  /** How a call an operation makes itself is sent (a connection's test): the webhook dispatcher's fetch and timeout. */
  outbound?: { fetch: WebhookFetch; timeoutMs: number };
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
