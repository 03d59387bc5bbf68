#!/usr/bin/env node
/**
 * Writes src/http/served-operations.ts, the operation table as the core serves it, from the source
 * table (`npm run derive` runs it, then writes docs/openapi.json). It reads the table through a
 * bundle of `src/http/operation-schemas.ts` made with esbuild, so it needs no build and works
 * while the committed file is out of date. `test/http/served-operations.test.ts` fails while the
 * committed file differs from what `renderServedOperations` makes of the source table.
 */
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A string as a single-quoted literal; the table's names and paths never hold a quote or backslash. */
function quoted(text) {
  if (/['\\\n]/.test(text)) throw new Error(`served-operations: cannot quote ${JSON.stringify(text)}`);
  return `'${text}'`;
}

const list = (values) => `[${values.map(quoted).join(', ')}]`;
const fields = (object) =>
  `{ ${Object.entries(object)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? quoted(value) : String(value)}`)
    .join(', ')} }`;
/** A service module's file, from its name in the table (its file name in camel case). */
const moduleFile = (service) => `../services/${service.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.js`;

const HEADER = `/**
 * The operation table as the core serves it, generated from \`src/http/operations.ts\` by
 * \`npm run derive\` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Why it exists: the router, the handler and the in-process API are built from these rows at run
 * time, and the core's browser bundle carries them instead of the table itself, whose summaries,
 * scopes, error lists and schema names only the OpenAPI document, the MCP tools and the typed
 * client read, and which would reach each service function through its whole module. Here each
 * row holds what serving needs: method, path, input and the query parameters its schema names,
 * the client place, the success status, and the service function itself.
 */`;

/**
 * The text of src/http/served-operations.ts for `operations`, the operation table with its schemas
 * (`operations` of `feedback-board/openapi`), in table order.
 */
export function renderServedOperations(operations) {
  const names = Object.keys(operations);
  const services = [...new Set(names.map((name) => operations[name].service))].sort();
  const rows = names.map((name) => {
    const { method, path, client, service, body, query, success } = operations[name];
    const { schema: _schema, ...answer } = success;
    const input = body !== undefined ? quoted('body') : query !== undefined ? quoted('query') : 'null';
    const queryKeys = query === undefined ? [] : Object.keys(query.shape);
    return `  ${name}: { method: ${quoted(method)}, path: ${quoted(path)}, input: ${input}, queryKeys: ${list(queryKeys)}, client: ${list(client)}, success: ${fields(answer)}, serve: ${service}.${name} },`;
  });
  return [
    HEADER,
    ...services.map((service) => `import * as ${service} from '${moduleFile(service)}';`),
    "import type { ServedOperation } from './operation-row.js';",
    "import type { OperationName } from './operations.js';",
    '',
    '/** Every operation as the core serves it, in table order. */',
    'export const servedOperations: { readonly [N in OperationName]: ServedOperation } = {',
    ...rows,
    '};',
    '',
    '/** Every operation name, in table order. */',
    'export const servedOperationNames = Object.keys(servedOperations) as OperationName[];',
    '',
  ].join('\n');
}

/** The source table with its schemas, bundled next to this script so that its packages resolve. */
async function sourceOperations() {
  const { build } = await import('esbuild');
  const bundle = fileURLToPath(new URL(`./.operations-${process.pid}.mjs`, import.meta.url));
  const entry = fileURLToPath(new URL('../src/http/operation-schemas.ts', import.meta.url));
  await build({ entryPoints: [entry], outfile: bundle, bundle: true, format: 'esm', platform: 'neutral', packages: 'external', logLevel: 'error' });
  try {
    return (await import(pathToFileURL(bundle).href)).operations;
  } finally {
    await rm(bundle, { force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = fileURLToPath(new URL('../src/http/served-operations.ts', import.meta.url));
  await writeFile(file, renderServedOperations(await sourceOperations()));
  process.stdout.write(`wrote ${file}\n`);
}
