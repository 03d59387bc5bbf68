/**
 * The client stays small: bundling `src/client/index.ts` pulls in the schema-free operation
 * routes, the errors and the client itself: no zod (the schemas only give the client its types),
 * and no service, storage, HTTP-handler, adapter or node code. Minified and gzipped, it stays
 * under 6 KB.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { operationNames, operations } from '../../src/http/operations.js';
import { routes } from '../../src/http/routes.js';
import { clientPlaces } from '../../src/client/places.js';

it('the client bundle holds no schema library, service or storage code, and is under 6 KB gzipped', async () => {
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
  expect(inputs.filter((path) => /node_modules\/zod\//.test(path))).toEqual([]);
  expect(inputs.filter((path) => path.startsWith('node_modules/'))).toEqual([]);
  expect(inputs.sort()).toEqual([
    'src/client/create-client.ts',
    'src/client/http.ts',
    'src/client/index.ts',
    'src/client/places.ts',
    'src/client/retry.ts',
    'src/domain/errors.ts',
    'src/http/routes.ts',
  ]);
  const code = result.outputFiles[0]!.contents;
  expect(gzipSync(code).byteLength).toBeLessThan(6 * 1024);
}, 30_000);

it('the routes the client sends by agree with the operation table', () => {
  expect(Object.keys(routes)).toEqual(operationNames);
  expect(Object.keys(clientPlaces)).toEqual(operationNames);
  for (const name of operationNames) {
    const spec = operations[name];
    const input = 'body' in spec ? 'body' : 'query' in spec ? 'query' : null;
    expect({ name, ...routes[name], client: clientPlaces[name] }).toEqual({ name, method: spec.method, path: spec.path, client: spec.client, input });
  }
});
