/**
 * One version: package.json's, repeated in the source (what `feedback-board --version`, webhook
 * deliveries and dumps report), the Python client's pyproject.toml and `__version__`, and a
 * heading of the changelog. scripts/sync-version.mjs (run by `npm version`) writes the copies; this
 * file fails while one differs, and checks that the script writes each. The license travels with
 * the Python client too.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../../src/domain/version.js';
import { WEBHOOK_USER_AGENT } from '../../src/webhooks/send.js';
import { datedChangelog, syncVersion, VERSION_COPIES } from '../../scripts/sync-version.mjs';
import { assertBuilt, runCli, workDir } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (file: string, root = ROOT) => readFileSync(join(root, file), 'utf8');
const VERSION = (JSON.parse(read('package.json')) as { version: string }).version;

const scratch = mkdtempSync(join(tmpdir(), 'fb-version-'));
const cwd = workDir();
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  cwd.remove();
});

describe("the package's version", () => {
  it('is package.json\'s in the source, the webhooks\' User-Agent and the Python client', () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(PACKAGE_VERSION).toBe(VERSION);
    expect(WEBHOOK_USER_AGENT).toBe(`feedback-board-webhooks/${VERSION}`);
    expect(read('clients/python/pyproject.toml')).toContain(`\nversion = "${VERSION}"\n`);
    expect(read('clients/python/feedback_board/__init__.py')).toContain(`\n__version__ = "${VERSION}"\n`);
  });

  it('has its entry in the changelog, below [Unreleased]', () => {
    const headings = read('CHANGELOG.md').match(/^## .*$/gm) ?? [];
    expect(headings[0]).toBe('## [Unreleased]');
    expect(headings[1]).toMatch(new RegExp(`^## \\[${VERSION.replaceAll('.', '\\.')}\\] - (\\d{4}-\\d{2}-\\d{2}|Unreleased)$`));
  });

  it('is what `feedback-board --version` prints, alone on its line', async () => {
    assertBuilt();
    expect(await runCli(['--version'], cwd.dir)).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('is written into every copy by sync-version, which leaves a synced tree as it is', () => {
    for (const file of Object.keys(VERSION_COPIES)) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(scratch, file));
    }
    expect(syncVersion(scratch, VERSION)).toEqual([]);

    expect(syncVersion(scratch, '7.8.9', '2027-03-04').sort()).toEqual(Object.keys(VERSION_COPIES).sort());
    expect(read('src/domain/version.ts', scratch)).toBe(read('src/domain/version.ts').replace(`'${VERSION}'`, "'7.8.9'"));
    expect(read('clients/python/pyproject.toml', scratch)).toBe(read('clients/python/pyproject.toml').replace(`version = "${VERSION}"`, 'version = "7.8.9"'));
    expect(read('clients/python/feedback_board/__init__.py', scratch)).toContain('\n__version__ = "7.8.9"\n');
    expect(read('CHANGELOG.md', scratch)).toContain('\n## [Unreleased]\n\n## [7.8.9] - 2027-03-04\n');
    expect(syncVersion(scratch, '7.8.9', '2027-03-05')).toEqual([]);
  });

  it('moves what [Unreleased] lists under the new version, and keeps an entry that exists', () => {
    const before = '# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- A thing.\n\n## [1.0.0] - 2027-01-01\n';
    expect(datedChangelog(before, '1.0.1', '2027-02-02')).toBe(
      '# Changelog\n\n## [Unreleased]\n\n## [1.0.1] - 2027-02-02\n\n### Fixed\n\n- A thing.\n\n## [1.0.0] - 2027-01-01\n',
    );
    expect(datedChangelog(before, '1.0.0', '2027-02-02')).toBe(before);
    // A dot in the version is literal: 1x0x0 is not an entry for 1.0.0.
    expect(datedChangelog(before.replace('1.0.0', '1x0x0'), '1.0.0', '2027-02-02')).toContain('## [1.0.0] - 2027-02-02');
  });
});

describe('the license', () => {
  it('is MIT in package.json and the LICENSE file, and the Python client carries the same file', () => {
    const license = read('LICENSE');
    expect((JSON.parse(read('package.json')) as { license: string }).license).toBe('MIT');
    expect(license.split('\n').slice(0, 3)).toEqual(['MIT License', '', 'Copyright (c) 2026 feedback-board contributors']);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
    expect(read('clients/python/LICENSE')).toBe(license);
    const pyproject = read('clients/python/pyproject.toml');
    expect(pyproject).toContain('\nlicense = "MIT"\n');
    expect(pyproject).toContain('\nlicense-files = ["LICENSE"]\n');
  });
});
