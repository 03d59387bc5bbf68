/**
 * The commands of the randomized conformance test resolved against the records created so far,
 * and the common starting point of every storage.
 */
import type { Storage, StorageTx } from '../src/storage/contract.js';
import { newApiKey, newBoard, newComment, newEvidence, newOrganization, newPost, newVoter, onDay } from './fixtures.js';
import { BOARDS, KEYS, plusHours, VOTERS, type Command } from './random-arbitraries.js';
import { emptyRawRows, type RawRows } from './raw-stats.js';
import type { CommentRecord, PostRecord } from '../src/domain/records.js';

/** What the sequence has created so far, learnt from the reference's results. */
export interface Known {
  posts: { id: number; board: number; live: boolean }[];
  comments: { id: number; post: number }[];
  tags: number[];
  /** The rows written, for the statistics computed from them (raw-stats.ts). */
  raw: RawRows;
  /** The raw rows of the posts in the trash, by post id, put back when one is restored. */
  trashed?: Map<number, Pick<RawRows, 'votes'> & { post: PostRecord; comments: RawRows['comments'] }>;
}

/** One command with the ids it acts on resolved: run on both storages, then learnt from. */
export interface Step {
  /** The command and the ids it resolved to, shown when results differ. */
  shown: unknown;
  run(tx: StorageTx): Promise<unknown>;
  learn?(result: unknown): void;
}

function choose<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/**
 * Resolves a command against what exists. Writes that need a post or comment pick a live one
 * (what a vote on a deleted post does is not part of the contract); reads, updates and deletes
 * may also pick a deleted one, to exercise the not-found answers. Null when there is nothing
 * to act on.
 */
