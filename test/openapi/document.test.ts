/**
 * The OpenAPI document: valid OpenAPI 3.1, exactly the operations of the table and of the API
 * specification, every error each operation can answer with the statuses of docs/errors-scopes-limits.md, both key
 * headers, and the committed docs/openapi.json equal to what the generator produces.
 */
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../src/domain/errors.js';
import { createOpenApiDocument } from '../../src/http/openapi.js';
import { operations } from '../../src/http/operation-schemas.js';
import { COMMON_ERRORS, operationNames } from '../../src/http/operations.js';
import { ResponseChecker } from './support.js';

type Json = Record<string, any>;

/** The endpoint tables of the API specification (section 4), as written there. */
const SPECIFIED_ENDPOINTS = [
  'GET /api/v1/boards',
  'GET /api/v1/boards/{slug}',
  'POST /api/v1/boards',
  'POST /api/v1/boards/{slug}/publish',
  'POST /api/v1/boards/{slug}/unpublish',
  'GET /api/v1/boards/{slug}/posts',
  'POST /api/v1/boards/{slug}/posts',
  'GET /api/v1/boards/{slug}/posts/{id}',
  'PATCH /api/v1/boards/{slug}/posts/{id}',
  'DELETE /api/v1/boards/{slug}/posts/{id}',
  'GET /api/v1/boards/{slug}/queue',
  'POST /api/v1/boards/{slug}/posts/{id}/claim',
  'DELETE /api/v1/boards/{slug}/posts/{id}/claim',
  'POST /api/v1/boards/{slug}/posts/{id}/evidence',
  'POST /api/v1/boards/{slug}/posts/{id}/propose-status',
  'GET /api/v1/boards/{slug}/posts/{id}/votes',
  'GET /api/v1/boards/{slug}/posts/{id}/comments',
  'POST /api/v1/boards/{slug}/posts/{id}/comments',
  'GET /api/v1/boards/{slug}/roadmap',
  'GET /api/v1/boards/{slug}/changelog',
  'GET /api/v1/boards/{slug}/ship-stats',
  'GET /api/v1/boards/{slug}/analytics',
  'GET /api/v1/webhooks',
];
/** Operations the project adds beyond the specification (docs/agent-workflow.md). */
const ADDED_ENDPOINTS = ['POST /api/v1/boards/{slug}/queue/claim', 'GET /api/v1/boards/{slug}/posts/similar', 'POST /api/v1/boards/{slug}/posts/{id}/merge',
  'POST /api/v1/boards/{slug}/posts/{id}/votes',
  'POST /api/v1/boards/{slug}/posts/{id}/votes/withdraw',
  'GET /api/v1/boards/{slug}/posts/{id}/activity',
  'PATCH /api/v1/boards/{slug}/posts/{id}/comments/{comment_id}',
  'DELETE /api/v1/boards/{slug}/posts/{id}/comments/{comment_id}',
  'POST /api/v1/boards/{slug}/posts/{deleted_post_id}/restore',
  'POST /api/v1/boards/{slug}/posts/{id}/links', 'GET /api/v1/boards/{slug}/posts/{id}/links',
  // The team scope's operations.
  'GET /api/v1/held-posts', 'GET /api/v1/held-posts/{held_post_id}', 'POST /api/v1/held-posts/{held_post_id}/approve',
  'POST /api/v1/held-posts/{held_post_id}/reject', 'POST /api/v1/voters/{voter_id}/block', 'DELETE /api/v1/voters/{voter_id}/block',
  'POST /api/v1/boards/{slug}/posts/{merged_post_id}/unmerge', 'POST /api/v1/boards/{slug}/posts/{id}/pin', 'DELETE /api/v1/boards/{slug}/posts/{id}/pin',
  'POST /api/v1/integrations/connections', 'GET /api/v1/integrations/connections', 'POST /api/v1/integrations/connections/{connection_id}/rotate-secret',
  'POST /api/v1/integrations/connections/{connection_id}/deactivate', 'POST /api/v1/integrations/connections/{connection_id}/test',
  'POST /api/v1/boards/{slug}/chat-targets', 'GET /api/v1/boards/{slug}/chat-targets',
  'POST /api/v1/boards/{slug}/chat-targets/{chat_target_id}/deactivate', 'GET /api/v1/mail-settings', 'PATCH /api/v1/mail-settings',
  'GET /api/v1/deleted-posts',
  // The organization's statuses: listed with read, managed by the team.
  'GET /api/v1/statuses', 'POST /api/v1/statuses', 'PATCH /api/v1/statuses/{status_id}', 'DELETE /api/v1/statuses/{status_id}',
  // Changelog entries the team writes about a board's shipped posts.
  'GET /api/v1/boards/{slug}/changelog/entries', 'POST /api/v1/boards/{slug}/changelog/entries',
  'PATCH /api/v1/boards/{slug}/changelog/entries/{entry_id}', 'DELETE /api/v1/boards/{slug}/changelog/entries/{entry_id}',
  // A board's custom fields: listed with read, replaced by the team.
  'GET /api/v1/boards/{slug}/fields', 'PUT /api/v1/boards/{slug}/fields',
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const doc = createOpenApiDocument() as Json;

function documentedOperations(document: Json): Array<{ key: string; operation: Json }> {
  return Object.entries<Json>(document['paths']).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

const resolveResponse = (entry: Json): Json =>
  typeof entry['$ref'] === 'string' ? doc['components']['responses'][entry['$ref'].split('/').pop() ?? ''] : entry;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is reported invalid by the same validator once broken (the check has teeth)', async () => {
    const broken = structuredClone(doc);
    broken['paths']['/api/v1/boards']['get']['responses']['200']['headers'] = 'none';
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it("lists exactly the operations of the table: those of the API specification, claim-next, similar posts, merge, votes on behalf of a company, a post's activity and the team's own", () => {
    const documented = documentedOperations(doc);
    const keys = documented.map((d) => d.key).sort();
    expect(keys).toEqual(operationNames.map((name) => `${operations[name].method} /api/v1${operations[name].path}`).sort());
    expect(keys).toEqual([...SPECIFIED_ENDPOINTS, ...ADDED_ENDPOINTS].sort());
    expect(documented.map((d) => d.operation['operationId']).sort()).toEqual([...operationNames].sort());
  });

  it('follows the basePath option', () => {
    const mounted = createOpenApiDocument({ basePath: '/feedback/', serverUrl: 'https://example.com/' }) as Json;
    expect(Object.keys(mounted['paths'])).toContain('/feedback/boards/{slug}/posts/{id}/claim');
    expect(Object.keys(mounted['paths']).every((path) => path.startsWith('/feedback/'))).toBe(true);
    expect(mounted['servers']).toEqual([{ url: 'https://example.com' }]);
  });

  it('answers every error code of the table plus the common ones, at the status of ERROR_STATUS', () => {
    for (const name of operationNames) {
      const spec = operations[name];
      const operation = doc['paths'][`/api/v1${spec.path}`][spec.method.toLowerCase()];
      const expected = new Map<number, Set<ErrorCode>>();
      for (const code of [...spec.errors, ...COMMON_ERRORS]) {
        const status = ERROR_STATUS[code];
        expected.set(status, new Set([...(expected.get(status) ?? []), code]));
      }
      const successStatuses = [spec.success.status, ...('alsoStatus' in spec.success ? [spec.success.alsoStatus] : [])];
      const statuses = Object.keys(operation.responses).map(Number).sort((a, b) => a - b);
      expect(statuses, name).toEqual([...successStatuses, ...expected.keys()].sort((a, b) => a - b));
      for (const [status, codes] of expected) {
        const response = resolveResponse(operation.responses[String(status)]);
        const codeSchema = response.content['application/json'].schema.allOf[1].properties.error.properties.code;
        expect(new Set(codeSchema.enum), `${name} ${status}`).toEqual(codes);
        expect(response.content['application/json'].schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  it('declares both ways of sending a key and requires one of them everywhere', () => {
    expect(doc['components']['securitySchemes']).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
    expect(doc['security']).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    for (const { operation } of documentedOperations(doc)) expect(operation['security']).toBeUndefined();
  });

  it('declares WWW-Authenticate on 401, Retry-After on 429, Allow on 405 and the rate-limit headers elsewhere', () => {
    const headersOf = (name: string) => Object.keys(doc['components']['responses'][name].headers);
    expect(headersOf('Unauthorized')).toEqual(['WWW-Authenticate']);
    expect(headersOf('RateLimited')).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
    expect(headersOf('MethodNotAllowed')).toContain('Allow');
    expect(headersOf('NotFound')).toEqual(['RateLimit', 'RateLimit-Policy']);
    for (const { key, operation } of documentedOperations(doc)) {
      for (const [status, entry] of Object.entries<Json>(operation['responses'])) {
        if (status.startsWith('2')) expect(Object.keys(entry['headers']), key).toEqual(['RateLimit', 'RateLimit-Policy']);
      }
    }
    expect(doc['components']['headers']['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer', minimum: 1 } });
  });

  it('types query parameters as the service parses them and bodies as clients send them', () => {
    const list = doc['paths']['/api/v1/boards/{slug}/posts']['get'];
    const param = (name: string) => list.parameters.find((p: Json) => p.name === name);
    expect(param('limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 100 });
    expect(param('offset').schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(param('sort').schema).toMatchObject({ enum: ['new', 'top'], default: 'new' });
    expect(param('q').schema).toMatchObject({ type: 'string', minLength: 0, maxLength: 200 });
    const queue = doc['paths']['/api/v1/boards/{slug}/queue']['get'];
    expect(queue.parameters.find((p: Json) => p.name === 'limit').schema.default).toBe(10);
    expect(param('slug')).toMatchObject({ in: 'path', required: true });

    const schemas = doc['components']['schemas'];
    expect(schemas['CreatePostRequest']).toMatchObject({
      required: ['title'],
      additionalProperties: false,
      properties: { title: { minLength: 1, maxLength: 200 }, tags: { maxItems: 20, items: { maxLength: 40 } } },
    });
    expect(schemas['ClaimRequest'].properties.ttl_seconds).toMatchObject({ type: 'integer', minimum: 1, maximum: 86400 });
    expect(schemas['UpdatePostRequest'].properties.implementation_evidence.items).toEqual({ $ref: '#/components/schemas/EvidenceInput' });
    expect(doc['paths']['/api/v1/boards']['post'].requestBody).toMatchObject({ required: true });
    expect(doc['paths']['/api/v1/boards/{slug}/posts/{id}/claim']['post'].requestBody).toMatchObject({ required: false });
    // Comments nest to any depth through a reference to themselves.
    expect(schemas['Comment'].properties.replies.items).toEqual({ $ref: '#/components/schemas/Comment' });
  });

  it('compiles every schema under ajv strict mode', () => {
    const checker = new ResponseChecker(doc);
    for (const name of Object.keys(doc['components']['schemas'])) {
      expect(() => checker.validator(`#/components/schemas/${name}`), name).not.toThrow();
    }
  });

  it('is committed up to date as docs/openapi.json (regenerate with npm run openapi)', async () => {
    const committed = await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(`${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
  });
});
