/** Builders of new records and a few seeded datasets shared by the conformance tests. */
import type {
  ApiKeyRecord,
  BoardRecord,
  NewCommentRecord,
  EvidenceRecord,
  OrganizationRecord,
  PostRecord,
  VoterRecord,
  WebhookRecord,
} from '../src/domain/records.js';
import type { NewPost, NewRecord, StorageTx } from '../src/storage/contract.js';

/** 2026-11-01T09:00:00.000Z, the suite's reference instant. */
export const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

/** The ISO timestamp `minutes` after {@link T0}. */
export function at(minutes: number): string {
  return new Date(T0 + minutes * 60_000).toISOString();
}

/** The ISO timestamp of day `day` (0 = 2026-11-01) at `hour`:00 UTC. */
export function onDay(day: number, hour = 12): string {
  return new Date(Date.UTC(2026, 10, 1 + day, hour)).toISOString();
}

export function newOrganization(overrides: Partial<NewRecord<OrganizationRecord>> = {}): NewRecord<OrganizationRecord> {
  return { name: 'Acme', created_at: at(0), ...overrides };
}

export function newApiKey(
  organizationId: number,
  overrides: Partial<NewRecord<ApiKeyRecord>> = {},
): NewRecord<ApiKeyRecord> {
  return {
    organization_id: organizationId,
    scope: 'write',
    label: 'CI',
    prefix: 'fbk_abcd',
    hash: `hash-${organizationId}-${overrides.label ?? 'CI'}`,
    created_at: at(0),
    revoked_at: null,
    ...overrides,
  };
}

export function newBoard(organizationId: number, overrides: Partial<NewRecord<BoardRecord>> = {}): NewRecord<BoardRecord> {
  return {
    organization_id: organizationId,
    slug: 'features',
    name: 'Features',
    description: '',
    welcome_message: '',
    published: false,
    logo_url: null,
    created_at: at(0),
    ...overrides,
  };
}

export function newPost(boardId: number, overrides: Partial<NewPost> = {}): NewPost {
  return {
    board_id: boardId,
    title: 'Dark mode',
    body: '',
    status: 'open',
    is_admin: true,
    hidden: false,
    pinned: false,
    queue_rank: null,
    shipped_at: null,
    created_at: at(0),
    proposal: null,
    ...overrides,
  };
}

export function newVoter(organizationId: number, overrides: Partial<NewRecord<VoterRecord>> = {}): NewRecord<VoterRecord> {
  return { organization_id: organizationId, email: null, name: 'Voter', created_at: at(0), locale: null, ...overrides };
}

export function newComment(postId: number, overrides: Partial<NewCommentRecord> = {}): NewCommentRecord {
  return {
    post_id: postId,
    parent_comment_id: null,
    body: 'Yes please',
    is_admin: false,
    hidden: false,
    voter_id: null,
    created_at: at(0),
    ...overrides,
  };
}

export function newEvidence(postId: number, overrides: Partial<NewRecord<EvidenceRecord>> = {}): NewRecord<EvidenceRecord> {
  return {
    post_id: postId,
    kind: 'pr',
    ref: 'https://example.com/pr/1',
    label: '',
    added_at: at(0),
    action_key: null,
    ...overrides,
  };
}

export function newWebhook(organizationId: number, overrides: Partial<NewRecord<WebhookRecord>> = {}): NewRecord<WebhookRecord> {
  return {
    organization_id: organizationId,
    url: 'https://hooks.example.com/fb',
    description: '',
    events: ['post.created'],
    active: true,
    secret: 'whsec_test',
    created_at: at(0),
    ...overrides,
  };
}

export interface SeededBoard {
  organization: OrganizationRecord;
  board: BoardRecord;
}

/** One organization with one board. */
export async function seedBoard(tx: StorageTx): Promise<SeededBoard> {
  const organization = await tx.insertOrganization(newOrganization());
  const board = await tx.insertBoard(newBoard(organization.id));
  return { organization, board };
}

/** `count` voters of the organization. */
export async function seedVoters(tx: StorageTx, organizationId: number, count: number): Promise<VoterRecord[]> {
  const voters: VoterRecord[] = [];
  for (let i = 0; i < count; i++) voters.push(await tx.insertVoter(newVoter(organizationId, { name: `Voter ${i + 1}` })));
  return voters;
}

/** Gives the post one vote from each of the voters, cast at `when`. */
export async function castVotes(tx: StorageTx, postId: number, voters: readonly VoterRecord[], when = at(0)): Promise<void> {
  for (const voter of voters) await tx.insertVote({ post_id: postId, voter_id: voter.id, created_at: when });
}

/** The ids of the rows, in order. */
export function ids(rows: readonly { id: number }[]): number[] {
  return rows.map((row) => row.id);
}

/** A thrown value of the test's own, to check that a transaction rethrows it unchanged. */
export class TestAbort extends Error {
  constructor() {
    super('abort this transaction');
    this.name = 'TestAbort';
  }
}

/** The settled value of `promise`'s rejection; fails if it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Maps become entry lists sorted by key, so that results compare by value. */
export function normalize(value: unknown): unknown {
  if (value instanceof Map) {
    const entries = [...value.entries()].sort(([a], [b]) => Number(a) - Number(b));
    return { entries: entries.map(([key, item]) => [key, normalize(item)]) };
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalize(item)]));
  }
  return value;
}
