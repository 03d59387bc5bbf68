/**
 * The organization's statuses (docs/statuses.md): the names and colours its posts show, each
 * counted as one of the five post statuses (its category). Listing is `read`; adding, changing
 * and removing them is the team's (`team` scope). The five defaults may be renamed and recoloured
 * but not removed; removing another status moves its posts to its category's default.
 */
import { validationError } from '../domain/errors.js';
import { createStatusBody, LIMITS, updateStatusBody, type CreateStatusInput, type UpdateStatusInput } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import type { StatusRecord } from '../domain/statuses.js';
import type { Status, StatusList } from '../domain/team-responses.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { read, write, type Caller, type ServiceContext } from './context.js';
import { statusOf } from './lookup.js';

function presentStatus(s: StatusRecord): Status {
  return { id: s.id, name: s.name, color: s.color, category: s.category, position: s.position, is_default: s.is_default };
}

/** Refuses a name another status of the organization has, compared case-folded. */
function assertNameFree(statuses: readonly StatusRecord[], name: string, except?: number): void {
  const folded = foldCase(name);
  if (statuses.some((status) => status.id !== except && foldCase(status.name) === folded)) throw validationError('name', 'another status has this name');
}

/** The organization's statuses, by position; `read` scope. */
export function listStatuses(ctx: ServiceContext, caller: Caller): Promise<StatusList> {
  requireScope(caller.scope, 'read');
  return read(ctx, async (tx) => ({ statuses: (await tx.listStatuses(caller.organizationId)).map(presentStatus) }));
}

/** Adds a status, last, in one of the five categories; `team` scope. */
export function createStatus(ctx: ServiceContext, caller: Caller, body: CreateStatusInput): Promise<Status> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(createStatusBody, body);
  return write(ctx, async (tx) => {
    const statuses = await tx.listStatuses(caller.organizationId);
    if (statuses.length >= LIMITS.statusesPerOrganization) throw validationError('name', `an organization has at most ${LIMITS.statusesPerOrganization} statuses`);
    assertNameFree(statuses, input.name);
    const position = Math.max(-1, ...statuses.map((status) => status.position)) + 1;
    const color = input.color.toLowerCase();
    return presentStatus(await tx.insertStatus({ organization_id: caller.organizationId, name: input.name, color, category: input.category, position, is_default: false }));
  });
}

/** Renames, recolours or moves a status; absent fields are unchanged; `team` scope. */
export function updateStatus(ctx: ServiceContext, caller: Caller, statusId: number, body: UpdateStatusInput = {}): Promise<Status> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(updateStatusBody, body);
  return write(ctx, async (tx) => {
    const status = await statusOf(tx, caller.organizationId, statusId);
    if (input.name !== undefined) assertNameFree(await tx.listStatuses(caller.organizationId), input.name, status.id);
    const patch = { name: input.name, color: input.color?.toLowerCase(), position: input.position };
    return presentStatus((await tx.updateStatus(status.id, patch))!);
  });
}

/** Removes a status that is not a default: its posts show their category's default instead; `team` scope. */
export function deleteStatus(ctx: ServiceContext, caller: Caller, statusId: number): Promise<void> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx: StorageTx) => {
    const status = await statusOf(tx, caller.organizationId, statusId);
    if (status.is_default) throw validationError('status_id', `is the default status of ${status.category} posts, which can be renamed but not removed`);
    await tx.deleteStatus(status.id);
  });
}
