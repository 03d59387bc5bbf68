import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();

async function withPost(body: Record<string, unknown> = { title: 'Dark mode', body: 'Please', tags: ['UI'] }) {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', body);
  const path = `/boards/features/posts/${post.id}`;
  return { ...h, post, path };
}

describe('PATCH post', () => {
  it('changes only the fields sent; an empty body is a valid no-op', async () => {
    const h = await withPost();
    const empty = await h.req('PATCH', h.path, { raw: '' });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual(h.post);
    const noBody = await h.req('PATCH', h.path);
    expect(noBody.json).toEqual(h.post);
    expect((await h.req('PATCH', h.path, { body: {} })).json).toEqual(h.post);

    const r = await h.req('PATCH', h.path, { body: { title: '  Night mode ', pinned: true, queue_rank: 3 } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ...h.post, title: 'Night mode', pinned: true, queue_rank: 3 });
    expect((await h.req('GET', h.path)).json).toEqual(r.json);
    const unrank = await h.req('PATCH', h.path, { body: { queue_rank: null, body: '' } });
    expect(unrank.json).toMatchObject({ queue_rank: null, body: '', title: 'Night mode', pinned: true });
    expect((await h.req('PATCH', h.path, { body: { queue_rank: 0 } })).json.queue_rank).toBe(0);
  });

  it('replaces the tag set, merging case-insensitively with the board’s existing tags', async () => {
    const h = await withPost();
    const r = await h.req('PATCH', h.path, { body: { tags: ['ui', 'API', 'api'] } });
    expect(r.json.tags.map((t: { name: string }) => t.name)).toEqual(['UI', 'API']);
    expect(r.json.tags[0].id).toBe(h.post.tags[0].id);
    expect((await h.req('PATCH', h.path, { body: { tags: [] } })).json.tags).toEqual([]);
  });

  it('sets shipped_at on entering shipped, keeps it on shipped → shipped, clears it on leaving', async () => {
    const h = await withPost();
    h.clock.advance(5000);
    const shipped = await h.req('PATCH', h.path, { body: { status: 'shipped' } });
    expect(shipped.json).toMatchObject({ status: 'shipped', shipped_at: at(T0 + 5000) });
    h.clock.advance(5000);
    const same = await h.req('PATCH', h.path, { body: { status: 'shipped' } });
    expect(same.json.shipped_at).toBe(at(T0 + 5000));
    const back = await h.req('PATCH', h.path, { body: { status: 'open' } });
    expect(back.json).toMatchObject({ status: 'open', shipped_at: null });
    // Any status may move to any other.
    for (const status of ['declined', 'planned', 'in_progress', 'open', 'declined', 'shipped']) {
      expect((await h.req('PATCH', h.path, { body: { status } })).json.status).toBe(status);
    }
  });

  it('setting the current status keeps a pending proposal; a real change clears it', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'planned', note: 'ready' } });
    const same = await h.req('PATCH', h.path, { body: { status: 'open', notify_voters: true } });
    expect(same.json.proposal).toMatchObject({ status: 'planned', note: 'ready' });
    const changed = await h.req('PATCH', h.path, { body: { status: 'in_progress' } });
    expect(changed.json.proposal).toBeNull();
    expect((await h.req('GET', h.path)).json.proposal).toBeNull();
  });

  it('notify_voters sends one notification per voter, only on a real status change', async () => {
    const h = await withPost();
    const voters = await h.addVotes(h.post.id, 3);
    await h.req('PATCH', h.path, { body: { status: 'planned' } });
    await h.req('PATCH', h.path, { body: { status: 'in_progress', notify_voters: false } });
    await h.req('PATCH', h.path, { body: { status: 'in_progress', notify_voters: true } });
    await h.req('PATCH', h.path, { body: { title: 'x', notify_voters: true } });
    expect(h.notifier.notifications).toEqual([]);
    h.clock.advance(1000);
    await h.req('PATCH', h.path, { body: { status: 'shipped', notify_voters: true } });
    expect(h.notifier.notifications).toHaveLength(3);
    expect(h.notifier.notifications.map((n) => n.voter.id).sort()).toEqual([...voters].sort());
    for (const n of h.notifier.notifications) {
      expect(n).toMatchObject({
        organization_id: h.a.id,
        board_slug: 'features',
        post_id: h.post.id,
        post_title: 'x',
        old_status: 'in_progress',
        new_status: 'shipped',
        sent_at: at(T0 + 1000),
      });
    }
  });

  it('replacing evidence keeps added_at of entries equal in kind, ref and label; others get now', async () => {
    const h = await withPost();
    const ev = (kind: string, ref: string, label?: string) => ({ kind, ref, ...(label === undefined ? {} : { label }) });
    await h.req('POST', `${h.path}/evidence`, { body: ev('branch', 'feat/dark', 'branch') });
    h.clock.advance(1000);
    await h.req('POST', `${h.path}/evidence`, { body: ev('pr', 'https://git.example/pr/1') });
    h.clock.advance(1000);
    const r = await h.req('PATCH', h.path, {
      body: {
        implementation_evidence: [
          ev('branch', 'feat/dark', 'renamed'),
          ev('pr', 'https://git.example/pr/1', ''),
          ev('commit', 'abc123'),
        ],
      },
    });
    expect(r.status).toBe(200);
    // Shown oldest first: the kept entry before the new ones.
    expect(r.json.implementation_evidence).toEqual([
      { kind: 'pr', ref: 'https://git.example/pr/1', label: '', added_at: at(T0 + 1000) },
      { kind: 'branch', ref: 'feat/dark', label: 'renamed', added_at: at(T0 + 2000) },
      { kind: 'commit', ref: 'abc123', label: '', added_at: at(T0 + 2000) },
    ]);
    const cleared = await h.req('PATCH', h.path, { body: { implementation_evidence: [] } });
    expect(cleared.json.implementation_evidence).toEqual([]);
  });

  it('refuses read-only and unknown fields with 422 and changes nothing', async () => {
    const h = await withPost();
    for (const body of [{ vote_count: 9 }, { id: 7 }, { shipped_at: null }, { title: 'ok', hidden: true }, { claim: null }]) {
      const before = await snapshot(h.board);
      const r = await h.req('PATCH', h.path, { body });
      expect(r.status).toBe(422);
      expect(r.json.error.code).toBe('validation_error');
      expect(r.json.error.details.map((d: { message: string }) => d.message)).toContain('unknown field');
      expect(await snapshot(h.board)).toEqual(before);
    }
  });

  it('refuses bad values of each field with 422 naming the path', async () => {
    const h = await withPost();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: 'done' }, 'status'],
      [{ queue_rank: -1 }, 'queue_rank'],
      [{ queue_rank: 1.5 }, 'queue_rank'],
      [{ pinned: 'yes' }, 'pinned'],
      [{ notify_voters: 1 }, 'notify_voters'],
      [{ tags: 'UI' }, 'tags'],
      [{ tags: [''] }, 'tags.0'],
      [{ title: '   ' }, 'title'],
      [{ implementation_evidence: [{ kind: 'url', ref: 'not a url' }] }, 'implementation_evidence.0.ref'],
      [{ implementation_evidence: [{ kind: 'video', ref: 'x' }] }, 'implementation_evidence.0.kind'],
    ];
    const before = await snapshot(h.board);
    for (const [body, path] of cases) {
      const r = await h.req('PATCH', h.path, { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await snapshot(h.board)).toEqual(before);
  });
});
