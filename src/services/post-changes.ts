/**
 * What a change of a post changed, for `post.updated` (docs/webhooks.md): only fields whose
 * value differs count, so a PATCH that sets a title to itself sends nothing.
 */
import type { EvidenceRecord, PostRecord, TagRecord } from '../domain/records.js';
import type { NewRecord } from '../storage/contract.js';
import type { PostField } from './webhook-events.js';

const SCALAR_FIELDS = ['title', 'body', 'pinned', 'queue_rank', 'hidden'] as const satisfies readonly PostField[];

/** The scalar fields (not status) whose value differs between the post before and after. */
export function changedFields(before: PostRecord, after: PostRecord): PostField[] {
  return SCALAR_FIELDS.filter((field) => before[field] !== after[field]);
}

/** The same set of tags. */
export function sameTags(before: readonly TagRecord[], after: readonly TagRecord[]): boolean {
  const ids = new Set(before.map((t) => t.id));
  return before.length === after.length && after.every((t) => ids.has(t.id));
}

/** The same evidence, in the same order, with the same kind, ref, label and time. */
export function sameEvidence(before: readonly EvidenceRecord[], after: readonly NewRecord<EvidenceRecord>[]): boolean {
  return (
    before.length === after.length &&
    before.every((e, i) => {
      const other = after[i]!;
      return e.kind === other.kind && e.ref === other.ref && e.label === other.label && e.added_at === other.added_at;
    })
  );
}
