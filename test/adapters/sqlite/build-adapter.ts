/**
 * Builds the SQLite adapter into one ES module for the child processes of the multi-process and
 * crash tests (plain Node scripts, which cannot load TypeScript). The bundle is written under
 * `node_modules/.cache/`, inside the project, so that its `import 'better-sqlite3'` resolves to the
 * project's copy; it does not depend on `dist/` or on the rest of the package building.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BuiltAdapter {
  /** Absolute path of the bundled `adapters/sqlite/index.ts`. */
  modulePath: string;
  remove(): void;
}

export async function buildSqliteAdapter(): Promise<BuiltAdapter> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'fb-sqlite-adapter-'));
  await build({
    entry: { adapter: join(root, 'adapters/sqlite/index.ts') },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    splitting: false,
    sourcemap: false,
    clean: false,
    silent: true,
    config: false,
    external: ['better-sqlite3'],
    outExtension: () => ({ js: '.mjs' }),
  });
  return {
    modulePath: join(outDir, 'adapter.mjs'),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

/** Path of a child script of `test/adapters/sqlite/children/`. */
export function childScript(name: string): string {
  return join(root, 'test/adapters/sqlite/children', name);
}
