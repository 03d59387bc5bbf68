/**
 * The label a post shows: its organization's status (statuses.ts), read with the post, once per
 * request, never once per post of a list.
 */
import type { PostRecord } from '../domain/records.js';
import type { StatusLabel, StatusRecord } from '../domain/statuses.js';
import type { StorageTx } from '../storage/contract.js';

export function presentStatusLabel(status: StatusRecord): StatusLabel {
  return { id: status.id, name: status.name, color: status.color };
}

/** The label of one post: one read by key. */
export async function labelOfPost(tx: StorageTx, post: PostRecord): Promise<StatusLabel> {
  return presentStatusLabel((await tx.getStatus(post.status_label_id))!);
}

/** The label of each post of the organization, from one read of its statuses (or the list already read). */
export async function labelsOf(tx: StorageTx, organizationId: number, statuses?: readonly StatusRecord[]): Promise<(post: PostRecord) => StatusLabel> {
  const labels = new Map((statuses ?? (await tx.listStatuses(organizationId))).map((status) => [status.id, presentStatusLabel(status)]));
  return (post) => labels.get(post.status_label_id)!;
}