export function plan(cmd: Command, known: Known): Step | null {
  const livePosts = known.posts.filter((post) => post.live);
  const liveComments = known.comments.filter((comment) => livePosts.some((post) => post.id === comment.post));
  const step = (resolved: object, run: Step['run'], learn?: Step['learn']): Step => ({
    shown: { ...cmd, resolved },
    run,
    ...(learn ? { learn } : {}),
  });

  switch (cmd.op) {
    case 'insertPost': {
      const row = newPost(cmd.board, {
        status: cmd.status,
        hidden: cmd.hidden,
        queue_rank: cmd.rank,
        created_at: cmd.created,
        shipped_at: cmd.shipped,
        title: cmd.title,
        body: cmd.body,
      });
      return step({}, (tx) => tx.insertPost(row), (result) => {
        known.posts.push({ id: (result as { id: number }).id, board: cmd.board, live: true });
        known.raw.posts.set((result as PostRecord).id, result as PostRecord);
      });
    }
    case 'trashPost':
    case 'restorePost':
      return planTrash(cmd, known, step);
    case 'listDeletedPosts': {
      const query = { limit: cmd.limit, offset: cmd.offset, ...(cmd.board === null ? {} : { boardId: cmd.board }) };
      return step({}, (tx) => tx.listDeletedPosts(1, query));
    }
    case 'updatePost':
    case 'deletePost':
    case 'unvote':
    case 'release':
    case 'inspectPost': {
      const post = choose(known.posts, cmd.post);
      if (post === undefined) return null;
      const id = post.id;
      if (cmd.op === 'updatePost') {
        return step({ id }, (tx) => tx.updatePost(id, cmd.patch), (result) => {
          if (result !== null) known.raw.posts.set(id, result as PostRecord);
        });
      }
      if (cmd.op === 'unvote') {
        return step({ id }, (tx) => tx.deleteVote(id, cmd.voter), (result) => {
          if (result === true) known.raw.votes.delete(`${id}:${cmd.voter}`);
        });
      }
      if (cmd.op === 'release') return step({ id }, (tx) => tx.releaseClaim(id, cmd.key, cmd.now));
      if (cmd.op === 'deletePost') {
        return step({ id }, (tx) => tx.deletePost(id), (result) => {
          if (result !== true) return;
          post.live = false;
          known.raw.posts.delete(id);
          for (const [key, vote] of known.raw.votes) if (vote.post === id) known.raw.votes.delete(key);
          known.raw.comments = known.raw.comments.filter((comment) => comment.post !== id);
        });
      }
      return step({ id }, async (tx) => ({
        post: await tx.getPost(id),
        voters: await tx.listVoterIds(id),
        comments: await tx.listComments(id),
        evidence: await tx.listEvidence(id),
        byActionKey: await tx.findEvidenceByActionKey(id, 'a'),
        claim: await tx.getClaim(id),
      }));
    }
    case 'vote':
    case 'comment':
    case 'tag':
    case 'claim':
    case 'evidence':
    case 'replaceEvidence': {
      const post = choose(livePosts, cmd.post);
      if (post === undefined) return null;
      const id = post.id;
      switch (cmd.op) {
        case 'vote':
          return step({ id }, (tx) => tx.insertVote({ post_id: id, voter_id: cmd.voter, created_at: cmd.when }), (result) => {
            if (result === true) known.raw.votes.set(`${id}:${cmd.voter}`, { post: id, voter: cmd.voter, at: cmd.when });
          });
        case 'comment': {
          const siblings = known.comments.filter((comment) => comment.post === id);
          const parent = cmd.parent === null ? null : (choose(siblings, cmd.parent)?.id ?? null);
          const row = newComment(id, { parent_comment_id: parent, hidden: cmd.hidden, created_at: cmd.when });
          return step({ id, parent }, (tx) => tx.insertComment(row), (result) => {
            known.comments.push({ id: (result as { id: number }).id, post: id });
            known.raw.comments.push({ post: id, at: (result as CommentRecord).created_at });
          });
        }
        case 'tag':
          return step(
            { id },
            async (tx) => {
              const tags = await tx.ensureTags(post.board, cmd.names);
              await tx.setPostTags(id, tags.map((tag) => tag.id));
              return tags;
            },
            (result) => {
              for (const { id: tagId } of result as { id: number }[]) if (!known.tags.includes(tagId)) known.tags.push(tagId);
            },
          );
        case 'claim': {
          const request = { post_id: id, api_key_id: cmd.key, now: cmd.now, expires_at: plusHours(cmd.now, cmd.hours) };
          return step({ id }, (tx) => tx.claimPost(cmd.label === null ? request : { ...request, agent_label: cmd.label }));
        }
        case 'evidence':
          return step({ id }, (tx) => tx.insertEvidence(newEvidence(id, { added_at: cmd.when, action_key: cmd.actionKey })));
        case 'replaceEvidence':
          return step({ id }, (tx) => tx.replaceEvidence(id, cmd.refs.map((ref) => newEvidence(id, { ref, added_at: cmd.when }))));
      }
      return null;
    }
    case 'hideComment':
    case 'unreact': {
      const comment = choose(known.comments, cmd.comment);
      if (comment === undefined) return null;
      const id = comment.id;
      if (cmd.op === 'hideComment') return step({ id }, (tx) => tx.updateComment(id, { hidden: cmd.hidden }));
      return step({ id }, (tx) => tx.deleteReaction(id, cmd.voter, cmd.reaction));
    }
    case 'react': {
      const comment = choose(liveComments, cmd.comment);
      if (comment === undefined) return null;
      const row = { comment_id: comment.id, voter_id: cmd.voter, reaction: cmd.reaction, created_at: onDay(0) };
      return step({ id: comment.id }, (tx) => tx.insertReaction(row));
    }
    case 'listPosts': {
      const tagId = cmd.tag === null ? undefined : choose(known.tags, cmd.tag);
      const query = {
        sort: cmd.sort,
        limit: cmd.limit,
        offset: cmd.offset,
        ...(cmd.status === null ? {} : { status: cmd.status }),
        ...(cmd.search === null ? {} : { search: cmd.search }),
        ...(tagId === undefined ? {} : { tagId }),
      };
      return step({ tagId }, (tx) => tx.listPosts(cmd.board, query));
    }
    case 'queue':
      return step({}, (tx) => tx.listQueue(cmd.board, { apiKeyId: cmd.key, now: cmd.now, limit: cmd.limit }));
    case 'roadmap':
      return step({}, (tx) => tx.listRoadmap(cmd.board, { limit: cmd.limit, offset: cmd.offset }));
    case 'changelog':
      return step({}, (tx) => tx.listChangelog(cmd.board, { limit: cmd.limit, offset: cmd.offset }));
    case 'shipStats':
      return step({}, (tx) => tx.shipStats(cmd.board, cmd.window));
    case 'analytics':
      return step({}, (tx) => tx.analytics(cmd.board, cmd.window));
    case 'inspectAll': {
      const postIds = known.posts.map((post) => post.id);
      const commentIds = known.comments.map((comment) => comment.id);
      return step({ postIds, commentIds }, async (tx) => ({
        tags: await tx.getTagsOfPosts(postIds),
        claims: await tx.getClaims(postIds),
        reactions: await tx.getReactionCounts(commentIds),
      }));
    }
  }
}

