/**
 * vitest globalSetup: PostgreSQL for the run, started only if a test file asks for it.
 *
 * With `FEEDBACK_BOARD_TEST_PG_URL` set, tests use that server and nothing is started. Otherwise
 * this picks a folder for the run and hands it to the workers; the first test file that needs
 * PostgreSQL starts a throwaway cluster there (see `server.ts`), the others reuse it, and the
 * teardown stops it. A run without PostgreSQL tests starts nothing.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopClusterIn } from '../../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's lazily started cluster lives ("" when the URL comes from the environment). */
    pgRunDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  if (process.env.FEEDBACK_BOARD_TEST_PG_URL) {
    project.provide('pgRunDir', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'fb-pg-run-'));
  // Entered by the unprivileged user the cluster runs as (mkdtemp makes it 0700).
  chmodSync(dir, 0o755);
  project.provide('pgRunDir', dir);
  return () => {
    if (existsSync(join(dir, 'url'))) stopClusterIn(join(dir, 'cluster'));
    rmSync(dir, { recursive: true, force: true });
  };
}
