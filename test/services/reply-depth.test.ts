/**
 * Reply depth: the API refuses a reply past the maximum depth, and a chain deeper than that
 * (written straight into a storage, as an older version or another tool could have) is still
 * listed, deleted and never breaks the post.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REPLY_DEPTH } from '../../src/domain/limits.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { memoryAndSqlite } from '../helpers/stores.js';

/** Depth of the deepest reply in a comment list: a top-level comment is at depth 0. */
function deepest(comments: Array<{ replies: unknown[] }>): number {
  let max = -1;
  const stack = comments.map((c) => ({ c, depth: 0 }));
  while (stack.length > 0) {
    const { c, depth } = stack.pop()!;
    max = Math.max(max, depth);
    for (const r of c.replies as Array<{ replies: unknown[] }>) stack.push({ c: r, depth: depth + 1 });
  }
  return max;
}

function countAll(comments: Array<{ replies: unknown[] }>): number {
  let n = 0;
  const stack = [...comments];
  while (stack.length > 0) {
    const c = stack.pop()!;
    n += 1;
    stack.push(...(c.replies as Array<{ replies: unknown[] }>));
  }
  return n;
}

describe('the maximum reply depth over the API', () => {
  it(`accepts replies down to depth ${MAX_REPLY_DEPTH} and refuses one deeper with a 422 naming the limit`, async () => {
    const h = await createHarness({ http: { rateLimit: false } });
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Threads' });
    const path = `/boards/features/posts/${post.id}/comments`;
    let parent: number | undefined;
    for (let depth = 0; depth <= MAX_REPLY_DEPTH; depth++) {
      const r = await h.req('POST', path, { body: parent === undefined ? { body: `d${depth}` } : { body: `d${depth}`, parent_comment_id: parent } });
      expect(r.status).toBe(201);
      parent = r.json.id;
    }
    const before = await snapshot(h.board);
    const refused = await h.req('POST', path, { key: h.a.keys.propose, body: { body: 'too deep', parent_comment_id: parent } });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('validation_error');
    expect(refused.json.error.details[0].path).toBe('parent_comment_id');
    expect(refused.json.error.message).toContain(String(MAX_REPLY_DEPTH));
    expect(await snapshot(h.board)).toEqual(before);
    const list = await h.req('GET', path);
    expect(list.status).toBe(200);
    expect(deepest(list.json.comments)).toBe(MAX_REPLY_DEPTH);
  });
});

const CHAIN = 3000; // past the ~2,100 replies at which presenting the chain used to overflow the stack

describe.each(memoryAndSqlite)('a stored reply chain deeper than the maximum (%s)', (_name, open) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it(`lists ${CHAIN} nested replies (folded under the deepest level shown) and deletes the post`, async () => {
    const { storage, done } = open();
    const h = await createHarness({ storage, http: { rateLimit: false } });
    cleanup = async () => {
      await h.board.close();
      done();
    };
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Deep' });
    const ids = await storage.transaction('write', async (tx) => {
      const out: number[] = [];
      let parent: number | null = null;
      for (let i = 0; i < CHAIN; i++) {
        const c = await tx.insertComment({
          post_id: post.id, parent_comment_id: parent, body: `r${i}`, is_admin: false, hidden: false,
          voter_id: null, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        });
        out.push(c.id);
        parent = c.id;
      }
      return out;
    });
    const path = `/boards/features/posts/${post.id}`;
    const list = await h.req('GET', `${path}/comments`);
    expect(list.status).toBe(200);
    expect(countAll(list.json.comments)).toBe(CHAIN);
    expect(deepest(list.json.comments)).toBe(MAX_REPLY_DEPTH);
    // Every comment keeps its real parent id, whatever level it is shown at.
    const flat: Array<{ id: number; parent_comment_id: number | null; body: string }> = [];
    const stack = [...list.json.comments];
    while (stack.length > 0) {
      const c = stack.pop();
      flat.push(c);
      stack.push(...c.replies);
    }
    flat.sort((x, y) => x.id - y.id);
    expect(flat.map((c) => c.parent_comment_id)).toEqual([null, ...ids.slice(0, -1)]);
    // Folded replies stay in order under the deepest shown level.
    let level = list.json.comments[0];
    for (let d = 0; d < MAX_REPLY_DEPTH; d++) level = level.replies[0];
    expect(level.replies).toEqual([]);

    const replyTooDeep = await h.req('POST', `${path}/comments`, { body: { body: 'x', parent_comment_id: ids.at(-1) } });
    expect(replyTooDeep.status).toBe(422);

    expect((await h.req('DELETE', path)).status).toBe(204);
    expect((await h.req('GET', `${path}/comments`)).status).toBe(404);
    const left = await storage.transaction('read', async (tx) => Promise.all(ids.slice(0, 5).map((id) => tx.getComment(id))));
    expect(left).toEqual([null, null, null, null, null]);
  });
});
