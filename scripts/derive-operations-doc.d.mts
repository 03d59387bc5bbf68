import type { OperationSpec } from '../src/http/operation-schemas.js';

/** The text of docs/operations.md for the operation table with its schemas, in table order. */
export function renderOperationsDoc(operations: Readonly<Record<string, OperationSpec>>): string;
