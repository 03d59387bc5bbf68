/** A stored key prefix never reveals more than a small part of the key. */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { migrate, MIGRATIONS } from '../../adapters/sqlite/migrations.js';
import { createFeedbackBoard } from '../../src/board.js';
import { displayPrefix } from '../../src/services/key-prefix.js';
import { tempDir } from '../adapters/sqlite/helpers.js';

const OLD_PREFIX_LENGTH = 12;

function assertSafe(key: string, prefix: string): void {
  expect(key.startsWith(prefix)).toBe(true);
  expect(prefix.length).toBeLessThanOrEqual(Math.floor(key.length / 3));
  const past = key.startsWith('fbk_') ? prefix.length - 4 : prefix.length;
  expect(past).toBeLessThanOrEqual(4);
}

describe('the stored display prefix of a key', () => {
  it('is fbk_ and four characters of a generated key, and at most a third of any custom key', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const generated = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    expect(generated.info.prefix).toBe(generated.key.slice(0, 8));
    assertSafe(generated.key, generated.info.prefix);
    const short = await board.dashboard.apiKeys.create(org.id, { scope: 'read', rawKey: 'k8chars!' });
    expect(short.info.prefix).toBe('k8');
    const custom = await board.dashboard.apiKeys.create(org.id, { scope: 'read', rawKey: 'fbk_abcdefgh' });
    expect(custom.info.prefix).toBe('fbk_');
    for (let length = 8; length <= 200; length++) {
      for (const key of ['x'.repeat(length), `fbk_${'y'.repeat(Math.max(4, length - 4))}`]) assertSafe(key, displayPrefix(key));
    }
  });

  it('fixture keys are stored with the same short prefix', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    await board.loadFixture({ organizations: [{ name: 'Acme', apiKeys: [{ key: 'acme1234', scope: 'write' }, { key: 'acme-write-0123456789', scope: 'read' }] }] });
    const keys = await board.dashboard.apiKeys.list(1);
    expect(keys.map((k) => k.prefix)).toEqual(['ac', 'acme']);
  });
});

describe('SQLite databases with prefixes stored by an older version', () => {
  const temp = tempDir();
  afterEach(() => undefined);

  it('shorten them when opened, to at most a third of what was stored', async () => {
    const step = MIGRATIONS.findIndex((m) => m.description.startsWith('shorten stored key prefixes'));
    expect(step).toBeGreaterThan(0);
    const file = temp.file('old.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: MIGRATIONS[step - 1]!.version, busyTimeoutMs: 1000 });
    const old = ['fbk_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcd', 'k8chars!', 'acme-write-0123456789', 'fbk_abcdefgh'];
    db.exec("INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '2026-01-01T00:00:00.000Z')");
    const insert = db.prepare(
      "INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'read', '', ?, ?, '2026-01-01T00:00:00.000Z')",
    );
    old.forEach((key, i) => insert.run(key.slice(0, OLD_PREFIX_LENGTH), `hash${i}`));
    db.close();

    const storage = createSqliteStorage({ path: file });
    const prefixes = await storage.transaction('read', async (tx) => (await tx.listApiKeys(1)).map((k) => k.prefix));
    expect(prefixes).toEqual(['fbk_', 'k8', 'acme', 'fbk_']);
    prefixes.forEach((prefix, i) => assertSafe(old[i]!, prefix));
    await storage.close();
    temp.remove();
  });
});

describe('IndexedDB databases with prefixes stored by an older version', () => {
  it('shorten them on upgrade', async () => {
    const { IDBFactory, writeAsOlderRelease } = await import('../adapters/indexeddb/helpers.js');
    const { UPGRADE_STEPS } = await import('../../adapters/indexeddb/upgrade-steps.js');
    const { createIndexedDbStorage } = await import('../../adapters/indexeddb/index.js');
    // Version 3 shortens stored key prefixes.
    const step = UPGRADE_STEPS.findIndex((s) => s.version === 3);
    expect(step).toBeGreaterThan(0);
    const factory = new IDBFactory();
    const keys = ['fbk_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcd', 'k8chars!', 'acme-write-0123456789'];
    // Written as that release wrote (today's code, over the tables it had).
    await writeAsOlderRelease(factory, 'keys', UPGRADE_STEPS[step - 1]!.version, async (tx) => {
      const org = await tx.insertOrganization({ name: 'Acme', created_at: '2026-01-01T00:00:00.000Z' });
      for (const [i, key] of keys.entries()) {
        await tx.insertApiKey({
          organization_id: org.id, scope: 'read', label: '', prefix: key.slice(0, OLD_PREFIX_LENGTH), hash: `h${i}`,
          created_at: '2026-01-01T00:00:00.000Z', revoked_at: null,
        });
      }
    });
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'keys' });
    const prefixes = await storage.transaction('read', async (tx) => (await tx.listApiKeys(1)).map((k) => k.prefix));
    expect(prefixes).toEqual(['fbk_', 'k8', 'acme']);
    await storage.close();
  });
});
