/**
 * vitest globalSetup: collects the suites skipped for a missing requirement (see requirements.ts)
 * and ends the run with their list and how to run them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the workers record skipped suites, one `suite<TAB>reason` line each. */
    skipLogDir: string;
  }
}

/** The closing summary of `lines` (`suite<TAB>reason`), or undefined when nothing was skipped. */
export function skipSummary(lines: readonly string[]): string | undefined {
  const skipped = [...new Set(lines.filter((line) => line.includes('\t')))].sort();
  if (skipped.length === 0) return undefined;
  return [
    `Skipped ${skipped.length} suite(s) for a missing requirement:`,
    ...skipped.map((line) => {
      const [suite, reason] = line.split('\t');
      return `  - ${suite}: ${reason}`;
    }),
    'To run them: install Chromium (chromium-headless-shell, or chromium), PostgreSQL (initdb on PATH or under',
    '/usr/lib/postgresql, or set FEEDBACK_BOARD_TEST_PG_URL) and PgBouncer; `npm run install:runtimes`',
    'installs the tested Bun and Deno; `bash .ci/run` installs all of them and fails on any skip',
    '(FEEDBACK_BOARD_REQUIRE_ALL=1).',
  ].join('\n');
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'fb-skips-'));
  project.provide('skipLogDir', dir);
  return () => {
    const file = join(dir, 'skipped.tsv');
    const summary = existsSync(file) ? skipSummary(readFileSync(file, 'utf8').split('\n')) : undefined;
    if (summary !== undefined) console.log(`\n${summary}\n`);
    rmSync(dir, { recursive: true, force: true });
  };
}
