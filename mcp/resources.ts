/**
 * MCP resources: the organization's published boards and their visible posts, as JSON, read
 * through the same API the tools call (so the key's scope and organization apply as for a tool
 * call). Drafts and hidden posts are never listed nor read: a resource is what the board's public
 * face could show.
 *
 * URIs (docs/mcp.md#resources):
 * - `feedback-board://boards/{slug}`: the board;
 * - `feedback-board://boards/{slug}/tags`: its tags in use by visible posts, with their counts;
 * - `feedback-board://boards/{slug}/statuses`: visible posts per status, in roadmap order, and
 *   per label (the organization's status) each status's posts show;
 * - `feedback-board://boards/{slug}/posts/{id}`: one post with evidence, claim and proposal.
 *
 * `resources/list` walks boards oldest first and, per board, the three board resources and then
 * its posts newest first, in pages of {@link RESOURCE_PAGE_SIZE} with an opaque cursor.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { ErrorCode, ListResourcesRequestSchema, McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { isFeedbackBoardError } from '../src/domain/errors.js';
import { POST_STATUSES } from '../src/domain/records.js';
import type { Board, Post, PostDetail, PostList } from '../src/domain/responses.js';
import { errorText, type McpApi } from './call.js';
import { decodeCursor, encodeCursor } from './cursor.js';

/** Resources per `resources/list` page. */
export const RESOURCE_PAGE_SIZE = 50;

/** JSON-RPC code of a resource that does not exist (MCP specification, resources). */
const RESOURCE_NOT_FOUND = -32002;
const BASE = 'feedback-board://boards';
/** Posts per API request when a board's posts are walked (the API's largest page). */
const POSTS_PER_REQUEST = 100;

type Call = (...args: unknown[]) => Promise<unknown>;
const call = (api: McpApi, group: string, method: string) => api[group]![method] as Call;

/** Where a listing resumes: a board (by id) and an index into its resources. */
interface Position {
  board: number;
  index: number;
}

function isPosition(value: unknown): value is Position {
  const v = value as Position;
  return Number.isSafeInteger(v?.board) && Number.isSafeInteger(v?.index) && v.index >= 0;
}

function notFound(uri: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `Resource ${uri} not found: call resources/list for the resources you may read`);
}

/**
 * Runs API reads for `uri` (undefined for a listing). An API `not_found` becomes the resource's
 * not-found error; any other API error keeps its code and text (a 429 says when to retry: over
 * HTTP each API request of a read counts against the key's limit, as a tool call's does).
 */
async function throughApi<T>(uri: string | undefined, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code === 'internal_error') throw error;
    if (uri !== undefined && error.code === 'not_found') throw notFound(uri);
    throw new McpError(ErrorCode.InvalidRequest, errorText(error));
  }
}

async function publishedBoards(api: McpApi): Promise<Board[]> {
  const { boards } = (await call(api, 'boards', 'list')()) as { boards: Board[] };
  return boards.filter((board) => board.published);
}

async function publishedBoard(api: McpApi, uri: string, slug: string): Promise<Board> {
  const board = (await throughApi(uri, () => call(api, 'boards', 'get')(slug))) as Board;
  if (!board.published) throw notFound(uri);
  return board;
}

function postsPage(api: McpApi, slug: string, offset: number, limit: number): Promise<PostList> {
  return call(api, 'posts', 'list')(slug, { sort: 'new', offset: String(offset), limit: String(limit) }) as Promise<PostList>;
}

/** Every visible post of a board, for the tag and status summaries. */
async function visiblePosts(api: McpApi, slug: string): Promise<Post[]> {
  const posts: Post[] = [];
  for (let offset = 0; ; offset += POSTS_PER_REQUEST) {
    const page = await postsPage(api, slug, offset, POSTS_PER_REQUEST);
    posts.push(...page.posts.filter((post) => !post.hidden));
    if (offset + POSTS_PER_REQUEST >= page.total) return posts;
  }
}

/** The labels (the organization's statuses) `posts` show, each with its count of them, by id. */
function labelCounts(posts: readonly Post[]): { id: number; name: string; color: string; post_count: number }[] {
  const counts = new Map<number, { id: number; name: string; color: string; post_count: number }>();
  for (const { status_label: label } of posts) {
    const entry = counts.get(label.id) ?? { ...label, post_count: 0 };
    entry.post_count += 1;
    counts.set(label.id, entry);
  }
  return [...counts.values()].sort((a, b) => a.id - b.id);
}

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] });

function boardResources(board: Board): Resource[] {
  const uri = `${BASE}/${board.slug}`;
  return [
    { uri, name: board.slug, title: board.name, description: board.description || `The board ${board.name}.`, mimeType: 'application/json' },
    { uri: `${uri}/tags`, name: `${board.slug}/tags`, title: `${board.name}: tags`, description: 'Tags in use on visible posts, with post counts.', mimeType: 'application/json' },
    { uri: `${uri}/statuses`, name: `${board.slug}/statuses`, title: `${board.name}: statuses`, description: 'Visible posts per status, and per label within each.', mimeType: 'application/json' },
  ];
}

