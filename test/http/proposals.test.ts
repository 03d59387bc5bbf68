import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();

async function withPost() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode', status: 'planned' });
  const voters = await h.addVotes(post.id, 2);
  return { ...h, post, voters, path: `/boards/features/posts/${post.id}` };
}

describe('propose-status', () => {
  it('records a pending proposal: 200 { id, status (unchanged), proposal }; nothing changes publicly, nobody is notified', async () => {
    const h = await withPost();
    const r = await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      id: h.post.id,
      status: 'planned',
      proposal: { status: 'shipped', note: '', proposed_at: at(T0), proposed_by_api_key_id: h.a.keys.ids.propose, proposed_by_connection_id: null },
    });
    const detail = await h.req('GET', h.path);
    expect(detail.json).toMatchObject({ status: 'planned', shipped_at: null, proposal: r.json.proposal });
    expect((await h.req('GET', '/boards/features/changelog')).json.total).toBe(0);
    expect(h.notifier.notifications).toEqual([]);
  });

  it('a new proposal replaces the pending one', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped', note: 'done' } });
    h.clock.advance(1000);
    const r = await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.write, body: { status: 'declined', note: 'dup' } });
    expect(r.json.proposal).toEqual({ status: 'declined', note: 'dup', proposed_at: at(T0 + 1000), proposed_by_api_key_id: h.a.keys.ids.write, proposed_by_connection_id: null });
    expect((await h.req('GET', h.path)).json.proposal).toEqual(r.json.proposal);
  });

  it('proposing the current status is 422 status_unchanged and keeps a pending proposal', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    const before = await snapshot(h.board);
    const r = await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'planned', note: 'x' } });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('status_unchanged');
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('validates status (required, one of five) and note (0..2000), refusing unknown fields', async () => {
    const h = await withPost();
    const before = await snapshot(h.board);
    for (const body of [{}, { status: 'done' }, { status: 'open', note: 'n'.repeat(2001) }, { status: 'open', note: 3 }, { status: 'open', proposed_by_api_key_id: 1 }]) {
      const r = await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body });
      expect(r.status, JSON.stringify(body).slice(0, 50)).toBe(422);
      expect(r.json.error.code).toBe('validation_error');
    }
    expect(await snapshot(h.board)).toEqual(before);
    const max = await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'open', note: 'n'.repeat(2000) } });
    expect(max.status).toBe(200);
  });

  it('a propose key can never change the status directly: PATCH is 403 even with other fields beside status', async () => {
    const h = await withPost();
    const before = await snapshot(h.board);
    for (const body of [{ status: 'shipped' }, { status: 'shipped', title: 'x' }, { title: 'x' }, { status: 'shipped', notify_voters: true }, {}]) {
      const r = await h.req('PATCH', h.path, { key: h.a.keys.propose, body });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('insufficient_scope');
    }
    expect(await snapshot(h.board)).toEqual(before);
    expect(h.notifier.notifications).toEqual([]);
  });
});

describe('confirm and reject (dashboard side)', () => {
  it('confirm applies the status like a PATCH with notify_voters: shipped_at set, proposal cleared, voters notified', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    h.clock.advance(5000);
    const detail = await h.board.dashboard.proposals.confirm(h.post.id);
    expect(detail).toMatchObject({ status: 'shipped', shipped_at: at(T0 + 5000), proposal: null });
    expect((await h.req('GET', h.path)).json).toEqual(detail);
    expect(h.notifier.notifications.map((n) => [n.voter.id, n.old_status, n.new_status])).toEqual(
      h.voters.map((id) => [id, 'planned', 'shipped']),
    );
    await expect(h.board.dashboard.proposals.confirm(h.post.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('confirm with notifyVoters: false applies the status and notifies nobody', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'declined' } });
    const detail = await h.board.dashboard.proposals.confirm(h.post.id, { notifyVoters: false });
    expect(detail).toMatchObject({ status: 'declined', shipped_at: null, proposal: null });
    expect(h.notifier.notifications).toEqual([]);
  });

  it('confirming a proposal the status already matches changes nothing and notifies nobody', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    // The status reaches "shipped" without the proposal: a real change clears it.
    await h.req('PATCH', h.path, { body: { status: 'shipped' } });
    await expect(h.board.dashboard.proposals.confirm(h.post.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(h.notifier.notifications).toEqual([]);
  });

  it('reject drops the proposal and keeps the status; a second reject is not_found', async () => {
    const h = await withPost();
    await h.req('POST', `${h.path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    const detail = await h.board.dashboard.proposals.reject(h.post.id);
    expect(detail).toMatchObject({ status: 'planned', proposal: null, shipped_at: null });
    expect((await h.req('GET', h.path)).json.proposal).toBeNull();
    await expect(h.board.dashboard.proposals.reject(h.post.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(h.notifier.notifications).toEqual([]);
  });
});
