/**
 * The OpenAPI 3.1 document of the API, generated from the operation table and its zod schemas, so
 * it cannot drift from the handler: every operation with its parameters, request body, success
 * response and every error it can answer (docs/errors-scopes-limits.md), both ways of sending a key, and the
 * headers of the rate limit, 401 and 405 answers. Plain data, no Node built-ins.
 */
import * as z from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../domain/errors.js';
import { SCOPES } from '../domain/records.js';
import * as fieldsReq from '../domain/fields-requests.js';
import * as req from '../domain/requests.js';
import * as res from '../domain/responses.js';
import * as team from '../domain/team-responses.js';
import { operations, type OperationSpec } from './operation-schemas.js';
import { COMMON_ERRORS, operationNames, type OperationName } from './operations.js';
import { ERROR_WHEN, HEADERS, SECURITY_SCHEMES, describeApi } from './openapi-text.js';
import { PATH_PARAM_DESCRIPTIONS, pathParamNames } from './path-params.js';

/** Options of {@link createOpenApiDocument}. */
export interface OpenApiOptions {
  /** Where the API is mounted, as in the handler's `basePath`. Default `/api/v1`. */
  basePath?: string;
  /** The server the document names (`servers[0].url`), e.g. `https://feedback.example.com`. Default: none (same origin). */
  serverUrl?: string;
  /** `info.title`. Default `Feedback Board API`. */
  title?: string;
  /** `info.version`, the version of the document. Default `1.0.0` (the API of `/api/v1`). */
  version?: string;
}

/** A JSON object of the generated document (OpenAPI 3.1, JSON Schema 2020-12 schemas). */
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, unknown>> };

type Json = Record<string, unknown>;

/** Component names of the shared schemas; a schema not listed gets `<Operation>Response`/`Request`. */
const RESPONSE_NAMES = new Map<z.core.$ZodType, string>([
  [res.boardSchema, 'Board'],
  [res.boardListSchema, 'BoardList'],
  [res.tagSchema, 'Tag'],
  [res.evidenceSchema, 'Evidence'],
  [res.claimSchema, 'Claim'],
  [res.proposalSchema, 'Proposal'],
  [res.postSchema, 'Post'],
  [res.postDetailSchema, 'PostDetail'],
  [res.postListSchema, 'PostList'],
  [res.queueItemSchema, 'QueueItem'],
  [res.queueSchema, 'Queue'],
  [res.proposeStatusResultSchema, 'ProposeStatusResult'],
  [res.votesSchema, 'Votes'],
  [res.commentSchema, 'Comment'],
  [res.commentListSchema, 'CommentList'],
  [res.shipStatsSchema, 'ShipStats'],
  [res.analyticsSchema, 'Analytics'],
  [res.webhookSchema, 'Webhook'],
  [res.webhookListSchema, 'WebhookList'],
  [team.postActivitySchema, 'PostActivity'],
  [team.activityEntrySchema, 'ActivityEntry'],
  [team.activityActorSchema, 'ActivityActor'],
  [team.heldPostSchema, 'HeldPost'],
  [team.heldPostListSchema, 'HeldPostList'],
  [team.voterBlockSchema, 'VoterBlock'],
  [team.mailSettingsSchema, 'MailSettings'],
  [team.statusSchema, 'Status'],
  [team.statusListSchema, 'StatusList'],
  [res.statusLabelSchema, 'StatusLabel'],
  [res.fieldSchema, 'Field'],
  [res.fieldListSchema, 'FieldList'],
  [res.fieldValuesSchema, 'FieldValues'],
  [res.errorSchema, 'Error'],
]);

const REQUEST_NAMES = new Map<z.core.$ZodType, string>([
  [req.createBoardBody, 'CreateBoardRequest'],
  [req.createPostBody, 'CreatePostRequest'],
  [req.updatePostBody, 'UpdatePostRequest'],
  [req.evidenceItem, 'EvidenceInput'],
  [req.claimBody, 'ClaimRequest'],
  [req.addEvidenceBody, 'AddEvidenceRequest'],
  [req.proposeStatusBody, 'ProposeStatusRequest'],
  [req.createCommentBody, 'CreateCommentRequest'],
  [req.rejectHeldPostBody, 'RejectHeldPostRequest'],
  [req.updateMailSettingsBody, 'UpdateMailSettingsRequest'],
  [req.createStatusBody, 'CreateStatusRequest'],
  [req.updateStatusBody, 'UpdateStatusRequest'],
  [fieldsReq.updateFieldsBody, 'UpdateFieldsRequest'],
]);

const capitalize = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Drops the keys a standalone JSON Schema carries but an embedded one must not. */
function embedded(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** Every named schema in one registry, converted in one pass so shared ones become `$ref`s. */
function componentSchemas(named: Map<z.core.$ZodType, string>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, embedded(schema as Json)]));
}

function pathParameters(path: string): Json[] {
  return pathParamNames(path).map((name) =>
    name === 'slug'
      ? { name, in: 'path', required: true, description: PATH_PARAM_DESCRIPTIONS[name], schema: { type: 'string' } }
      : {
          name,
          in: 'path',
          required: true,
          description: `${PATH_PARAM_DESCRIPTIONS[name]} Anything but a positive integer names nothing (404).`,
          schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        },
  );
}

