#!/usr/bin/env node
/**
 * Writes src/http/served-operations.ts, the operation table as the core serves it, and
 * src/http/client-operations.ts, the table as the typed client sends it, from the source table
 * (`npm run derive` runs it, then writes docs/openapi.json). It reads the table through a
 * bundle of `src/http/operation-schemas.ts` made with esbuild, so it needs no build and works
 * while the committed files are out of date. `test/http/served-operations.test.ts` fails while a
 * committed file differs from what `renderServedOperations` or `renderClientOperations` makes of
 * the source table.
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

const CLIENT_HEADER = `/**
 * The operation table as the typed client sends it, generated from \`src/http/operations.ts\` by
 * \`npm run derive\` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Why it exists: \`feedback-board/client\` builds its methods from these rows, and an application
 * bundles them instead of the table itself, whose summaries (the MCP tools' descriptions), scopes,
 * error lists and schema names the client never reads. Here each row holds what sending needs:
 * method, path, where the input goes, the client place and the success status.
 */`;

/**
 * The text of src/http/client-operations.ts for `operations`, the operation table with its schemas
 * (`operations` of `feedback-board/openapi`), in table order.
 */
export function renderClientOperations(operations) {
  const rows = Object.entries(operations).map(([name, { method, path, client, body, query, success }]) => {
    const { status, statusFrom, bodyFrom } = success;
    const answer = { status, ...(statusFrom === undefined ? {} : { statusFrom }), ...(bodyFrom === undefined ? {} : { bodyFrom }) };
    const input = body !== undefined ? quoted('body') : query !== undefined ? quoted('query') : 'null';
    return `  ${name}: { method: ${quoted(method)}, path: ${quoted(path)}, input: ${input}, client: ${list(client)}, success: ${fields(answer)} },`;
  });
  return [
    CLIENT_HEADER,
    "import type { ClientOperation } from './operation-row.js';",
    "import type { OperationName } from './operations.js';",
    '',
    '/** Every operation as the typed client sends it, in table order. */',
    'export const clientOperations: { readonly [N in OperationName]: ClientOperation } = {',
    ...rows,
    '};',
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
  const operations = await sourceOperations();
  for (const [path, render] of [['../src/http/served-operations.ts', renderServedOperations], ['../src/http/client-operations.ts', renderClientOperations]]) {
    const file = fileURLToPath(new URL(path, import.meta.url));
    await writeFile(file, render(operations));
    process.stdout.write(`wrote ${file}\n`);
  }
}
