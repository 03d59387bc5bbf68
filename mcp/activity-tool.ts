/**
 * The tool `get_post_activity`: a post's activity log (who did what to it, and when), newest
 * first, paged with an opaque `cursor`. The HTTP API has no operation for the log, so the tool is
 * not derived from the operation table: it is listed only when the API the server acts through
 * reads logs in-process (`(await board.api(key)).activity`, as `serve`'s `/mcp` and
 * `feedback-board mcp --db` give it), and not through the typed client of a remote deployment.
 */
import { FeedbackBoardError, isFeedbackBoardError, type ErrorDetail } from '../src/domain/errors.js';
import { ACTIVITY_KINDS } from '../src/domain/activity.js';
import type { Scope } from '../src/domain/records.js';
import { errorText, toolError, type McpApi, type McpLogger, type ToolResult } from './call.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { JsonSchema } from './tools.js';

/** What reads a post's log: `activity.list(slug, id, { limit?, before? })` of the in-process API. */
type ActivityList = (slug: string, id: number, query: { limit?: string; before?: string }) => Promise<{ entries: unknown[]; next_before: number | null }>;

/** The tool as `tools/list` shows it. */
export const ACTIVITY_TOOL = {
  name: 'get_post_activity',
  title: 'Get the activity of a post',
  description:
    "A post's history, newest first: who created it, changed its status, proposed, confirmed or rejected a status, claimed or released it, added evidence, merged, hid or commented, and when; each entry names its actor (an API key by label and prefix, the OAuth client acting through a key, a team member or a voter). Use it to see what other agents and the team already did on a post before working on it, or to explain a change; get_post shows the post as it is now. (Needs a read key.)",
  inputSchema: {
    type: 'object',
    properties: {
      slug: { type: 'string', minLength: 1, description: 'The board slug.' },
      id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The post id.' },
      limit: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Entries per page.' },
      cursor: { type: 'string', description: 'The next_cursor of the previous page, to get the older entries.' },
    },
    required: ['slug', 'id'],
    additionalProperties: false,
  } satisfies JsonSchema,
  outputSchema: {
    type: 'object',
    properties: {
      entries: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            kind: { type: 'string', enum: [...ACTIVITY_KINDS] },
            at: { type: 'string', format: 'date-time' },
            actor: { type: 'object', properties: { kind: { type: 'string', enum: ['api_key', 'team_member', 'voter', 'system'] } }, required: ['kind'] },
          },
          required: ['id', 'kind', 'at', 'actor'],
        },
      },
      next_cursor: { type: 'string', description: 'Pass as cursor, with the same slug and id, for older entries; absent on the last page.' },
    },
    required: ['entries'],
  } satisfies JsonSchema,
  annotations: { title: 'Get the activity of a post', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} as const;

/** The weakest scope that may call the tool. */
export const ACTIVITY_TOOL_SCOPE: Scope = 'read';

/** The log reader of `api`, or undefined when it has none (the typed client of a remote deployment). */
export function activityListOf(api: McpApi): ActivityList | undefined {
  const list = (api['activity'] as Record<string, unknown> | undefined)?.['list'];
  return typeof list === 'function' ? (list as ActivityList) : undefined;
}

const isPosition = (value: unknown): value is { before: number } =>
  Number.isSafeInteger((value as { before?: unknown } | null)?.before) && (value as { before: number }).before >= 1;

const invalid = (details: ErrorDetail[]) =>
  new FeedbackBoardError('validation_error', details.map((d) => `${d.path}: ${d.message}`).join('; '), { details });

/** The log reader's arguments from the tool's fields; a validation error names every bad field. */
function argumentsOf(raw: unknown): [string, number, { limit?: string; before?: string }] {
  const fields = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (fields === null) throw invalid([{ path: '', message: 'arguments must be an object' }]);
  const problems: ErrorDetail[] = [];
  const { slug, id, limit, cursor, ...rest } = fields;
  for (const name of Object.keys(rest)) problems.push({ path: name, message: 'is not a field of this tool' });
  if (typeof slug !== 'string' || slug === '') problems.push({ path: 'slug', message: 'must be a board slug' });
  if (!(Number.isSafeInteger(id) && (id as number) >= 1)) problems.push({ path: 'id', message: 'must be a post id (a positive integer)' });
  if (limit !== undefined && !Number.isSafeInteger(limit)) problems.push({ path: 'limit', message: 'must be an integer (a number, not text)' });
  const position = cursor === undefined ? null : typeof cursor === 'string' ? decodeCursor(cursor, isPosition) : null;
  if (cursor !== undefined && position === null) {
    problems.push({ path: 'cursor', message: 'is not a next_cursor of this tool; call without it to start from the newest entries' });
  }
  if (problems.length > 0) throw invalid(problems);
  const query: { limit?: string; before?: string } = {};
  if (limit !== undefined) query.limit = String(limit);
  if (position !== null) query.before = String(position.before);
  return [slug as string, id as number, query];
}

/** Runs the tool against `list`; never rejects. */
export async function callActivityTool(list: ActivityList, raw: unknown, logger: McpLogger): Promise<ToolResult> {
  const tool = { pathParams: ['slug', 'id'] as ('slug' | 'id')[] };
  try {
    const { entries, next_before } = await list(...argumentsOf(raw));
    const result = next_before === null ? { entries } : { entries, next_cursor: encodeCursor({ before: next_before }) };
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code !== 'internal_error') return toolError(error, tool);
    logger.error(`feedback-board mcp: ${ACTIVITY_TOOL.name} failed unexpectedly`, error);
    return { content: [{ type: 'text', text: errorText(new FeedbackBoardError('internal_error', 'Something went wrong on our side')) }], isError: true };
  }
}
