/**
 * `feedback-board/client`: a typed client for the feedback-board API, derived from the same
 * operation table and zod schemas as the server. It runs wherever `fetch` does (Node, browsers,
 * Bun, Deno, workers) and reaches any deployment: a server over HTTP, a board in-process through
 * `board.fetch`, or the mock server. It imports no service or storage code.
 *
 * ```ts
 * import { createClient, isFeedbackBoardError } from 'feedback-board/client';
 *
 * const client = createClient({
 *   baseUrl: 'https://feedback.example.com',
 *   apiKey: process.env.FEEDBACK_BOARD_KEY!,
 *   retry: { retries: 3 }, // 429s wait for Retry-After; nothing is retried without `retry`
 *   timeoutMs: 10_000,
 * });
 *
 * try {
 *   const { claim, created } = await client.agent.claim('features', 12, { agent_label: 'bot' });
 * } catch (error) {
 *   if (isFeedbackBoardError(error) && error.code === 'claim_conflict') {
 *     // another agent holds it
 *   }
 * }
 *
 * for await (const post of client.posts.listAll('features', { status: 'planned' })) {
 *   console.log(post.id, post.title);
 * }
 * ```
 *
 * Errors: every failure rejects with a {@link FeedbackBoardError}. Its `code` is the server's
 * (`not_found`, `claim_conflict`, `validation_error`...) with `status`, `message`, `details` and
 * `retryAfter` as answered; `http_error` when an error answer is not the API's JSON envelope;
 * `network_error` (status 0) when fetch fails; `timeout` (status 0) when `timeoutMs` passes.
 * An aborted call rejects with the signal's reason (an `AbortError` by default), not a
 * FeedbackBoardError.
 *
 * @module feedback-board/client
 */
export { createClient, type ClientOptions } from './create-client.js';
export { defaultSleep, type RetryOptions, type Sleep } from './retry.js';
export { errorFromResponse, parseRetryAfter, type FetchLike } from './http.js';
export type {
  ClaimOutcome,
  FeedbackBoardClient,
  GroupName,
  ListPostsQuery,
  OperationArgs,
  OperationGroups,
  OperationMethod,
  OperationResult,
  PageQuery,
  PagingMethods,
  PathArgs,
  QueryInput,
  RequestOptions,
} from './types.js';
export {
  FeedbackBoardError,
  isFeedbackBoardError,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
} from '../domain/errors.js';
export type {
  Analytics,
  Board,
  BoardList,
  Claim,
  ClaimNext,
  Comment,
  CommentList,
  Evidence,
  Post,
  PostDetail,
  PostList,
  Proposal,
  ProposeStatusResult,
  Queue,
  QueueItem,
  ShipStats,
  Tag,
  Votes,
  Webhook,
  WebhookList,
} from '../domain/responses.js';
export type {
  AddEvidenceInput,
  ClaimInput,
  CreateBoardInput,
  CreateCommentInput,
  CreatePostInput,
  ProposeStatusInput,
  UpdatePostInput,
} from '../domain/requests.js';
export type { OperationName, HttpMethod } from '../http/operations.js';
export type { PostStatus, EvidenceKind } from '../domain/records.js';
