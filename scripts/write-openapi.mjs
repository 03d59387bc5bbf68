#!/usr/bin/env node
/**
 * Writes docs/openapi.json from the built package (run `npm run build` first, or `npm run openapi`,
 * which builds). `test/openapi/document.test.ts` fails while the committed file differs from what
 * the generator produces.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../dist/openapi/index.js';

const file = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
// Two-space indentation and a final newline: the test compares the text exactly.
await writeFile(file, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
