/**
 * Writing checked rows (import-checks.ts) into one board, in the caller's one write transaction.
 * Every post and comment is recorded under its source id (`post:fider:42`; a hash of the row when
 * it names none), and a row whose source id the board already holds is skipped, as is a vote the
 * voter already cast: importing the same rows again stores nothing twice.
 */
import type { StorageTx } from '../storage/contract.js';
import type { CsvComment, CsvFeedback, CsvPost } from './csv-rows.js';
import { contentId } from './import-ids.js';

/** What the rows made, and what they found made already. */
export interface StoredCounts {
  posts: number;
  votes: number;
  /** Vote rows that repeated a vote of the same voter for the same post in these rows (each counted once). */
  repeatedVotes: number;
  comments: number;
  votersCreated: number;
  /** Rows stored by an earlier import (found by their source id), and votes already cast: skipped. */
  skipped: { posts: number; votes: number; comments: number };
}

/** The ids rows are recorded under, namespaced by kind and format. */
function sourceKeys(feedback: CsvFeedback, format: string): { post: Map<string, string>; comment: Map<string, string> } {
  const post = new Map<string, string>();
  for (const row of feedback.posts) {
    const key = row.source_id ?? `#${contentId(row.title, row.body, row.email, row.name, row.created_at)}`;
    post.set(row.id, row.source_id === null ? `post:${format}${key}` : `post:${format}:${key}`);
  }
  const comment = new Map<string, string>();
  // Parents come first, so a reply's hash can name its parent's key.
  for (const row of feedback.comments) {
    const parent = row.parent_id === null ? null : comment.get(row.parent_id);
    const hash = `#${contentId(post.get(row.post_id), parent, row.body, row.email, row.name, row.created_at)}`;
    comment.set(row.id, row.source_id === null ? `comment:${format}${hash}` : `comment:${format}:${row.source_id}`);
  }
  return { post, comment };
}

/**
 * Stores `feedback` in board `boardId` of organization `organizationId`; `now` is the time of the
 * voters it creates and of its source records.
 */
export async function storeFeedback(tx: StorageTx, feedback: CsvFeedback, at: { organizationId: number; boardId: number; format: string; now: string }): Promise<StoredCounts> {
  const { organizationId, boardId, format, now } = at;
  const counts: StoredCounts = { posts: 0, votes: 0, repeatedVotes: 0, comments: 0, votersCreated: 0, skipped: { posts: 0, votes: 0, comments: 0 } };
  const keys = sourceKeys(feedback, format);
  const imported = new Map((await tx.listImportSources(boardId)).map((row) => [row.source_id, row.record_id]));
  const remember = (source_id: string, record_id: number) => tx.insertImportSource({ board_id: boardId, source_id, record_id, imported_at: now });

  const voters = new Map<string, number>();
  const voterOf = async (email: string | null, name: string): Promise<number> => {
    // A person known by name alone is one voter without an address per name, in this import.
    const key = email ?? `name:${name}`;
    let id = voters.get(key) ?? (email === null ? undefined : (await tx.getVoterByEmail(organizationId, email))?.id);
    if (id === undefined) {
      id = (await tx.insertVoter({ organization_id: organizationId, email, name, created_at: now })).id;
      counts.votersCreated += 1;
    }
    voters.set(key, id);
    return id;
  };
  const isTeam = (row: { email: string | null; name: string }) => row.email === null && row.name === '';

  // A post found already is the record made for it, or null when that record was deleted since.
  const postIds = new Map<string, number | null>();
  for (const post of feedback.posts) {
    const key = keys.post.get(post.id)!;
    const earlier = imported.get(key);
    if (earlier !== undefined) {
      postIds.set(post.id, (await tx.getPost(earlier)) === null ? null : earlier);
      counts.skipped.posts += 1;
      continue;
    }
    const id = await insertPost(tx, post, boardId, postIds, isTeam(post) ? null : await voterOf(post.email, post.name));
    postIds.set(post.id, id);
    await remember(key, id);
    counts.posts += 1;
  }

  const cast = new Set<string>();
  for (const vote of feedback.votes) {
    const postId = postIds.get(vote.post_id) ?? null;
    const voterId = await voterOf(vote.email, vote.name);
    if (cast.has(`${postId}/${voterId}`)) {
      counts.repeatedVotes += 1;
      continue;
    }
    cast.add(`${postId}/${voterId}`);
    if (postId !== null && (await tx.insertVote({ post_id: postId, voter_id: voterId, created_at: vote.created_at }))) counts.votes += 1;
    else counts.skipped.votes += 1;
  }

  const commentIds = new Map<string, number | null>();
  for (const comment of feedback.comments) {
    const key = keys.comment.get(comment.id)!;
    const earlier = imported.get(key);
    const postId = postIds.get(comment.post_id) ?? null;
    const parentId = comment.parent_id === null ? undefined : (commentIds.get(comment.parent_id) ?? null);
    if (earlier !== undefined || postId === null || parentId === null) {
      commentIds.set(comment.id, earlier !== undefined && (await tx.getComment(earlier)) !== null ? earlier : null);
      counts.skipped.comments += 1;
      continue;
    }
    const id = await insertComment(tx, comment, postId, parentId ?? null, isTeam(comment) ? null : await voterOf(comment.email, comment.name));
    commentIds.set(comment.id, id);
    await remember(key, id);
    counts.comments += 1;
  }
  return counts;
}

async function insertPost(tx: StorageTx, post: CsvPost, boardId: number, postIds: ReadonlyMap<string, number | null>, voterId: number | null): Promise<number> {
  const target = post.merged_into === null ? null : (postIds.get(post.merged_into) ?? null);
  const stored = await tx.insertPost({
    board_id: boardId, title: post.title, body: post.body, status: post.status, is_admin: voterId === null, hidden: post.hidden || target !== null,
    pinned: false, queue_rank: null, shipped_at: post.shipped_at, created_at: post.created_at, proposal: null,
  });
  if (voterId !== null) await tx.insertPostAuthor({ post_id: stored.id, voter_id: voterId, created_at: post.created_at });
  if (post.tags.length > 0) await tx.setPostTags(stored.id, (await tx.ensureTags(boardId, post.tags)).map((tag) => tag.id));
  if (target !== null) {
    // Merged as it was in its system: its votes and comments stay with it, none added to the target.
    await tx.insertPostMerge({
      source_id: stored.id, target_id: target, board_id: boardId, merged_at: post.merged_at!, source_hidden: post.hidden,
      votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
    });
  }
  return stored.id;
}

async function insertComment(tx: StorageTx, comment: CsvComment, postId: number, parentId: number | null, voterId: number | null): Promise<number> {
  const stored = await tx.insertComment({
    post_id: postId, parent_comment_id: parentId, body: comment.body, is_admin: voterId === null, hidden: false, voter_id: voterId, created_at: comment.created_at,
  });
  return stored.id;
}
