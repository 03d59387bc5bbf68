/**
 * `serve`'s purge of deleted posts: the first run after its delay, then one per interval, never
 * two at once in a process; a failed run is logged and the next one runs; `stop()` cancels the
 * next run and waits for the one under way. Against a real board on a clock: a post deleted 30
 * days ago is purged by the job, one deleted since is not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPurgeJob } from '../../cli/purge-job.js';
import { createHarness } from '../helpers/harness.js';

afterEach(() => vi.useRealTimers());

describe('the purge job', () => {
  it('runs after its first delay, then once per interval, one run at a time; logs a failure and goes on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    let finish: (() => void) | undefined;
    const board = {
      purgeDeletedPosts: () => {
        runs++;
        if (runs === 2) return Promise.reject(new Error('disk on fire'));
        return new Promise<number>((done) => (finish = () => done(0)));
      },
    };
    const job = startPurgeJob(board, { firstRunMs: 100, intervalMs: 1000, logger: { error: (_m, e) => void errors.push(e) } });
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // A slow run: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('disk on fire')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    const stopped = job.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    finish!();
    await stopped;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
  });

  it("purges a real board's posts deleted 30 days ago by its clock, and keeps those deleted since", async () => {
    const h = await createHarness();
    await h.makeBoard('features');
    const old = await h.makePost('features', { title: 'Old' });
    const young = await h.makePost('features', { title: 'Young' });
    await h.req('DELETE', `/boards/features/posts/${old.id}`);
    h.clock.advance(2 * 86_400_000);
    await h.req('DELETE', `/boards/features/posts/${young.id}`);
    h.clock.advance(29 * 86_400_000);
    const job = startPurgeJob(h.board, { firstRunMs: 1, logger: { error: () => undefined } });
    await vi.waitFor(async () => expect((await h.board.team(h.a.id).api.posts.listDeleted()).total).toBe(1));
    await job.stop();
    expect((await h.board.team(h.a.id).api.posts.listDeleted()).deleted_posts.map((p) => p.id)).toEqual([young.id]);
  });
});
