/**
 * Calling a tool: the tool's fields become the operation's path parameters and body or query, the
 * operation runs through the API the server was given, and its answer becomes structured content.
 * Every failure becomes a tool result with `isError: true` whose text holds the error's code and
 * message (and, for a 429, when to retry), and a second text block with what to do next; nothing a
 * caller sends can make the call throw. A list's `cursor` is its `offset` or `before`, opaque.
 */
import { FeedbackBoardError, isFeedbackBoardError, type ErrorDetail } from '../src/domain/errors.js';
import { operationTable, type OperationRow } from '../src/http/operations.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { nextStep } from './guidance.js';
import type { Paging, ToolDefinition } from './tools.js';

/**
 * The API the tools call: the typed client (`createClient(...)`), the in-process services
 * (`await board.api(key)`), or anything with their shape: `api[group][method](...path, input)`,
 * grouped as the operation table's `client` column says.
 */
export type McpApi = {
  /** A group of the table's `client` column (`boards`, `posts`, `agent`...). */
  readonly [group: string]: {
    /** The operation's method: path parameters first, then the body or query. */
    readonly [method: string]: (...args: never[]) => unknown;
  };
};

/** What a tool call answers, in MCP's terms. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Where unexpected failures are reported (never to the caller). */
export interface McpLogger {
  /** Reports an unexpected failure and its cause. */
  error(message: string, cause?: unknown): void;
}

type Fields = Record<string, unknown>;

/** The text of a failed call: `code: message`, the details, and for a 429 when to retry. */
export function errorText(error: FeedbackBoardError): string {
  const lines = [`${error.code}: ${error.message}`];
  for (const detail of error.details ?? ([] as ErrorDetail[])) lines.push(`  at ${detail.path}: ${detail.message}`);
  if (error.code === 'rate_limited') {
    const seconds = error.retryAfter ?? 1;
    lines.push(`Retry after ${seconds} second${seconds === 1 ? '' : 's'}.`);
  }
  return lines.join('\n');
}

/**
 * An error as a tool result: the error, then what to do next. Text only: MCP clients check any
 * structured content of a result, errors included, against the tool's output schema, which
 * describes success.
 */
export function toolError(error: FeedbackBoardError, tool: Pick<ToolDefinition, 'pathParams'>): ToolResult {
  const next = nextStep(error, tool.pathParams);
  const content: ToolResult['content'] = [{ type: 'text', text: errorText(error) }];
  if (next !== undefined) content.push({ type: 'text', text: next });
  return { content, isError: true };
}

/** Where a list's page starts, as its cursor carries it: an offset, or the entry id to go below. */
type PagePosition = { offset: number } | { before: number };

const positionOf = (paging: Paging) => (value: unknown): value is PagePosition => {
  const field = (value as Record<string, unknown> | null)?.[paging];
  return Number.isSafeInteger(field) && (field as number) >= (paging === 'offset' ? 0 : 1);
};

/** Replaces a list's `cursor` field by the `offset` or `before` it stands for. */
function cursorToPosition(fields: Fields, paging: Paging, problems: ErrorDetail[]): void {
  const cursor = fields['cursor'];
  if (cursor === undefined) return;
  delete fields['cursor'];
  const position = typeof cursor === 'string' ? decodeCursor(cursor, positionOf(paging)) : null;
  if (position === null) problems.push({ path: 'cursor', message: 'is not a next_cursor of this tool; call without it to start from the first page' });
  else if (fields[paging] !== undefined) problems.push({ path: 'cursor', message: `pass cursor or ${paging}, not both` });
  else fields[paging] = (position as Record<string, number>)[paging];
}

/**
 * Adds `next_cursor` to a page while items are left after it: a page by offset (`{ <items>: [...],
 * total }`) continues at the offset after its items, a page by `before` at its `next_before`.
 */
function withNextCursor(result: Record<string, unknown>, paging: Paging, offset: number): Record<string, unknown> {
  if (paging === 'before') {
    const before = result['next_before'];
    return typeof before === 'number' ? { ...result, next_cursor: encodeCursor({ before }) } : result;
  }
  const items = Object.values(result).find(Array.isArray);
  const total = result['total'];
  if (items === undefined || typeof total !== 'number' || items.length === 0) return result;
  const next = offset + items.length;
  return next < total ? { ...result, next_cursor: encodeCursor({ offset: next }) } : result;
}

