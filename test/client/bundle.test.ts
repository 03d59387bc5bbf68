/**
 * The client stays small: bundling `src/client/index.ts` pulls in the operation table, the
 * schemas, the errors and zod, and no service, storage, HTTP-handler, adapter or node code.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('the client bundle holds no service or storage code', async () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const result = await build({
    entryPoints: ['src/client/index.ts'],
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const ours = inputs.filter((path) => !path.startsWith('node_modules/')).sort();
  expect(ours).toEqual([
    'src/client/create-client.ts',
    'src/client/http.ts',
    'src/client/index.ts',
    'src/client/retry.ts',
    'src/domain/errors.ts',
    'src/domain/records.ts',
    'src/domain/requests.ts',
    'src/domain/responses.ts',
    'src/domain/validation.ts',
    'src/http/operations.ts',
  ]);
  const packages = new Set(inputs.filter((p) => p.startsWith('node_modules/')).map((p) => p.split('/')[1]));
  expect([...packages]).toEqual(['zod']);
  const bytes = result.outputFiles[0]!.contents.byteLength;
  // About 112 KB minified, nearly all zod; with `import { z } from 'zod'` in the domain files it was
  // 471 KB, because that namespace object keeps every zod locale alive.
  expect(bytes).toBeLessThan(130_000);
}, 30_000);
