/**
 * `serve`'s scheduled jobs, the purge of deleted posts and the publishing of changelog entries: the first run after its delay, then one per interval, never
 * two at once in a process; a failed run is logged and the next one runs; `stop()` cancels the
 * next run and waits for the one under way. Against a real board on a clock: a post deleted 30
 * days ago is purged by the job, one deleted since is not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startChangelogJob, startPurgeJob } from '../../cli/purge-job.js';
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
    const recovered: string[] = [];
    const logger = { error: (_m: string, e?: unknown) => void errors.push(e), info: (m: string) => void recovered.push(m) };
    const job = startPurgeJob(board, { firstRunMs: 100, intervalMs: 1000, logger });
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
    expect(recovered).toEqual([]);
    const stopped = job.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    finish!();
    await stopped;
    // The run after the failure worked: said once, with how many attempts failed.
    expect(recovered).toEqual([expect.stringMatching(/^deleted posts: purging those past 30 days works again, after 1 failed attempt over /)]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
  });

  it('reports a job failing again and again, as while the store is away, once', async () => {
    vi.useFakeTimers();
    const messages: string[] = [];
    const board = { publishDueChangelogEntries: () => Promise.reject(new Error('store away')) };
    const job = startChangelogJob(board, { firstRunMs: 1, intervalMs: 10, logger: { error: (m) => void messages.push(m), info: (m) => void messages.push(m) } });
    await vi.advanceTimersByTimeAsync(100);
    expect(messages).toEqual(['changelog entries: publishing due ones failed; retrying quietly until it works or fails otherwise']);
    await job.stop();
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

  it("publishes a real board's changelog entry when its time comes by the clock, once, with its mail", async () => {
    const h = await createHarness();
    await h.makeBoard('features');
    const post = await h.makePost('features', { title: 'Dark mode', status: 'shipped' });
    const ann = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
    await h.board.voters.follow(ann.id, post.id);
    const at = new Date(h.clock.now() + 60_000).toISOString();
    await h.req('POST', '/boards/features/changelog/entries', { body: { title: 'Soon', body: 'x', post_ids: [post.id], publish_at: at } });
    const job = startChangelogJob(h.board, { firstRunMs: 1, intervalMs: 5, logger: { error: () => undefined } });
    const queued = () => h.board.storage.transaction('read', (tx) => tx.getMailQueueRow(ann.id, post.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queued()).toBeNull();
    h.clock.advance(60_000);
    await vi.waitFor(async () => expect((await queued())?.events).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await job.stop();
    expect((await queued())?.events.map((e) => JSON.parse(e))).toEqual([{ kind: 'changelog', entry_id: 1, at }]);
    expect((await h.req('GET', '/boards/features/changelog/entries', { key: h.a.keys.read })).json.entries[0].published_at).toBe(at);
  });
});
