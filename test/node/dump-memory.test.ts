/**
 * Exporting streams: the peak memory (max RSS) of a process exporting a SQLite store of 200k posts
 * exceeds that of one exporting 20k posts by far less than the dump grows. Runs the built package
 * (`npm run build`) in child processes, one per size, so each peak is that export's alone; the
 * files are filled beforehand by this process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { assertBuilt } from '../helpers/cli.js';

const DIST = resolve(import.meta.dirname, '../../dist');
const dir = mkdtempSync(join(tmpdir(), 'fb-dump-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Fills a new SQLite file with `posts` posts of 400-character bodies, set-based. */
function seed(file: string, posts: number): void {
  const storage = createSqliteStorage({ path: file });
  storage.database.exec(`
    INSERT INTO fb_organizations (name, created_at) VALUES ('Org', '2026-01-01T00:00:00.000Z');
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      VALUES (1, 'b', 'B', '', '', 1, '2026-01-01T00:00:00.000Z');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${posts})
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at)
      SELECT 1, 'Post ' || i, printf('%.400c', 'x'), 'open', 0, 0, 0, '2026-01-01T00:00:00.000Z' FROM n;`);
  storage.database.close();
}

/** A child that exports the file to a sink that counts bytes, then reports its peak RSS (KiB). */
const CHILD = `
import { createSqliteStorage, sqliteDumpPort } from '${DIST}/adapters/sqlite/index.js';
import { exportStore } from '${DIST}/node/index.js';
import { Writable } from 'node:stream';
const storage = createSqliteStorage({ path: process.argv[1] });
let bytes = 0;
const sink = new Writable({ write(chunk, _e, done) { bytes += chunk.length; done(); } });
await exportStore(sqliteDumpPort(storage), sink, { packageVersion: 'test' });
await storage.close();
process.stdout.write(JSON.stringify({ peak: process.resourceUsage().maxRSS, bytes }));
`;

function exportPeak(posts: number): { peak: number; bytes: number } {
  const file = join(dir, `${posts}.db`);
  seed(file, posts);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const { peak, bytes } = JSON.parse(out) as { peak: number; bytes: number };
  return { peak: peak * 1024, bytes };
}

describe('exportStore on SQLite', () => {
  it('its peak memory grows far less than the dump from 20k to 200k posts', () => {
    assertBuilt();
    const small = exportPeak(20_000);
    const large = exportPeak(200_000);
    const dumpGrowth = large.bytes - small.bytes;
    console.log(`export peak RSS: 20k posts ${(small.peak / 2 ** 20).toFixed(0)} MiB, 200k posts ${(large.peak / 2 ** 20).toFixed(0)} MiB; dump ${(small.bytes / 2 ** 20).toFixed(0)} -> ${(large.bytes / 2 ** 20).toFixed(0)} MiB`);
    expect(dumpGrowth).toBeGreaterThan(80 * 1024 * 1024);
    expect(large.peak - small.peak).toBeLessThan(dumpGrowth / 8);
  }, 180_000);
});
