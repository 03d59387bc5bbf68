/**
 * Importing feedback from a CSV file (columns in docs/import.md) into one board of one
 * organization: posts, votes and threaded comments, voters found or created by e-mail, every
 * timestamp kept. The file is read and checked first, then written in ONE transaction of the
 * store: a bad row is named by its line and nothing of the file is stored. `importFeedback` takes
 * rows read from any format: every import passes the API's field rules there.
 */
import type { Readable } from 'node:stream';
import type { Storage, StorageTx } from '../storage/contract.js';
import { createBoardBody, createCommentBody, createPostBody } from '../domain/requests.js';
import { MAX_REPLY_DEPTH } from '../domain/limits.js';
import { voterInput } from '../services/comments.js';
import { orgInput } from '../services/dashboard.js';
import { CsvImportError, readFeedbackCsv, type CsvComment, type CsvFeedback } from './csv-rows.js';
import { schemaProblem } from './import-rules.js';

export { CsvImportError } from './csv-rows.js';

/** Where to import: an organization by name and a board of it by slug; each is created if absent. */
export interface CsvImportTarget {
  /** The organization's exact name. */
  organization: string;
  /** The board's slug (lower-case letters, digits and single hyphens); a created board is named by it. */
  board: string;
  /** The time a created organization, board or voter gets; the import's start by default. */
  now?: string;
}

/** What an import stored. */
export interface CsvImportResult {
  /** Posts stored. */
  posts: number;
  /** Votes stored: a voter's second vote for the same post is counted once. */
  votes: number;
  /** Vote rows that repeated a vote of the same voter for the same post (each counted once). */
  repeatedVotes: number;
  /** Comments stored, replies included. */
  comments: number;
  /** Voters created for e-mails the organization did not know yet. */
  votersCreated: number;
  /** True when no organization had the name, so the import created it. */
  organizationCreated: boolean;
  /** True when the organization had no board of the slug, so the import created it (unpublished). */
  boardCreated: boolean;
}

async function boardOf(tx: StorageTx, target: CsvImportTarget, now: string, result: CsvImportResult): Promise<number> {
  const organizations = await tx.listOrganizations();
  let organization = organizations.find(({ name }) => name === target.organization);
  if (organization === undefined) {
    organization = await tx.insertOrganization({ name: target.organization, created_at: now });
    result.organizationCreated = true;
  }
  const existing = await tx.getBoardBySlug(organization.id, target.board);
  if (existing !== null) return existing.id;
  result.boardCreated = true;
  const board = await tx.insertBoard({
    organization_id: organization.id, slug: target.board, name: target.board, description: '', welcome_message: '',
    published: false, logo_url: null, created_at: now,
  });
  return board.id;
}

/** Comments ordered so that every parent comes before its replies; refuses replies too deep. */
function threadOrder(comments: readonly CsvComment[]): CsvComment[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const depth = new Map<string, number>();
  const depthOf = (comment: CsvComment, seen: Set<string>): number => {
    const known = depth.get(comment.id);
    if (known !== undefined) return known;
    if (seen.has(comment.id)) throw new CsvImportError(`line ${comment.line}: comment '${comment.id}' is its own ancestor through parent_id`);
    seen.add(comment.id);
    const value = comment.parent_id === null ? 0 : depthOf(byId.get(comment.parent_id)!, seen) + 1;
    if (value > MAX_REPLY_DEPTH) throw new CsvImportError(`line ${comment.line}: a reply deeper than ${MAX_REPLY_DEPTH} levels`);
    depth.set(comment.id, value);
    return value;
  };
  for (const comment of comments) depthOf(comment, new Set());
  return [...comments].sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || a.line - b.line);
}