const invalid = (details: ErrorDetail[]) =>
  new FeedbackBoardError('validation_error', details.map((d) => `${d.path}: ${d.message}`).join('; '), { details });

/** Splits a tool's fields into the positional path values and the body or query. */
function argumentsOf(tool: ToolDefinition, raw: unknown): unknown[] {
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw invalid([{ path: '', message: 'arguments must be an object' }]);
  }
  const fields: Fields = { ...(raw as Fields | undefined) };
  const problems: ErrorDetail[] = [];
  const path: unknown[] = [];
  for (const name of tool.pathParams) {
    const value = fields[name];
    delete fields[name];
    if (name === 'slug') {
      if (typeof value !== 'string' || value === '') problems.push({ path: 'slug', message: 'must be a board slug' });
    } else if (!(Number.isSafeInteger(value) && (value as number) >= 1)) {
      problems.push({ path: name, message: `must be ${name === 'id' ? 'a post id' : 'an id'} (a positive integer)` });
    }
    path.push(value);
  }
  if (tool.input === 'body') {
    if (problems.length > 0) throw invalid(problems);
    return [...path, fields];
  }
  const known = new Set(Object.keys((tool.inputSchema['properties'] as Fields | undefined) ?? {}));
  for (const name of Object.keys(fields)) if (!known.has(name)) problems.push({ path: name, message: 'is not a field of this tool' });
  if (tool.paging !== null) cursorToPosition(fields, tool.paging, problems);
  if (problems.length > 0) throw invalid(problems);
  if (tool.input === 'none') return path;
  // Query values travel as strings, exactly as in a URL, and the service parses and checks them;
  // each is first held to the type its schema names, so that nothing else is turned into text.
  const properties = tool.inputSchema['properties'] as Record<string, Fields>;
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const problem = queryValueProblem(value, properties[name]!);
    if (problem === null) query[name] = String(value);
    else problems.push({ path: name, message: problem });
  }
  if (problems.length > 0) throw invalid(problems);
  return [...path, query];
}

/** Why a query field's value does not fit its schema's type (or enum), or null when it does. */
function queryValueProblem(value: unknown, schema: Fields): string | null {
  const values = schema['enum'] as unknown[] | undefined;
  switch (schema['type']) {
    case 'integer':
      if (!Number.isSafeInteger(value)) return 'must be an integer (a number, not text)';
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return 'must be true or false';
      break;
    default:
      if (typeof value !== 'string') return 'must be a string';
  }
  if (values !== undefined && !values.includes(value)) return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return null;
}

/** Runs `tool` with `raw` arguments against `api`; never rejects. */
export async function callTool(api: McpApi, tool: ToolDefinition, raw: unknown, logger: McpLogger): Promise<ToolResult> {
  try {
    const { client, success } = operationTable[tool.operation] as OperationRow;
    const [group, method] = client;
    const fn = api[group]?.[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (fn === undefined) throw new Error(`the API given to the MCP server has no ${group}.${method}`);
    const args = argumentsOf(tool, raw);
    let result = await fn(...args);
    // Where the status tells part of the result (`agent.claim` answers `{ claim, created }`), the
    // operation's response is the field its row names (the claim).
    if (success.bodyFrom !== undefined) result = (result as Record<string, unknown>)[success.bodyFrom];
    if (tool.outputSchema === undefined) return { content: [{ type: 'text', text: 'Done.' }] };
    // The service accepted the offset, so it is a whole number in the query (absent: 0).
    if (tool.paging !== null) result = withNextCursor(result as Record<string, unknown>, tool.paging, Number((args.at(-1) as Record<string, string>)['offset'] ?? 0));
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> };
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code !== 'internal_error') return toolError(error, tool);
    logger.error(`feedback-board mcp: ${tool.name} failed unexpectedly`, error);
    return toolError(new FeedbackBoardError('internal_error', 'Something went wrong on our side'), tool);
  }
}
