import type { Scope } from './records.js';
import { FeedbackBoardError } from './errors.js';

const RANK: Record<Scope, number> = { read: 0, propose: 1, write: 2, team: 3 };

/** True when a key of scope `have` may perform an operation that needs `need`. */
export function scopeAllows(have: Scope, need: Scope): boolean {
  return RANK[have] >= RANK[need];
}

export function requireScope(have: Scope, need: Scope): void {
  if (!scopeAllows(have, need)) {
    throw new FeedbackBoardError('insufficient_scope', `This operation needs a key with ${need} scope`);
  }
}

/**
 * Creating a post needs `propose` when it starts as `open` (or with no status), `write` for any
 * other status: a propose key may suggest, never decide. Looks at the raw body so that the answer
 * is known before validation (docs/errors-scopes-limits.md: 403 precedes 422).
 */
export function createPostScope(body: unknown): Scope {
  const status =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['status'] : undefined;
  return status === undefined || status === 'open' ? 'propose' : 'write';
}