async function store(tx: StorageTx, feedback: CsvFeedback, comments: CsvComment[], target: CsvImportTarget, now: string): Promise<CsvImportResult> {
  const result: CsvImportResult = { posts: 0, votes: 0, repeatedVotes: 0, comments: 0, votersCreated: 0, organizationCreated: false, boardCreated: false };
  const boardId = await boardOf(tx, target, now, result);
  const organizationId = (await tx.getBoard(boardId))!.organization_id;
  const voters = new Map<string, number>();
  const voterOf = async (email: string, name: string): Promise<number> => {
    let id = voters.get(email) ?? (await tx.getVoterByEmail(organizationId, email))?.id;
    if (id === undefined) {
      id = (await tx.insertVoter({ organization_id: organizationId, email, name, created_at: now })).id;
      result.votersCreated += 1;
    }
    voters.set(email, id);
    return id;
  };
  const postIds = new Map<string, number>();
  for (const post of feedback.posts) {
    const stored = await tx.insertPost({
      board_id: boardId, title: post.title, body: post.body, status: post.status, is_admin: post.email === null, hidden: false,
      pinned: false, queue_rank: null, shipped_at: post.shipped_at, created_at: post.created_at, proposal: null,
    });
    postIds.set(post.id, stored.id);
    if (post.email !== null) await tx.insertPostAuthor({ post_id: stored.id, voter_id: await voterOf(post.email, post.name), created_at: post.created_at });
    result.posts += 1;
  }
  for (const vote of feedback.votes) {
    const voterId = await voterOf(vote.email, vote.name);
    if (await tx.insertVote({ post_id: postIds.get(vote.post_id)!, voter_id: voterId, created_at: vote.created_at })) result.votes += 1;
    else result.repeatedVotes += 1;
  }
  const commentIds = new Map<string, number>();
  for (const comment of comments) {
    const stored = await tx.insertComment({
      post_id: postIds.get(comment.post_id)!, parent_comment_id: comment.parent_id === null ? null : commentIds.get(comment.parent_id)!,
      body: comment.body, is_admin: comment.email === null, hidden: false,
      voter_id: comment.email === null ? null : await voterOf(comment.email, comment.name), created_at: comment.created_at,
    });
    commentIds.set(comment.id, stored.id);
    result.comments += 1;
  }
  return result;
}

function checkTarget(target: CsvImportTarget): void {
  if (target.organization.trim() === '') throw new CsvImportError('the organization name is empty');
  const named = schemaProblem(orgInput, { name: target.organization });
  if (named !== null) throw new CsvImportError(`the organization ${named}`);
  if (!createBoardBody.safeParse({ slug: target.board, name: target.board }).success) {
    throw new CsvImportError(`'${target.board}' is not a board slug (lower-case letters, digits and single hyphens)`);
  }
}

/** Refuses, naming its line, the first row whose fields the API would refuse (the same schemas). */
function checkFields(feedback: CsvFeedback): void {
  const author = (row: { email: string | null; name: string }) => (row.email === null ? null : schemaProblem(voterInput, { email: row.email, name: row.name }));
  const refuse = (line: number, problem: string | null) => {
    if (problem !== null) throw new CsvImportError(`line ${line}: ${problem}`);
  };
  for (const post of feedback.posts) refuse(post.line, schemaProblem(createPostBody, { title: post.title, body: post.body }) ?? author(post));
  for (const vote of feedback.votes) refuse(vote.line, author(vote));
  for (const comment of feedback.comments) refuse(comment.line, schemaProblem(createCommentBody, { body: comment.body }) ?? author(comment));
}

/**
 * Imports rows already read (from a CSV file, or another format read into the same rows) into
 * `storage`, in one write transaction, after holding each to the API's field rules.
 *
 * @throws {@link CsvImportError} for a bad row (its line) or a bad target; nothing was stored.
 */
export async function importFeedback(storage: Storage, feedback: CsvFeedback, target: CsvImportTarget): Promise<CsvImportResult> {
  checkTarget(target);
  checkFields(feedback);
  const comments = threadOrder(feedback.comments);
  const now = target.now ?? new Date().toISOString();
  return storage.transaction('write', (tx) => store(tx, feedback, comments, target, now));
}

/**
 * Imports the CSV file read from `input` into `storage`, in one write transaction.
 *
 * @throws {@link CsvImportError} for a bad file (the line of the first bad record) or a bad target;
 *   nothing was stored.
 */
export async function importFeedbackCsv(storage: Storage, input: Readable, target: CsvImportTarget): Promise<CsvImportResult> {
  checkTarget(target);
  return importFeedback(storage, await readFeedbackCsv(input), target);
}
