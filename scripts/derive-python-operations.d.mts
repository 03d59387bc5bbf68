/** One operation of an OpenAPI document of the API, as the Python client's table holds it. */
export interface PythonOperation {
  id: string;
  method: string;
  path: string;
  scope: string;
  group: string;
}

/** The operations of an OpenAPI document: id, method, path below the base path, scope and group. */
export function operationsOf(document: unknown): PythonOperation[];

/** The text of clients/python/feedback_board/_operations.py for an OpenAPI document of the API. */
export function renderPythonOperations(document: unknown): string;
