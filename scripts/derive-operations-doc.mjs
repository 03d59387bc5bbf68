#!/usr/bin/env node
/**
 * Writes docs/operations.md, the list of the API's operations and MCP tools, from the operation
 * table (`npm run derive` runs it): each operation's method and path, scope, client method and
 * tool, and which tools each scope sees. `test/docs/operations-doc.test.ts` fails while the
 * committed file differs from what `renderOperationsDoc` makes of the source table.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceOperations } from './derive-served-operations.mjs';

const SCOPES = ['read', 'propose', 'write', 'team'];

/** An operation's MCP tool name: its row's `tool`, else its name in snake case. */
const toolOf = (name, spec) => spec.tool ?? name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A table cell's text: the table's summaries hold no line break, and a pipe is escaped. */
const cell = (text) => text.replaceAll('|', '\\|');

/** The text of docs/operations.md for `operations`, the table with its schemas, in table order. */
export function renderOperationsDoc(operations) {
  const names = Object.keys(operations);
  const rows = names.map((name) => {
    const spec = operations[name];
    return `| \`${spec.method} ${spec.path}\` | \`${spec.scope}\` | \`${spec.client.join('.')}\` | \`${toolOf(name, spec)}\` | ${cell(spec.summary)} |`;
  });
  const byScope = SCOPES.map((scope) => {
    const rank = SCOPES.indexOf(scope);
    const tools = names.filter((name) => SCOPES.indexOf(operations[name].scope) <= rank).map((name) => `\`${toolOf(name, operations[name])}\``);
    return `- \`${scope}\`: ${tools.join(', ')}`;
  });
  return [
    '# Operations',
    '',
    '<!-- Generated from src/http/operations.ts by `npm run derive` (scripts/derive-operations-doc.mjs): edit the table, not this file. -->',
    '',
    'Every operation of the API, in the order of the operation table: its method and path below the base',
    'path (`/api/v1`), the weakest scope that may call it, its method in the typed client and the',
    'in-process API, and its MCP tool. Each scope includes the ones before it: `read`, `propose`, `write`,',
    '`team`. The rules of each are in [errors, scopes and limits](errors-scopes-limits.md), and the',
    'schemas in the [OpenAPI document](openapi.json).',
    '',
    '| Method and path | Scope | Client | MCP tool | What it does |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## The tools each scope sees',
    '',
    ...byScope,
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = fileURLToPath(new URL('../docs/operations.md', import.meta.url));
  await writeFile(file, renderOperationsDoc(await sourceOperations()));
  process.stdout.write(`wrote ${file}\n`);
}
