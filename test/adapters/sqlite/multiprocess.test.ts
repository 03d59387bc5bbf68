/**
 * Several processes on one database file: opening a new file at once, and claiming the same posts
 * concurrently. Each child is a separate Node process running the built adapter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { buildSqliteAdapter, type BuiltAdapter } from './build-adapter.js';
import { runChild } from './children.js';
import { newPost, seedBoard, T0, tempDir } from './helpers.js';

const PROCESSES = 6;
const POSTS = 8;
const OPERATIONS = 400;

let adapter: BuiltAdapter;
const temp = tempDir();
beforeAll(async () => {
  adapter = await buildSqliteAdapter();
});
afterAll(() => {
  adapter.remove();
  temp.remove();
});

interface LogRow {
  seq: number;
  pid: number;
  post_id: number;
  api_key_id: number;
  op: 'claim' | 'release';
  outcome: string;
  now: string;
  expires_at: string | null;
  holder_key: number | null;
}

interface ChildReport {
  pid: number;
  apiKeyId: number;
  counts: Record<string, number>;
  busyRetries: number;
  errors: string[];
}

/**
 * Replays the log in commit order against a model of one claim per post, and returns the first
 * event whose recorded outcome differs from what a correct claim register would have answered.
 * A `created` outcome while another key's claim was live would be two live holders at once.
 */
function firstViolation(log: LogRow[]): string | null {
  const holders = new Map<number, { key: number; expiresAt: string }>();
  for (const event of log) {
    const current = holders.get(event.post_id);
    const live = current !== undefined && event.now < current.expiresAt;
    if (event.op === 'claim') {
      const expected = !live ? 'created' : current.key === event.api_key_id ? 'extended' : 'conflict';
      if (event.outcome !== expected) return `seq ${event.seq}: claim ${event.outcome}, expected ${expected}`;
      const holder = expected === 'conflict' ? current!.key : event.api_key_id;
      if (event.holder_key !== holder) return `seq ${event.seq}: claim names holder ${event.holder_key}, not ${holder}`;
      if (expected !== 'conflict') holders.set(event.post_id, { key: event.api_key_id, expiresAt: event.expires_at! });
    } else {
      const expected = !live ? 'none' : current.key === event.api_key_id ? 'released' : 'conflict';
      if (event.outcome !== expected) return `seq ${event.seq}: release ${event.outcome}, expected ${expected}`;
      if (expected !== 'conflict') holders.delete(event.post_id);
    }
  }
  return null;
}

describe('sqlite with several processes on one file', () => {
  it('opens a new file from 4 processes at once, migrating it exactly once', async () => {
    const file = temp.file('opened-at-once.db');
    const startAt = Date.now() + 400;
    const reports = await Promise.all(
      Array.from({ length: 4 }, () =>
        runChild<{ orgId: number; versions: number[] }>('opener.mjs', { modulePath: adapter.modulePath, file, startAt }),
      ),
    );
    const all = reports.flat();
    const schema = Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1);
    for (const report of all) expect(report.versions).toEqual(schema);
    expect(all.map((report) => report.orgId).sort()).toEqual([1, 2, 3, 4]);
  });

  it(`keeps exactly one live holder per post while ${PROCESSES} processes claim ${POSTS} posts`, async () => {
    const file = temp.file('claims.db');
    const setup = createSqliteStorage({ path: file });
    const { keyIds, postIds } = await setup.transaction('write', async (tx) => {
      const { orgId, keyId, boardId } = await seedBoard(tx);
      const keys = [keyId];
      for (let i = 1; i < PROCESSES; i += 1) {
        const key = await tx.insertApiKey({
          organization_id: orgId,
          scope: 'propose',
          label: `agent ${i}`,
          prefix: 'fbk_',
          hash: `h${i}`,
          created_at: T0,
          revoked_at: null,
        });
        keys.push(key.id);
      }
      const posts = [];
      for (let i = 0; i < POSTS; i += 1) posts.push((await tx.insertPost(newPost(boardId, { status: 'planned' }))).id);
      return { keyIds: keys, postIds: posts };
    });
    setup.database.exec(`CREATE TABLE claim_log (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, pid INTEGER, post_id INTEGER, api_key_id INTEGER,
      op TEXT, outcome TEXT, now TEXT, expires_at TEXT, holder_key INTEGER)`);
    await setup.close();

    const started = performance.now();
    const reports = (
      await Promise.all(
        keyIds.map((apiKeyId) =>
          runChild<ChildReport>('claimer.mjs', {
            modulePath: adapter.modulePath,
            file,
            apiKeyId,
            postIds,
            operations: OPERATIONS,
          }),
        ),
      )
    ).flat();
    const durationMs = Math.round(performance.now() - started);

    const check = createSqliteStorage({ path: file });
    const log = check.database.prepare('SELECT * FROM claim_log ORDER BY seq').all() as LogRow[];
    const total = (name: string) => reports.reduce((sum, report) => sum + (report.counts[name] ?? 0), 0);
    const figures = {
      processes: reports.length,
      claimAttempts: total('claims'),
      wins: total('created'),
      extensions: total('extended'),
      conflicts: total('conflict'),
      releases: total('releases'),
      releaseConflicts: total('releaseConflict'),
      reads: total('reads'),
      busyRetries: reports.reduce((sum, report) => sum + report.busyRetries, 0),
      durationMs,
    };
    console.log('multi-process claims:', JSON.stringify(figures));

    expect(reports.flatMap((report) => report.errors)).toEqual([]);
    expect(log.length).toBe(figures.claimAttempts + figures.releases);
    expect(firstViolation(log)).toBeNull();
    // The run exercised what it is meant to: takeovers, refusals and waiting for the lock.
    expect(figures.wins).toBeGreaterThan(POSTS);
    expect(figures.conflicts).toBeGreaterThan(0);
    expect(figures.busyRetries).toBeGreaterThan(0);

    // Each process's own events appear in the log in the order it made them.
    for (const report of reports) {
      const own = log.filter((event) => event.pid === report.pid).map((event) => event.seq);
      expect(own).toEqual([...own].sort((a, b) => a - b));
    }
    // The claims left behind are those of the last successful claim of each post.
    const claims = await check.transaction('read', (tx) => tx.getClaims(postIds));
    for (const postId of postIds) {
      const last = log.filter((e) => e.post_id === postId && e.outcome !== 'conflict').at(-1);
      const expected = last === undefined || last.op === 'release' ? undefined : last.api_key_id;
      expect(claims.get(postId)?.api_key_id).toBe(expected);
    }
    await check.close();
  }, 90_000);
});
