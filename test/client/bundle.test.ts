/**
 * The client stays small: bundling `src/client/index.ts` pulls in the client's routes generated
 * from the table (no summary, scope, schema name, MCP guidance or query parameter list), the
 * errors and the client itself: no zod (the schemas only give the client its types), not the
 * core's routes, and no service, storage, HTTP-handler, adapter or node code. Minified and
 * gzipped, it stays within 3,500 bytes.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { operationNames, operationTable } from '../../src/http/operations.js';

it('the client bundle holds no schema library, operation table, service or storage code, and is within 3,500 bytes gzipped', async () => {
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
    'src/client/retry.ts',
    'src/client/routes.ts',
    'src/domain/errors.ts',
  ]);
  const code = result.outputFiles[0]!.contents;
  // 3.0 KB two rounds before, then 4.3 KB when the client read the whole table (its rows had grown
  // MCP descriptions and error lists the client never reads), 3.3 KB (3,333 bytes) on generated
  // routes, 3.5 KB (3,617 bytes) with the team scope's ten operations and a post's activity log;
  // 3,461 bytes on routes of its own, without the query parameters and statuses only serving reads;
  // 3,523 bytes with comments edited and deleted (two routes), 3,626 with the four operations of
  // integration connections; 3,405 bytes with the routes a list, without the operations' names;
  // 3,466 later, and 3,509 with a board's chat targets (three routes: make, list, deactivate);
  // 3,421 with the routes' path parameters unnamed and the success status only where it tells
  // part of the result; 3,456 with the four operations of the organization's statuses; 3,525
  // with changelog entries edited and deleted, 3,493 with a text that is not JSON answered by a
  // marker instead of an object and the timeout's message written once.
  expect(gzipSync(code).byteLength).toBeLessThanOrEqual(3500);
}, 30_000);

it('the client has one method per row of the operation table, at the row\'s place, and the paging iterators', () => {
  const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: async () => new Response('{}') }) as unknown as Record<string, Record<string, unknown>>;
  const places = operationNames.map((name) => operationTable[name].client.join('.'));
  const paging = ['posts.listAll', 'roadmap.listAll', 'changelog.listAll'];
  const methods = Object.entries(client).flatMap(([group, members]) => Object.keys(members).map((method) => `${group}.${method}`));
  expect(methods.sort()).toEqual([...places, ...paging].sort());
  expect(new Set(places).size).toBe(operationNames.length);
  for (const place of methods) expect(typeof client[place.split('.')[0]!]![place.split('.')[1]!], place).toBe('function');
});
