/**
 * Which scope a key has, learned from the API's own answers. Scope is checked before validation
 * (docs/errors-scopes-limits.md#errors), so a deliberately invalid request tells the scope and changes nothing:
 * changing the mail settings to `{ status: 'x' }` is a 422 for a team key and a 403 below that;
 * creating a board from `{}` is a 422 for a write key and a 403 below that; claiming the next
 * post with `ttl_seconds: 0` is a 422 for a propose key and a 403 for a read key. Over HTTP the
 * last probe needs an existing board (a missing one is a 404 first).
 */
import { isFeedbackBoardError } from '../src/domain/errors.js';
import type { Scope } from '../src/domain/records.js';
import type { McpApi } from './call.js';

/** A detected scope, and whether the answer is final (false when no board was there to ask on). */
export interface DetectedScope {
  scope: Scope;
  certain: boolean;
}

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * True when `attempt` fails with `validation_error`, false for `insufficient_scope`, and for
 * `not_found` when `missing` says so (a deployment older than the operation); rethrows anything else.
 */
async function passesScope(attempt: () => Promise<unknown>, missing: 'refused' | 'error' = 'error'): Promise<boolean> {
  try {
    await attempt();
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'validation_error') return true;
    if (isFeedbackBoardError(error) && error.code === 'insufficient_scope') return false;
    if (isFeedbackBoardError(error) && error.code === 'not_found' && missing === 'refused') return false;
    throw error;
  }
  throw new Error('feedback-board mcp: a scope probe was accepted; it must be refused');
}

/**
 * Asks `api` which scope its key has, in one to four requests that change nothing. Rejects with
 * the API's error when the key is refused (`unauthorized`) or the API cannot be reached.
 */
export async function detectScope(api: McpApi): Promise<DetectedScope> {
  const call = (group: string, method: string) => api[group]?.[method] as Call | undefined;
  const updateMail = call('mail', 'updateSettings');
  if (updateMail && (await passesScope(() => updateMail({ status: 'x' }), 'refused'))) return { scope: 'team', certain: true };
  if (await passesScope(() => call('boards', 'create')!({}))) return { scope: 'write', certain: true };
  const { boards } = (await call('boards', 'list')!()) as { boards: { slug: string }[] };
  const board = boards[0];
  // With no board, nothing a propose key may do is possible yet; read is all it can use.
  if (board === undefined) return { scope: 'read', certain: false };
  const proposes = await passesScope(() => call('agent', 'claimNext')!(board.slug, { ttl_seconds: 0 }));
  return { scope: proposes ? 'propose' : 'read', certain: true };
}
