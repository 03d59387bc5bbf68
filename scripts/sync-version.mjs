#!/usr/bin/env node
/**
 * Writes package.json's version everywhere else it appears: the source's constant (what
 * `feedback-board --version`, webhook deliveries and dumps report), the Python client's
 * pyproject.toml and `__version__`, and the changelog, where the `[Unreleased]` entry becomes the
 * new version's, dated today, under a new empty `[Unreleased]`. `npm version` runs it (package.json's
 * `version` script) and commits what it wrote; test/package/version.test.ts fails while any copy
 * differs.
 *
 *   node scripts/sync-version.mjs    writes the copies from package.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The files that hold a copy of the version, relative to the package root, and how each writes it. */
export const VERSION_COPIES = {
  'src/domain/version.ts': (text, version) => text.replace(/^export const PACKAGE_VERSION = '[^']*';$/m, `export const PACKAGE_VERSION = '${version}';`),
  'clients/python/pyproject.toml': (text, version) => text.replace(/^version = "[^"]*"$/m, `version = "${version}"`),
  'clients/python/feedback_board/__init__.py': (text, version) => text.replace(/^__version__ = "[^"]*"$/m, `__version__ = "${version}"`),
  'CHANGELOG.md': (text, version, today) => datedChangelog(text, version, today),
};

/**
 * The changelog with an entry for `version`: unchanged if it has one, else the `[Unreleased]`
 * entry's text moved under `## [version] - today`, below an empty `[Unreleased]`.
 */
export function datedChangelog(text, version, today) {
  if (new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm').test(text)) return text;
  return text.replace(/^## \[Unreleased\]\n/m, `## [Unreleased]\n\n## [${version}] - ${today}\n`);
}

/** Writes `version` (package.json's, by default) into every copy under `root`; returns the files it changed. */
export function syncVersion(root, version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, today = new Date().toISOString().slice(0, 10)) {
  const changed = [];
  for (const [file, write] of Object.entries(VERSION_COPIES)) {
    const before = readFileSync(join(root, file), 'utf8');
    const after = write(before, version, today);
    if (after === before) continue;
    writeFileSync(join(root, file), after);
    changed.push(file);
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '..');
  for (const file of syncVersion(root)) process.stdout.write(`wrote the version into ${file}\n`);
}
