/**
 * Type tests: the client's inputs and results are the zod schemas' types. The `expectTypeOf`
 * assertions and `@ts-expect-error` lines below are checked by the TypeScript compiler: `npm test`
 * type-checks every test file beside the tests (scripts/test.mjs), so a wrong type fails it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  createClient,
  type ClaimOutcome,
  type CreatePostInput,
  type ListPostsQuery,
  type Post,
  type RequestOptions,
} from '../../src/client/index.js';
import type * as req from '../../src/domain/requests.js';
import type * as res from '../../src/domain/responses.js';

const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: async () => new Response('{}') });

describe('types derived from the schemas', () => {
  it('posts.list: slug, a query typed from the query schema, options; a PostList', () => {
    expectTypeOf(client.posts.list).parameters.toEqualTypeOf<[slug: string, query?: ListPostsQuery, options?: RequestOptions]>();
    expectTypeOf<ListPostsQuery['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<ListPostsQuery['status']>>().toEqualTypeOf<'open' | 'planned' | 'in_progress' | 'shipped' | 'declined'>();
    expectTypeOf<NonNullable<ListPostsQuery['sort']>>().toEqualTypeOf<'new' | 'top'>();
    expectTypeOf(client.posts.list).returns.resolves.toEqualTypeOf<z.output<typeof res.postListSchema>>();
  });

  it('posts.create: the body is z.input of the request schema; the result a PostDetail', () => {
    expectTypeOf(client.posts.create).parameter(1).toEqualTypeOf<z.input<typeof req.createPostBody>>();
    expectTypeOf<CreatePostInput>().toEqualTypeOf<z.input<typeof req.createPostBody>>();
    expectTypeOf(client.posts.create).returns.resolves.toEqualTypeOf<z.output<typeof res.postDetailSchema>>();
  });

  it('posts.get takes a numeric id; posts.delete resolves to void', () => {
    expectTypeOf(client.posts.get).parameters.toEqualTypeOf<[slug: string, id: number, options?: RequestOptions]>();
    expectTypeOf(client.posts.delete).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(client.agent.release).returns.resolves.toEqualTypeOf<void>();
  });

  it('agent.claim: an optional body; the claim and whether it was created', () => {
    expectTypeOf(client.agent.claim).parameters.toEqualTypeOf<
      [slug: string, id: number, body?: z.input<typeof req.claimBody>, options?: RequestOptions]
    >();
    expectTypeOf(client.agent.claim).returns.resolves.toEqualTypeOf<ClaimOutcome>();
    expectTypeOf<ClaimOutcome['claim']>().toEqualTypeOf<z.output<typeof res.claimSchema>>();
  });

  it('agent, comments, stats and webhooks results come from their response schemas', () => {
    expectTypeOf(client.agent.proposeStatus).returns.resolves.toEqualTypeOf<z.output<typeof res.proposeStatusResultSchema>>();
    expectTypeOf(client.agent.queue).returns.resolves.toEqualTypeOf<z.output<typeof res.queueSchema>>();
    expectTypeOf(client.comments.list).returns.resolves.toEqualTypeOf<z.output<typeof res.commentListSchema>>();
    expectTypeOf(client.stats.analytics).returns.resolves.toEqualTypeOf<z.output<typeof res.analyticsSchema>>();
    expectTypeOf(client.webhooks.list).parameters.toEqualTypeOf<[options?: RequestOptions]>();
    expectTypeOf(client.boards.create).parameter(0).toEqualTypeOf<z.input<typeof req.createBoardBody>>();
  });

  it('listAll iterators yield posts', () => {
    expectTypeOf(client.posts.listAll).returns.toEqualTypeOf<AsyncGenerator<Post, void, undefined>>();
    expectTypeOf(client.changelog.listAll).parameters.toEqualTypeOf<
      [slug: string, query?: { limit?: number; offset?: number }, options?: RequestOptions]
    >();
  });

  it("attachments of posts and comments: the client's type is the shape the OpenAPI document gives", () => {
    type Shown = { id: number; url: string; filename: string; content_type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; size: number; width: number; height: number };
    expectTypeOf<Post['attachments'][number]>().toEqualTypeOf<Shown>();
    expectTypeOf<Awaited<ReturnType<typeof client.comments.list>>['comments'][number]['attachments'][number]>().toEqualTypeOf<Shown>();
    const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    for (const resource of ['Post', 'PostDetail', 'Comment']) {
      const items = document.components.schemas[resource].properties.attachments.items;
      expect(Object.keys(items.properties), resource).toEqual(['id', 'url', 'filename', 'content_type', 'size', 'width', 'height']);
      expect([...items.required].sort(), resource).toEqual(['content_type', 'filename', 'height', 'id', 'size', 'url', 'width']);
      expect(items.properties.content_type.enum, resource).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
      expect(['id', 'size', 'width', 'height'].map((name) => items.properties[name].type), resource).toEqual(['integer', 'integer', 'integer', 'integer']);
    }
  });

  it('refuses inputs the schemas refuse', () => {
    const refused = () => {
      // @ts-expect-error title is required
      void client.posts.create('features', { body: 'no title' });
      // @ts-expect-error post ids are numbers
      void client.posts.get('features', '1');
      // @ts-expect-error unknown body field
      void client.posts.update('features', 1, { vote_count: 3 });
      // @ts-expect-error ttl_seconds is a number
      void client.agent.claim('features', 1, { ttl_seconds: '60' });
      // @ts-expect-error no such period
      void client.stats.analytics('features', { period: '7d' });
      // @ts-expect-error no such evidence kind
      void client.agent.addEvidence('features', 1, { kind: 'patch', ref: 'x' });
      // @ts-expect-error no such group method
      void client.webhooks.create();
    };
    expect(typeof refused).toBe('function');
  });
});
