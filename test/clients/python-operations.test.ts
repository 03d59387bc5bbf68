/**
 * The Python client's operation table (clients/python/feedback_board/_operations.py) is generated
 * from docs/openapi.json: the committed file must be exactly what the generator makes of the
 * committed document (run `npm run derive`), and it holds every operation of the table with its
 * method, path, scope and group. (The client's own tests fail while an operation has no method.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { operationsOf, renderPythonOperations } from '../../scripts/derive-python-operations.mjs';
import { operationNames, operationTable } from '../../src/http/operations.js';

const document = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;

describe("the Python client's operation table", () => {
  it('is committed exactly as the generator writes it from docs/openapi.json', async () => {
    const committed = await readFile(new URL('../../clients/python/feedback_board/_operations.py', import.meta.url), 'utf8');
    expect(committed).toBe(renderPythonOperations(document));
  });

  it('holds every operation of the table, with its method, path, scope and group', () => {
    const rows = new Map(operationsOf(document).map(({ id, ...row }) => [id, row]));
    expect([...rows.keys()].sort()).toEqual([...operationNames].sort());
    for (const name of operationNames) {
      const { method, path, scope, client } = operationTable[name];
      expect(rows.get(name), name).toEqual({ method, path, scope, group: client[0] });
    }
  });

  it('the generator refuses a path it cannot write as a plain literal, instead of writing broken code', () => {
    const broken = { paths: { '/api/v1/boards/"x"': { get: { operationId: 'x', 'x-scope': 'read', tags: ['boards'] } } } };
    expect(() => renderPythonOperations(broken)).toThrow(/cannot quote/);
  });
});