/** Query parameters typed as the service reads them (the parsed side of each string pipe). */
function queryParameters(spec: OperationSpec): Json[] {
  if (!spec.query) return [];
  return Object.entries(spec.query.shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    description:
      name === 'q'
        ? 'Case-insensitive substring of title or body; every character is literal; empty means no filter. Send at most once.'
        : 'An empty value is invalid; send at most once (a repeated parameter is a 422).',
    schema: embedded(z.toJSONSchema(schema as z.core.$ZodType, { io: 'output' }) as Json),
  }));
}

const rateLimitHeaders = { RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } };

function errorHeaders(status: number): Json {
  if (status === 401) return { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } };
  if (status === 429) return { ...rateLimitHeaders, 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
  return rateLimitHeaders;
}

/** `not_found` → `NotFound`; several codes of one status → `InsufficientScopeOrPublishDisabled`. */
const responseNameOf = (codes: readonly ErrorCode[]) =>
  codes.map((code) => code.split('_').map(capitalize).join('')).join('Or');

/** One error response: the envelope, with `code` narrowed to the codes of this status. */
function errorResponse(status: number, codes: readonly ErrorCode[]): Json {
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_WHEN[code]}`).join(' '),
    headers: errorHeaders(status),
    content: {
      'application/json': {
        schema: {
          allOf: [
            ref('Error'),
            { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } } } },
          ],
        },
      },
    },
  };
}

/**
 * An operation's responses: its success status(es), then one error response per status it can
 * answer, kept in `components.responses` (filled here) and referenced.
 */
function responses(
  name: OperationName,
  spec: OperationSpec,
  responseName: (schema: z.core.$ZodType) => string,
  errorResponses: Record<string, Json>,
): Json {
  const out: Json = {};
  const { status, schema, alsoStatus } = spec.success;
  const success = (description: string): Json =>
    schema
      ? { description, headers: rateLimitHeaders, content: { 'application/json': { schema: ref(responseName(schema)) } } }
      : { description, headers: rateLimitHeaders };
  const claim = name === 'claimPost';
  out[String(status)] = success(
    status === 204 ? 'Done; the body is empty.' : claim ? "A new claim, or one taken over after the previous holder's expired." : status === 201 ? 'Created.' : 'OK.',
  );
  if (alsoStatus !== undefined) out[String(alsoStatus)] = success(claim ? "The caller's own live claim, extended." : 'OK.');

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...spec.errors, ...COMMON_ERRORS])) {
    const codeStatus = ERROR_STATUS[code];
    byStatus.set(codeStatus, [...(byStatus.get(codeStatus) ?? []), code]);
  }
  for (const [codeStatus, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const component = responseNameOf(codes);
    errorResponses[component] ??= errorResponse(codeStatus, codes);
    out[String(codeStatus)] = { $ref: `#/components/responses/${component}` };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the API as served by a handler mounted at `basePath`.
 *
 * @example
 * ```ts
 * import { createOpenApiDocument } from 'feedback-board';
 *
 * const document = createOpenApiDocument({ serverUrl: 'https://feedback.example.com' });
 * console.log(Object.keys(document.paths)); // ['/api/v1/boards', '/api/v1/boards/{slug}', ...]
 * ```
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const responseNames = new Map(RESPONSE_NAMES);
  const requestNames = new Map(REQUEST_NAMES);
  for (const name of operationNames) {
    const spec: OperationSpec = operations[name];
    if (spec.success.schema && !responseNames.has(spec.success.schema)) responseNames.set(spec.success.schema, `${capitalize(name)}Response`);
    if (spec.body && !requestNames.has(spec.body)) requestNames.set(spec.body, `${capitalize(name)}Request`);
  }
  const responseName = (schema: z.core.$ZodType) => responseNames.get(schema)!;

  const paths: Record<string, Record<string, unknown>> = {};
  // The route answers (unknown path, known path with another method) belong to no operation.
  const errorResponses: Record<string, Json> = {
    NotFound: errorResponse(404, ['not_found']),
    MethodNotAllowed: {
      ...errorResponse(405, ['method_not_allowed']),
      headers: { ...rateLimitHeaders, Allow: { $ref: '#/components/headers/Allow' } },
    },
  };
  for (const name of operationNames) {
    const spec: OperationSpec = operations[name];
    const operation: Json = {
      operationId: name,
      summary: spec.summary,
      description: `Needs a key with \`${spec.scope}\` scope or stronger (${SCOPES.join(' < ')}).`,
      tags: [spec.client[0]],
      'x-scope': spec.scope,
    };
    const parameters = [...pathParameters(spec.path), ...queryParameters(spec)];
    if (parameters.length > 0) operation['parameters'] = parameters;
    if (spec.body) {
      const required = (z.toJSONSchema(spec.body, { io: 'input' }) as { required?: unknown[] }).required ?? [];
      operation['requestBody'] = {
        required: required.length > 0,
        description: 'JSON object; unknown fields are a 422. An absent or empty body counts as `{}`.',
        content: { 'application/json': { schema: ref(requestNames.get(spec.body)!) } },
      };
    }
    operation['responses'] = responses(name, spec, responseName, errorResponses);
    (paths[basePath + spec.path] ??= {})[spec.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: { title: options.title ?? 'Feedback Board API', version: options.version ?? '1.0.0', description: describeApi(basePath) },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl.replace(/\/+$/, '') }] }),
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: [...new Set(operationNames.map((name) => operations[name].client[0]))].map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas: { ...componentSchemas(responseNames, 'output'), ...componentSchemas(requestNames, 'input') },
      securitySchemes: SECURITY_SCHEMES,
      headers: HEADERS,
      responses: Object.fromEntries(Object.entries(errorResponses).sort(([a], [b]) => (a < b ? -1 : 1))),
    },
  };
}
