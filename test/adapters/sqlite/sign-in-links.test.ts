/**
 * One-time sign-in links on one SQLite file shared by several processes: each link is used by
 * exactly one of them, however the processes race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { buildSqliteAdapter, type BuiltAdapter } from './build-adapter.js';
import { runChild } from './children.js';
import { at, tempDir } from './helpers.js';

const PROCESSES = 4;
const LINKS = 40;

let adapter: BuiltAdapter;
const temp = tempDir();
beforeAll(async () => {
  adapter = await buildSqliteAdapter();
});
afterAll(() => {
  adapter.remove();
  temp.remove();
});

describe('sign-in links across processes', () => {
  it(`hands each of ${LINKS} links to exactly one of ${PROCESSES} racing processes`, async () => {
    const file = temp.file('links.db');
    const setup = createSqliteStorage({ path: file });
    const tokens = Array.from({ length: LINKS }, (_, i) => `hash-${i}`);
    await setup.transaction('write', async (tx) => {
      for (const token of tokens) {
        await tx.insertSignInLink({ token_hash: token, kind: 'team', subject_id: 1, organization_id: null, email: null, return_to: null, created_at: at(0), expires_at: at(15), used_at: null });
      }
    });
    await setup.close();

    const startAt = Date.now() + 500;
    const reports = (
      await Promise.all(
        Array.from({ length: PROCESSES }, (_, i) =>
          // Each process walks the links in its own order, so that they meet on every link.
          runChild<{ pid: number; won: string[] }>('link-user.mjs', {
            modulePath: adapter.modulePath,
            file,
            tokens: i % 2 === 0 ? tokens : [...tokens].reverse(),
            startAt,
            now: at(1),
          }),
        ),
      )
    ).flat();
    const won = reports.flatMap((report) => report.won);
    expect(won.sort()).toEqual([...tokens].sort());
    expect(new Set(won).size).toBe(LINKS);

    const check = createSqliteStorage({ path: file });
    const used = check.database.prepare('SELECT count(*) FROM fb_sign_in_links WHERE used_at IS NOT NULL').pluck().get();
    expect(used).toBe(LINKS);
    await check.close();
  });
});
