/**
 * `pg` stays an optional peer: of the built entry points only `feedback-board/adapters/postgres`
 * (and the CLI, which loads it on demand for a postgres:// URL) reaches it; the core and every
 * other subpath import none of it, directly or through a shared chunk.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist');

/** Every module a built file imports statically, following the package's own chunks. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^import\s[^'"]*?['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm)) {
    const specifier = (match[1] ?? match[2])!;
    if (specifier.startsWith('.')) {
      for (const inner of staticImports(join(dirname(file), specifier), seen)) found.add(inner);
    } else {
      found.add(specifier);
    }
  }
  return found;
}

it('only the postgres entry imports pg; the core does not', () => {
  expect(existsSync(join(dist, 'index.js'))).toBe(true);
  for (const entry of ['index.js', 'adapters/memory/index.js', 'adapters/sqlite/index.js', 'adapters/indexeddb/index.js', 'client/index.js', 'mock-server/index.js']) {
    expect([...staticImports(join(dist, entry))].filter((name) => name === 'pg' || name.startsWith('pg/'))).toEqual([]);
  }
  expect(staticImports(join(dist, 'adapters/postgres/index.js')).has('pg')).toBe(true);
});

it('the check sees an import of pg when there is one', () => {
  const entry = join(dist, 'adapters/postgres/index.js');
  expect(readFileSync(entry, 'utf8')).toMatch(/from ['"]pg['"]/);
});
