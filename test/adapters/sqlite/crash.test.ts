/**
 * Crash safety: a process writing in acknowledged transactions is killed with SIGKILL at random
 * moments (also while it opens and migrates the file); afterwards every acknowledged write is
 * there, the counters agree with the rows, and SQLite finds the file intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { readSchemaVersion, SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { buildSqliteAdapter, type BuiltAdapter } from './build-adapter.js';
import { startChild } from './children.js';
import { tempDir } from './helpers.js';

const ROUNDS = 15;

let adapter: BuiltAdapter;
const temp = tempDir();
beforeAll(async () => {
  adapter = await buildSqliteAdapter();
});
afterAll(() => {
  adapter.remove();
  temp.remove();
});

interface Ack {
  postId: number;
  voterId: number;
  votedPostId: number;
}

/**
 * Runs one writer and kills it: `early` rounds a random moment after it starts (possibly while it
 * opens and migrates the file), the others a random 0-3 ms after a random number of acknowledged
 * transactions (so that the kill lands anywhere in a transaction, and every round writes).
 */
async function killedWriter(file: string, round: number, early: boolean): Promise<Ack[]> {
  const child = startChild('writer.mjs', { modulePath: adapter.modulePath, file, round });
  const acks: Ack[] = [];
  const target = 200 + Math.floor(Math.random() * 300);
  const kill = (delayMs: number) => setTimeout(() => child.process.kill('SIGKILL'), delayMs);
  child.onLine((line) => {
    if (line === 'ready') return;
    const [, postId, voterId, votedPostId] = line.split(' ').map(Number);
    acks.push({ postId: postId!, voterId: voterId!, votedPostId: votedPostId! });
    if (!early && acks.length === target) kill(Math.random() * 3);
  });
  if (early) kill(20 + Math.random() * 150);
  const result = await child.done;
  // Killed, never ended on its own: an error inside the writer would show up here.
  expect(result.signal, result.stderr).toBe('SIGKILL');
  return acks;
}

describe('sqlite crash safety', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs`, async () => {
    const file = temp.file('crash.db');
    const acks: Ack[] = [];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      acks.push(...(await killedWriter(file, round, round < 3)));
    }
    const durationMs = Math.round(performance.now() - started);

    const storage = createSqliteStorage({ path: file });
    const db = storage.database;
    const figures = {
      rounds: ROUNDS,
      acknowledgedTransactions: acks.length,
      postsInFile: db.prepare('SELECT count(*) FROM fb_posts').pluck().get(),
      durationMs,
    };
    console.log('crash test:', JSON.stringify(figures));
    expect(acks.length).toBeGreaterThan(2000);

    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(readSchemaVersion(db)).toBe(SCHEMA_VERSION);

    const post = db.prepare('SELECT id FROM fb_posts WHERE id = ?').pluck();
    const vote = db.prepare('SELECT 1 FROM fb_votes WHERE post_id = ? AND voter_id = ?').pluck();
    const missing = acks.filter(
      (ack) =>
        post.get(ack.postId) === undefined ||
        vote.get(ack.postId, ack.voterId) === undefined ||
        vote.get(ack.votedPostId, ack.voterId) === undefined,
    );
    expect(missing).toEqual([]);
    // Counters were updated by the same transactions as the votes they count.
    const drift = db
      .prepare(
        `SELECT p.id FROM fb_posts p
          WHERE p.vote_count <> (SELECT count(*) FROM fb_votes v WHERE v.post_id = p.id)`,
      )
      .all();
    expect(drift).toEqual([]);
    await storage.close();
  }, 90_000);
});