/**
 * Deleting a post into the trash (any post: a deleted one answers null) and restoring one (any
 * post ever made: one that is not in the trash answers null), the raw rows following the post.
 */
function planTrash(
  cmd: Extract<Command, { op: 'trashPost' | 'restorePost' }>,
  known: Known,
  step: (resolved: object, run: Step['run'], learn?: Step['learn']) => Step,
): Step | null {
  const post = choose(known.posts, cmd.post);
  if (post === undefined) return null;
  const id = post.id;
  const trashed = (known.trashed ??= new Map());
  if (cmd.op === 'trashPost') {
    const deletion = { organization_id: 1, deleted_at: cmd.when, actor_kind: 'api_key' as const, actor_id: 1 };
    return step({ id }, (tx) => tx.trashPost(id, deletion), (result) => {
      if (result === null) return;
      post.live = false;
      const votes = new Map([...known.raw.votes].filter(([, vote]) => vote.post === id));
      for (const key of votes.keys()) known.raw.votes.delete(key);
      trashed.set(id, { post: known.raw.posts.get(id)!, votes, comments: known.raw.comments.filter((comment) => comment.post === id) });
      known.raw.posts.delete(id);
      known.raw.comments = known.raw.comments.filter((comment) => comment.post !== id);
    });
  }
  return step({ id }, (tx) => tx.restoreDeletedPost(1, id), (result) => {
    if (result === null || typeof result === 'string') return;
    const rows = trashed.get(id)!;
    trashed.delete(id);
    post.live = true;
    known.raw.posts.set(id, rows.post);
    for (const [key, vote] of rows.votes) known.raw.votes.set(key, vote);
    known.raw.comments.push(...rows.comments);
  });
}

/**
 * Sets `storage` up and runs every write of `commands` on it, one transaction each; returns what
 * they created.
 */
export async function runSequence(storage: Storage, commands: readonly Command[]): Promise<Known> {
  await setUp(storage);
  const known: Known = { posts: [], comments: [], tags: [], raw: emptyRawRows() };
  for (const cmd of commands) {
    const step = plan(cmd, known);
    if (step !== null) step.learn?.(await storage.transaction('write', step.run));
  }
  return known;
}

/** The same organization, boards, keys and voters in every storage. */
export async function setUp(storage: Storage): Promise<void> {
  await storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization(newOrganization());
    for (const id of BOARDS) await tx.insertBoard(newBoard(org.id, { slug: `board-${id}` }));
    for (let i = 1; i <= KEYS; i++) await tx.insertApiKey(newApiKey(org.id, { label: `key-${i}`, hash: `hash-${i}` }));
    for (let i = 1; i <= VOTERS; i++) await tx.insertVoter(newVoter(org.id, { name: `voter-${i}` }));
  });
}

