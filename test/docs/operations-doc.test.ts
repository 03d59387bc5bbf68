/**
 * docs/operations.md is generated from the operation table: the committed file is exactly what the
 * generator makes of the table (run `npm run derive`), and the tool names it gives are those of the
 * MCP server.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { renderOperationsDoc } from '../../scripts/derive-operations-doc.mjs';
import { toolDefinitions } from '../../mcp/tools.js';
import { operations } from '../../src/http/operation-schemas.js';

it('docs/operations.md is committed exactly as the generator writes it from the table', async () => {
  const committed = await readFile(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  expect(committed).toBe(renderOperationsDoc(operations));
});

it('names every tool as the MCP server does, and lists each under the scopes that see it', () => {
  const text = renderOperationsDoc(operations);
  for (const tool of toolDefinitions()) expect(text, tool.name).toContain(`| \`${tool.name}\` |`);
  const team = text.split('\n').find((line) => line.startsWith('- `team`: '))!;
  expect(team.slice('- `team`: '.length).split(', ')).toEqual(toolDefinitions().map((tool) => `\`${tool.name}\``));
});