function postResource(slug: string, post: Post): Resource {
  const description = `A post in status "${post.status_label.name}" (${post.status}) with ${post.vote_count} votes.`;
  return { uri: `${BASE}/${slug}/posts/${post.id}`, name: `${slug}/posts/${post.id}`, title: post.title, description, mimeType: 'application/json' };
}

/**
 * One page of resources from `from`: the board resources count as indexes 0 to 2 of a board and
 * its posts follow at 3 + their offset in the API's newest-first list (hidden ones skipped).
 */
async function listPage(api: McpApi, from: Position | undefined): Promise<{ resources: Resource[]; nextCursor?: string }> {
  const resources: Resource[] = [];
  const boards = await publishedBoards(api);
  // A board deleted or unpublished since the cursor was made: resume at the next one.
  const start = from === undefined ? 0 : boards.findIndex((board) => board.id >= from.board);
  if (start === -1) return { resources };
  for (let b = start; b < boards.length; b += 1) {
    const board = boards[b]!;
    let index = from !== undefined && board.id === from.board ? from.index : 0;
    const fixed = boardResources(board);
    while (index < fixed.length) {
      if (resources.length === RESOURCE_PAGE_SIZE) return { resources, nextCursor: encodeCursor({ board: board.id, index }) };
      resources.push(fixed[index]!);
      index += 1;
    }
    for (;;) {
      const room = RESOURCE_PAGE_SIZE - resources.length;
      if (room === 0) return { resources, nextCursor: encodeCursor({ board: board.id, index }) };
      const page = await postsPage(api, board.slug, index - fixed.length, room);
      resources.push(...page.posts.filter((post) => !post.hidden).map((post) => postResource(board.slug, post)));
      index += page.posts.length;
      if (index - fixed.length >= page.total || page.posts.length === 0) break;
    }
  }
  return { resources };
}

/**
 * The resources' URI templates, parsed once: a server is made for each request over HTTP, and
 * parsing them anew was 2% of a tools/call. A template is not changed once parsed.
 */
const templates = new Map<string, UriTemplate>();

/**
 * Registers the board, tags, statuses and post resources on `mcp` (reads through `api`) and
 * answers `resources/list` in pages with an opaque cursor.
 */
export function registerResources(mcp: McpServer, api: McpApi): void {
  const template = (path: string) => {
    let parsed = templates.get(path);
    if (parsed === undefined) templates.set(path, (parsed = new UriTemplate(`${BASE}/${path}`)));
    return new ResourceTemplate(parsed, { list: undefined });
  };
  const slugOf = (variables: Record<string, string | string[]>) => decodeURIComponent(String(variables['slug']));

  mcp.registerResource('board', template('{slug}'), { title: 'A board', description: 'A published board.', mimeType: 'application/json' }, async (uri, variables) =>
    json(uri.href, await publishedBoard(api, uri.href, slugOf(variables))));

  mcp.registerResource('board-tags', template('{slug}/tags'), { title: "A board's tags", description: 'Tags in use on visible posts, with post counts.', mimeType: 'application/json' }, async (uri, variables) => {
    const board = await publishedBoard(api, uri.href, slugOf(variables));
    const posts = await throughApi(uri.href, () => visiblePosts(api, board.slug));
    const counts = new Map<string, { id: number; name: string; slug: string; post_count: number }>();
    for (const post of posts) {
      for (const tag of post.tags) {
        const entry = counts.get(tag.slug) ?? { id: tag.id, name: tag.name, slug: tag.slug, post_count: 0 };
        entry.post_count += 1;
        counts.set(tag.slug, entry);
      }
    }
    return json(uri.href, { board: board.slug, tags: [...counts.values()].sort((a, b) => a.slug.localeCompare(b.slug)) });
  });

  mcp.registerResource('board-statuses', template('{slug}/statuses'), { title: "A board's statuses", description: 'Visible posts per status, in roadmap order, and per label within each.', mimeType: 'application/json' }, async (uri, variables) => {
    const board = await publishedBoard(api, uri.href, slugOf(variables));
    const posts = await throughApi(uri.href, () => visiblePosts(api, board.slug));
    const statuses = POST_STATUSES.map((status) => {
      const of = posts.filter((post) => post.status === status);
      return { status, post_count: of.length, labels: labelCounts(of) };
    });
    return json(uri.href, { board: board.slug, statuses });
  });

  mcp.registerResource('post', template('{slug}/posts/{id}'), { title: 'A post', description: 'A visible post with queue rank, evidence, claim and proposal.', mimeType: 'application/json' }, async (uri, variables) => {
    const slug = slugOf(variables);
    const id = Number(variables['id']);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound(uri.href);
    await publishedBoard(api, uri.href, slug);
    const post = (await throughApi(uri.href, () => call(api, 'posts', 'get')(slug, id))) as PostDetail;
    if (post.hidden) throw notFound(uri.href);
    return json(uri.href, post);
  });

  // Replaces the SDK's unpaged listing (resource templates have no list callbacks here).
  mcp.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const cursor = request.params?.cursor;
    const from = cursor === undefined ? undefined : decodeCursor(cursor, isPosition);
    if (from === null) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: call resources/list without a cursor to start over');
    return throughApi(undefined, () => listPage(api, from));
  });
}
