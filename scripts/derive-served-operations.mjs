#!/usr/bin/env node
/**
 * Writes src/http/operation-routes.ts, src/http/served-operations.ts and src/client/routes.ts, the
 * parts of the operation table the core and the typed client carry, from the source table (`npm run derive` runs it, then
 * writes docs/openapi.json). It reads the table through a bundle of
 * `src/http/operation-schemas.ts` made with esbuild, so it needs no build and works while the
 * committed files are out of date. `test/http/served-operations.test.ts` fails while a committed
 * file differs from what this script makes of the source table.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importSource } from './import-source.mjs';

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

const ROUTES_HEADER = `/**
 * The operation table's routes, generated from \`src/http/operations.ts\` by \`npm run derive\`
 * (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that. A test
 * fails while this file differs from what the table gives.
 *
 * Why it exists: the core serves the operations from these rows (the router, the handler and the
 * in-process API), so that it does not carry the table itself, whose summaries, scopes, error
 * lists, schema names and MCP guidance only the OpenAPI document and the MCP tools read. Each row
 * holds what serving needs: method, path, input and the query parameters its schema names, the
 * client place and the success statuses. The typed client has shorter rows of its own
 * (\`../client/routes.ts\`).
 */`;

const SERVED_HEADER = `/**
 * The operation table as the core serves it, generated from \`src/http/operations.ts\` by
 * \`npm run derive\` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Each row is the operation's route (\`operation-routes.ts\`) with the service function that serves
 * it, imported by name from its module, so the core's browser bundle carries the functions the
 * router, the handler and the in-process API call, and not the table. The modules of the request
 * path's reads are imported; every other module is loaded on the first call of one of its
 * operations (\`lazy\`, see ../services/lazy.ts), so that loading the core does not load them.
 */`;

const routeOf = ({ method, path, client, body, query, success }) => {
  const { schema: _schema, ...answer } = success;
  const input = body !== undefined ? quoted('body') : query !== undefined ? quoted('query') : 'null';
  const queryKeys = query === undefined ? [] : Object.keys(query.shape);
  return `method: ${quoted(method)}, path: ${quoted(path)}, input: ${input}, queryKeys: ${list(queryKeys)}, client: ${list(client)}, success: ${fields(answer)}`;
};

const CLIENT_HEADER = `/**
 * The operation table's routes as the typed client sends them, generated from
 * \`src/http/operations.ts\` by \`npm run derive\` (scripts/derive-served-operations.mjs): do not edit
 * it, edit the table and run that. A test fails while this file differs from what the table gives.
 *
 * Why it exists: the client is bundled into applications, so it carries only what sending needs,
 * as short rows: not the query parameters and second success status the core's routes
 * (\`../http/operation-routes.ts\`) hold for serving.
 */`;

/** A client row: method, path, input, place, success status, and where the status is part of the result, its two fields. */
// The client fills a path's parameters in order, so their names are left out (`{}`); only a route
// whose status tells part of the result carries the status.
const clientRouteOf = ({ method, path, client, body, query, success }) => {
  const input = body !== undefined ? quoted('body') : query !== undefined ? quoted('query') : 'null';
  const parts =
    success.statusFrom !== undefined && success.bodyFrom !== undefined ? [String(success.status), quoted(success.statusFrom), quoted(success.bodyFrom)] : [];
  return [quoted(method), quoted(path.replace(/\{\w+\}/g, '{}')), input, quoted(client.join('.')), ...parts].join(', ');
};

/** The text of src/client/routes.ts for `operations`, in table order. */
export function renderClientRoutes(operations) {
  const rows = Object.keys(operations).map((name) => `  [${clientRouteOf(operations[name])}], // ${name}`);
  return [
    CLIENT_HEADER,
    "import type { HttpMethod } from '../http/operation-row.js';",
    '',
    '/**',
    ' * One operation as the client sends it: method, path (each parameter `{}`, filled in order),',
    ' * where its input goes, its place on the client (`group.method`) and, when its success status',
    ' * tells part of the result (`{ claim, created }`), that status, the result\'s field the status',
    ' * gives and the field the body is.',
    ' */',
    'export type ClientRoute = readonly [method: HttpMethod, path: string, input: \'body\' | \'query\' | null, place: string, status?: number, statusFrom?: string, bodyFrom?: string];',
    '',
    '/**',
    ' * Every operation\'s client route, in table order, its name in the comment beside it: a list, not',
    ' * an object by name, since the client reaches each operation by its place, and the names would',
    ' * only weigh on the bundle.',
    ' */',
    'export const clientRoutes: readonly ClientRoute[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}

/**
 * The text of src/http/operation-routes.ts for `operations`, the operation table with its schemas
 * (\`operations\` of \`feedback-board/openapi\`), in table order.
 */
export function renderOperationRoutes(operations) {
  const rows = Object.keys(operations).map((name) => `  ${name}: { ${routeOf(operations[name])} },`);
  return [
    ROUTES_HEADER,
    "import type { OperationRoute } from './operation-row.js';",
    "import type { OperationName } from './operations.js';",
    '',
    '/** Every operation\'s route, in table order. */',
    'export const operationRoutes: { readonly [N in OperationName]: OperationRoute } = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

/**
 * The service modules the core imports: those of the request path's reads (a board, a board's
 * posts, one post). Every other module is loaded on the first call of one of its operations.
 */
export const IMPORTED_SERVICES = new Set(['boardReads', 'postReads']);

/** The text of src/http/served-operations.ts for `operations`, in table order. */
export function renderServedOperations(operations) {
  const names = Object.keys(operations);
  const services = [...new Set(names.map((name) => operations[name].service))].sort();
  const imported = services.filter((service) => IMPORTED_SERVICES.has(service));
  const loaded = services.filter((service) => !IMPORTED_SERVICES.has(service));
  const rows = names.map((name) => {
    const { service } = operations[name];
    return IMPORTED_SERVICES.has(service) ? `  ${service}.${name},` : `  lazy(${service}, ${quoted(name)}),`;
  });
  return [
    SERVED_HEADER,
    ...imported.map((service) => `import * as ${service} from '${moduleFile(service)}';`),
    "import { lazy } from '../services/lazy.js';",
    "import type { ServedOperation } from './operation-row.js';",
    "import { operationRoutes } from './operation-routes.js';",
    "import type { OperationName } from './operations.js';",
    '',
    '/** Every operation name, in table order. */',
    'export const servedOperationNames = Object.keys(operationRoutes) as OperationName[];',
    '',
    '// The modules loaded on the first call of one of their operations.',
    ...loaded.map((service) => `const ${service} = () => import('${moduleFile(service)}');`),
    '',
    '/** The service function of each operation, in table order. */',
    'const SERVICES: readonly ServedOperation[\'serve\'][] = [',
    ...rows,
    '];',
    '',
    '/** Every operation as the core serves it: its route and its service function. */',
    'export const servedOperations = Object.fromEntries(',
    '  servedOperationNames.map((name, i) => [name, { ...operationRoutes[name], serve: SERVICES[i]! }]),',
    ') as { readonly [N in OperationName]: ServedOperation };',
    '',
  ].join('\n');
}

/** The source table with its schemas, bundled next to this script so that its packages resolve. */
export function sourceOperations() {
  return importSource('src/http/operation-schemas.ts', 'operations');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const operations = await sourceOperations();
  for (const [name, render] of [['http/operation-routes.ts', renderOperationRoutes], ['http/served-operations.ts', renderServedOperations], ['client/routes.ts', renderClientRoutes]]) {
    const file = fileURLToPath(new URL(`../src/${name}`, import.meta.url));
    await writeFile(file, render(operations));
    process.stdout.write(`wrote ${file}\n`);
  }
}
