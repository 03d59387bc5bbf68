/**
 * The MCP tools, derived from the operation table: one per operation, named by its row (`tool`) or
 * else in snake case (`claimNextPost` → `claim_next_post`), its description the row's summary and
 * guidance, its input schema the path parameters plus the request body or query, its output schema
 * the response schema, and annotations from the method and the row (`idempotent`, `destructive`).
 * A new row in the table is a new tool; nothing here names an operation. Tools whose query pages
 * (with `offset`, or with `before` and an answer's `next_before`) also take an opaque `cursor` and
 * answer `next_cursor` while more is left.
 */
import * as z from 'zod';
import type { Scope } from '../src/domain/records.js';
import { operations, type OperationSpec } from '../src/http/operation-schemas.js';
import { operationNames, type OperationName } from '../src/http/operations.js';
import { PATH_PARAM_DESCRIPTIONS, pathParamNames, type PathParamName } from '../src/http/path-params.js';

/** A JSON Schema object, as MCP carries it. */
export type JsonSchema = { type: 'object'; [key: string]: unknown };

/** One tool as `tools/list` shows it, plus what calling it needs. */
export interface ToolDefinition {
  /** The tool's name, e.g. `claim_next_post`. */
  name: string;
  /** The operation the tool calls. */
  operation: OperationName;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  /** The response schema; absent for operations that answer 204 with no body. */
  outputSchema?: JsonSchema;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
  /** The weakest scope that may call it; a key sees only the tools its scope allows. */
  scope: Scope;
  /** Path parameters the tool takes as fields, in path order. */
  pathParams: PathParamName[];
  /** Where the remaining fields go. */
  input: 'body' | 'query' | 'none';
  /**
   * How a list pages, if it does: by `offset` (with a `total`), or by `before` (the answer's
   * `next_before`). Such a tool also takes `cursor` and answers `next_cursor`.
   */
  paging: Paging | null;
}

/** How a list tool pages: see {@link ToolDefinition.paging}. */
export type Paging = 'offset' | 'before';

/** The tool name of an operation: its row's `tool`, else its name in snake case. */
export function toolName(operation: OperationName): string {
  return (operations[operation] as OperationSpec).tool ?? operation.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A path parameter as a tool's field: the slug a non-empty string, every id a positive integer. */
const pathField = (name: PathParamName) =>
  name === 'slug'
    ? { type: 'string', minLength: 1, description: PATH_PARAM_DESCRIPTIONS[name] }
    : { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: PATH_PARAM_DESCRIPTIONS[name] };

type Json = Record<string, unknown>;

const CURSOR_FIELD = { type: 'string', description: 'The next_cursor of the previous page, to get the next one (instead of offset or before).' } as const;
const NEXT_CURSOR_FIELD = { type: 'string', description: 'Pass as cursor, with the same other fields, for the next page; absent on the last page.' } as const;

/** A standalone JSON Schema without the draft marker (MCP clients validate with their own draft). */
function schemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** Query parameters typed as the service reads them (numbers as numbers), all optional. */
function queryProperties(spec: OperationSpec): Json {
  if (!spec.query) return {};
  return Object.fromEntries(Object.entries(spec.query.shape).map(([name, schema]) => [name, schemaOf(schema as z.core.$ZodType, 'output')]));
}

function inputSchema(spec: OperationSpec, pathParams: PathParamName[], paged: boolean): JsonSchema {
  const path = Object.fromEntries(pathParams.map((name) => [name, pathField(name)]));
  if (spec.body) {
    const body = schemaOf(spec.body, 'input');
    const required = [...pathParams, ...((body['required'] as string[] | undefined) ?? [])];
    return { ...body, type: 'object', properties: { ...path, ...(body['properties'] as Json) }, required, additionalProperties: false };
  }
  const cursor = paged ? { cursor: CURSOR_FIELD } : {};
  return { type: 'object', properties: { ...path, ...queryProperties(spec), ...cursor }, required: pathParams, additionalProperties: false };
}

function outputSchema(spec: OperationSpec, paged: boolean): JsonSchema | undefined {
  if (!spec.success.schema) return undefined;
  const schema = schemaOf(spec.success.schema, 'output');
  if (!paged) return { ...schema, type: 'object' };
  return { ...schema, type: 'object', properties: { ...(schema['properties'] as Json), next_cursor: NEXT_CURSOR_FIELD } };
}

function define(operation: OperationName): ToolDefinition {
  const spec: OperationSpec = operations[operation];
  const pathParams = pathParamNames(spec.path);
  const readOnly = spec.method === 'GET';
  const title = spec.summary.replace(/[;:(.].*$/s, '').trim();
  const description = `${spec.summary}${spec.guidance ? ` ${spec.guidance}` : ''} (${spec.method} ${spec.path}; needs a ${spec.scope} key.)`;
  const paging = pagingOf(spec);
  const paged = paging !== null;
  const output = outputSchema(spec, paged);
  return {
    name: toolName(operation),
    operation,
    title,
    description,
    inputSchema: inputSchema(spec, pathParams, paged),
    ...(output ? { outputSchema: output } : {}),
    annotations: {
      title,
      readOnlyHint: readOnly,
      destructiveHint: spec.destructive === true,
      idempotentHint: readOnly || spec.method === 'PUT' || spec.method === 'PATCH' || spec.method === 'DELETE' || spec.idempotent === true,
      openWorldHint: false,
    },
    scope: spec.scope,
    pathParams,
    input: spec.body ? 'body' : spec.query ? 'query' : 'none',
    paging,
  };
}

/** How an operation's list pages, from its query and response schemas. */
function pagingOf(spec: OperationSpec): Paging | null {
  if (spec.query?.shape['offset'] !== undefined) return 'offset';
  const answer = spec.success.schema as { shape?: Record<string, unknown> } | undefined;
  return spec.query?.shape['before'] !== undefined && answer?.shape?.['next_before'] !== undefined ? 'before' : null;
}

let cached: readonly ToolDefinition[] | undefined;

/** Every tool, in the order of the operation table (computed once). */
export function toolDefinitions(): readonly ToolDefinition[] {
  cached ??= operationNames.map(define);
  return cached;
}
