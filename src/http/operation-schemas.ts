/**
 * The operation table with its schemas: every row of `operations.ts` with the names of its request
 * and response schemas replaced by the schemas themselves. This is what turns the table into JSON
 * Schema (the OpenAPI document, the MCP tools), and it is reached at run time only through
 * `feedback-board/openapi` and the MCP server: its response schemas are classic zod, which the
 * core and the client never carry (see docs/architecture.md, "The browser bundle").
 */
import type * as z from 'zod/mini';
import { globalRegistry } from 'zod/mini';
import type { ErrorCode } from '../domain/errors.js';
import type { Scope } from '../domain/records.js';
import * as apiRequests from '../domain/requests.js';
import * as changelogRequests from '../domain/changelog-requests.js';
import * as fieldsRequests from '../domain/fields-requests.js';
import * as apiResponses from '../domain/responses.js';
import * as teamResponses from '../domain/team-responses.js';
import { registerTextBounds } from '../domain/validation.js';
import type { HttpMethod, OperationRow, ServiceModuleName } from './operation-row.js';
import { operationNames, operationTable, type OperationName, type OperationTable } from './operations.js';

// Everything that turns the table's schemas into JSON Schema (the OpenAPI document, the MCP tools,
// an application's own `toJSONSchema`) reaches them through this module: the text fields' length
// bounds enter zod's global registry here, as classic zod's `.meta()` put them there.
registerTextBounds(globalRegistry);

/** One row of the operation table with its schemas. */
export interface OperationSpec {
  method: HttpMethod;
  /** Path below the base path; `{slug}` is a board slug, `{id}` a post id. */
  path: string;
  /** The weakest scope that may call it (createPost needs `write` for a status other than open). */
  scope: Scope;
  summary: string;
  /** Where the typed client and the in-process API put it: `client[group][method]`. */
  client: readonly [group: string, method: string];
  /** The query string's schema (`zod/mini`). */
  query?: z.ZodMiniObject;
  /** The JSON body's schema (`zod/mini`). */
  body?: z.core.$ZodType;
  /**
   * Success status and response schema (none for 204). An operation that answers `alsoStatus` too
   * picks it by its result's `statusFrom` field (false or null); with `bodyFrom`, the answer's body
   * is that field of the result, and the typed client puts the two back together.
   */
  success: { status: 200 | 201 | 204; schema?: z.core.$ZodType; alsoStatus?: 200; statusFrom?: string; bodyFrom?: string };
  /** Error codes the operation itself can answer, beyond those every operation can. */
  errors: readonly ErrorCode[];
  /** The service module whose function of the operation's name serves it. */
  service: ServiceModuleName;
  /** The MCP tool's name when it is not the operation's name in snake case. */
  tool?: string;
  /** When an agent should use the operation's MCP tool, and what to use instead. */
  guidance?: string;
  /** True for a `POST` whose repeat changes nothing. */
  idempotent?: true;
  /** True when it destroys data nothing restores. */
  destructive?: true;
}

/** The request schemas a row may name. */
const requests = { ...apiRequests, ...changelogRequests, ...fieldsRequests };

/** The response schemas a row may name. */
const responses = { ...apiResponses, ...teamResponses };

type Requests = typeof requests;
type Responses = typeof responses;

/** A row's success with its response schema in place of the schema's name. */
type SuccessWithSchema<S> = { readonly [K in keyof S]: K extends 'schema' ? Responses[S[K] & keyof Responses] : S[K] };

/** A row with its schemas in place of their names. */
export type WithSchemas<R> = {
  readonly [K in keyof R]: K extends 'body' | 'query' ? Requests[R[K] & keyof Requests] : K extends 'success' ? SuccessWithSchema<R[K]> : R[K];
};

/** The type of {@link operations}: every row with its literal method, path and schema types. */
export type Operations = { readonly [N in keyof OperationTable]: WithSchemas<OperationTable[N]> };

function withSchemas(row: OperationRow): OperationSpec {
  const { body, query, success: { schema, ...answer }, ...rest } = row;
  const spec: OperationSpec = { ...rest, success: schema === undefined ? answer : { ...answer, schema: responses[schema] } };
  if (body !== undefined) spec.body = requests[body];
  if (query !== undefined) spec.query = requests[query] as z.ZodMiniObject;
  return spec;
}

/**
 * The API's operations by name with their schemas: method, path, scope, request and response
 * schemas, success status and errors.
 *
 * @example
 * ```ts
 * const { method, path, scope } = operations.claimPost; // 'POST', '/boards/{slug}/posts/{id}/claim', 'propose'
 * ```
 */
export const operations = Object.fromEntries(
  operationNames.map((name: OperationName) => [name, withSchemas(operationTable[name])]),
) as unknown as Operations;
