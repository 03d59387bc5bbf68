/**
 * vitest globalSetup: PostgreSQL for the run, started only if a test file asks for it.
 *
 * With `FEEDBACK_BOARD_TEST_PG_URL` set, tests use that server and nothing is started. Otherwise
 * this picks a folder for the run and hands it to the workers; the first test file that needs
 * PostgreSQL starts a throwaway cluster there (see `server.ts`), the others reuse it, and the
 * teardown stops it. A run without PostgreSQL tests starts nothing.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
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
  const dir = mkdtempSync(join(runParent(), 'fb-pg-run-'));
  // Entered by the unprivileged user the cluster runs as (mkdtemp makes it 0700).
  chmodSync(dir, 0o755);
  project.provide('pgRunDir', dir);
  return () => {
    if (existsSync(join(dir, 'url'))) stopClusterIn(join(dir, 'cluster'));
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Free space a memory file system must have to hold the run's cluster: its peak was under 1 GiB. */
const MEMORY_NEEDED = 4 * 1024 ** 3;

/**
 * Where the run's cluster lives: in memory (/dev/shm) when it has room, else the temporary folder.
 * The cluster runs without fsync and lives for one run, so a disk keeps nothing worth keeping; and
 * the suites create and drop hundreds of databases of hundreds of files each, which on ext4 spent a
 * tenth of the server's CPU looking for inodes to reuse (`find_inode_bit`, `recently_deleted`).
 */
function runParent(): string {
  try {
    const space = statfsSync('/dev/shm');
    if (space.bavail * space.bsize >= MEMORY_NEEDED) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}
