/**
 * A board's chat targets (docs/integrations.md, "Team chat"), the team's own functions (`team`
 * scope): make one (a Slack, Discord or Microsoft Teams incoming-webhook URL and the events it
 * posts), list them, deactivate one (a new URL is a new target). A target's URL is a credential: it is
 * checked against its platform's incoming-webhook shape and the private-address guard when
 * given, and never answered again, only masked. A target of another board, or of another
 * organization's board, is `not_found`, exactly like a missing one.
 */
import type { ChatTargetRecord } from '../domain/integrations.js';
import { createChatTargetBody, type CreateChatTargetInput } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import type { ChatTarget, ChatTargetList } from '../domain/team-responses.js';
import { parseOrThrow } from '../domain/validation.js';
import { checkChatUrl, maskChatUrl } from '../integrations/chat/send.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { boardOf, chatTargetOf } from './lookup.js';

/** A chat target as the team sees it: its URL masked. */
export function presentChatTarget(target: ChatTargetRecord): ChatTarget {
  return {
    id: target.id, board_id: target.board_id, platform: target.platform, masked_url: maskChatUrl(target.url), events: [...target.events],
    active: target.active, created_at: target.created_at,
  };
}

/**
 * Makes a chat target of the board: `url` must be an `https:` incoming-webhook URL of `platform`
 * (with private networks allowed, any http(s) URL that is not refused by the guard). Answers the
 * target with its URL masked: the URL is not shown again, even now.
 */
export function createChatTarget(ctx: ServiceContext, caller: Caller, slug: string, body: CreateChatTargetInput): Promise<ChatTarget> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(createChatTargetBody, body);
  const url = checkChatUrl(input.platform, input.url, ctx.allowPrivateNetworks ?? false);
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return presentChatTarget(await tx.insertChatTarget({ board_id: board.id, platform: input.platform, url, events: input.events, active: true, created_at: nowIso(ctx) }));
  });
}

/** The board's chat targets, inactive ones included, oldest first; their URLs masked. */
export function listChatTargets(ctx: ServiceContext, caller: Caller, slug: string): Promise<ChatTargetList> {
  requireScope(caller.scope, 'team');
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return { chat_targets: (await tx.listChatTargets(board.id)).map(presentChatTarget) };
  });
}

/**
 * Deactivates a chat target: it posts nothing more, messages still waiting for it included.
 * Deactivating an inactive target changes nothing.
 */
export function deactivateChatTarget(ctx: ServiceContext, caller: Caller, slug: string, chatTargetId: number): Promise<ChatTarget> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    const target = await chatTargetOf(tx, await boardOf(tx, caller, slug), chatTargetId);
    if (!target.active) return presentChatTarget(target);
    return presentChatTarget((await tx.updateChatTarget(target.id, { active: false }))!);
  });
}
