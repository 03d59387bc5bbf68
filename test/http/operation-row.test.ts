/**
 * What the compiler checks of every row of the operation table (`defineOperations`): schema names
 * that are exports of the request and response modules, and a service module with a function of
 * the operation's name that takes its path parameters and input and resolves to what its success
 * needs. The `@ts-expect-error` lines are the rows it must refuse; `npm test` type-checks every test
 * file beside the tests (scripts/test.mjs), so a check that stops refusing fails it.
 */
import { describe, expect, it } from 'vitest';
import { defineOperations } from '../../src/http/operation-row.js';
import { operationTable } from '../../src/http/operations.js';

describe('defineOperations', () => {
  it('returns the rows it is given, unchanged', () => {
    const rows = { getBoard: operationTable.getBoard, listPosts: operationTable.listPosts };
    expect(defineOperations(rows)).toBe(rows);
  });

  it('refuses rows naming what does not exist or cannot serve them', () => {
    // One call per row: the compiler reports a refused row of a call, not necessarily all of them.
    const refused = () => [
      // @ts-expect-error no service module named post
      defineOperations({ listPosts: { method: 'GET', path: '/boards/{slug}/posts', scope: 'read', summary: 's', service: 'post', client: ['posts', 'list'], query: 'listPostsQuery', success: { status: 200, schema: 'postListSchema' }, errors: [] } }),
      // @ts-expect-error the boards module has no getPost
      defineOperations({ getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', scope: 'read', summary: 's', service: 'boards', client: ['posts', 'get'], success: { status: 200, schema: 'postDetailSchema' }, errors: [] } }),
      // @ts-expect-error no request schema named createPostBod
      defineOperations({ createPost: { method: 'POST', path: '/boards/{slug}/posts', scope: 'propose', summary: 's', service: 'posts', client: ['posts', 'create'], body: 'createPostBod', success: { status: 201, schema: 'postDetailSchema' }, errors: [] } }),
      // @ts-expect-error no response schema named postDetailSchem
      defineOperations({ updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 's', service: 'posts', client: ['posts', 'update'], body: 'updatePostBody', success: { status: 200, schema: 'postDetailSchem' }, errors: [] } }),
      // @ts-expect-error claimPost's result has no field creatd to pick the status by
      defineOperations({ claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', scope: 'propose', summary: 's', service: 'agent', client: ['agent', 'claim'], body: 'claimBody', success: { status: 201, schema: 'claimSchema', alsoStatus: 200, statusFrom: 'creatd', bodyFrom: 'claim' }, errors: [] } }),
      // @ts-expect-error getPost needs a post id, which a path without one cannot give it
      defineOperations({ getPost: { method: 'GET', path: '/boards/{slug}/post', scope: 'read', summary: 's', service: 'posts', client: ['posts', 'get'], success: { status: 200, schema: 'postDetailSchema' }, errors: [] } }),
      // @ts-expect-error deletePost resolves to nothing, so it cannot answer with a body
      defineOperations({ deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 's', service: 'posts', client: ['posts', 'delete'], success: { status: 200, schema: 'boardSchema', statusFrom: 'created' }, errors: [] } }),
    ];
    expect(typeof refused).toBe('function');
  });
});
