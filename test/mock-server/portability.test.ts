/**
 * The mock server loads where there is no Node: nothing it imports statically reaches `node:*`
 * or the Node HTTP bridge; only `listen()` does, through a dynamic import.
 */
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { expect, it } from 'vitest';

/** Every module reachable from `entry` through static imports only. */
function staticGraph(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const edge of metafile.inputs[path]?.imports ?? []) {
      if (edge.kind !== 'dynamic-import') visit(edge.path);
    }
  };
  visit(entry);
  return seen;
}

it('mock-server/index.ts reaches node code only through the dynamic import of listen()', async () => {
  const result = await build({
    entryPoints: ['mock-server/index.ts'],
    absWorkingDir: fileURLToPath(new URL('../..', import.meta.url)),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: ['node:*', 'fetch-mock', '@hono/node-server'],
    splitting: true,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
  });
  const reachable = [...staticGraph(result.metafile, 'mock-server/index.ts')];
  expect(reachable.filter((p) => p.startsWith('node:') || p.includes('node-server') || p.startsWith('src/node/'))).toEqual([]);
  expect(reachable).toContain('fetch-mock');
  const all = Object.keys(result.metafile.inputs);
  expect(all).toContain('src/node/listen.ts'); // reached, but only dynamically
}, 30_000);

it('every member of the mock server works detached from the object', async () => {
  const { createMockServer } = await import('../../mock-server/index.js');
  const { reset, calls, install, uninstall, close, fetch } = createMockServer();
  install();
  uninstall();
  expect((await fetch('http://feedback-board.test/api/v1/boards')).status).toBe(401);
  expect(calls()).toHaveLength(1);
  await reset();
  expect(calls()).toHaveLength(0);
  await close();
});
