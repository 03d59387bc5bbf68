/**
 * The order test files start in. vitest starts the files that took longest in its last run first,
 * from a cache in node_modules; a fresh clone (CI) has none, and vitest falls back to the largest
 * files first. The longest files are short ones that define a shared suite (the storage
 * conformance suites, the fuzz suite), so they started last and the run waited minutes for them
 * after every other file was done. The files below, the longest in measured runs, start first,
 * in this order; the others follow in vitest's own order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST = [
  'test/adapters/postgres/conformance-1.test.ts',
  'test/adapters/postgres/conformance-2.test.ts',
  'test/adapters/postgres/conformance-3.test.ts',
  'test/adapters/postgres/conformance-pooler.test.ts',
  'test/http/fuzz-sqlite.test.ts',
  'test/http/fuzz-memory.test.ts',
  'test/cli/import-csv.test.ts',
  'test/mcp/stdio.test.ts',
  'test/package/build.test.ts',
  'test/adapters/indexeddb/chromium.test.ts',
  'test/adapters/indexeddb/conformance.test.ts',
  'test/clients/python.test.ts',
  'test/adapters/postgres/query-plans.test.ts',
  'test/cli/args.test.ts',
  'test/cli/postgres.test.ts',
  'test/node/dump.test.ts',
  'test/adapters/sqlite/crash.test.ts',
  'test/pages/chromium.test.ts',
  'test/node/dump-http.test.ts',
  'test/pages/chromium-languages.test.ts',
  'test/pages/changelog-chromium.test.ts',
  'test/cli/dump.test.ts',
  'test/adapters/sqlite/conformance.test.ts',
  'test/adapters/memory/conformance.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId).replaceAll('\\', '/'));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
