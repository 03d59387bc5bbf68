#!/usr/bin/env node
/**
 * Writes the Python client's operation table, clients/python/feedback_board/_operations.py, from
 * docs/openapi.json (`npm run derive` runs it after writing the document): each operation's
 * method, path below the API's base path, scope and group, by operation id, in the document's
 * order. The client's hand-written layer sends every operation through this table, and its own
 * test fails while an operation of the table has no method there.
 * `test/clients/python-operations.test.ts` fails while the committed file differs from what
 * `renderPythonOperations` makes of the committed document.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];
const BASE_PATH = '/api/v1';

/** A string as a Python literal; the document's names and paths never hold a quote or backslash. */
function quoted(text) {
  if (/["\\\n]/.test(text)) throw new Error(`python operations: cannot quote ${JSON.stringify(text)}`);
  return `"${text}"`;
}

/** The operations of an OpenAPI document: id, method, path below the base path, scope and group. */
export function operationsOf(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (!path.startsWith(`${BASE_PATH}/`)) throw new Error(`python operations: ${path} is not under ${BASE_PATH}`);
      operations.push({ id: operation.operationId, method: method.toUpperCase(), path: path.slice(BASE_PATH.length), scope: operation['x-scope'], group: operation.tags[0] });
    }
  }
  return operations;
}

/** The text of _operations.py for an OpenAPI document of the API. */
export function renderPythonOperations(document) {
  const rows = operationsOf(document).map(
    ({ id, method, path, scope, group }) => `    ${quoted(id)}: Operation(${quoted(method)}, ${quoted(path)}, ${quoted(scope)}, ${quoted(group)}),`,
  );
  return [
    '"""The API\'s operations, generated from docs/openapi.json by ``npm run derive``',
    '(scripts/derive-python-operations.mjs): do not edit it; a test fails while it differs from the document.',
    '',
    'Each operation by its id: its method, its path below ``/api/v1`` (``{slug}`` a board slug, every other',
    'parameter an id), the weakest scope that may call it, and the group of the client it belongs to.',
    '"""',
    '',
    'from typing import Dict, NamedTuple',
    '',
    '',
    'class Operation(NamedTuple):',
    '    method: str',
    '    path: str',
    '    scope: str',
    '    group: str',
    '',
    '',
    'OPERATIONS: Dict[str, Operation] = {',
    ...rows,
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const document = JSON.parse(await readFile(new URL('../docs/openapi.json', import.meta.url), 'utf8'));
  const file = fileURLToPath(new URL('../clients/python/feedback_board/_operations.py', import.meta.url));
  await writeFile(file, renderPythonOperations(document));
  process.stdout.write(`wrote ${file}\n`);
}
