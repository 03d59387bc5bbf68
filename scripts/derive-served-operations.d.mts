import type { OperationSpec } from '../src/http/operation-schemas.js';

/** The text of src/http/operation-routes.ts for the operation table with its schemas, in table order. */
export function renderOperationRoutes(operations: Readonly<Record<string, OperationSpec>>): string;

/** The service modules the core imports (the request path's reads); the others load on first call. */
export const IMPORTED_SERVICES: ReadonlySet<string>;

/** The text of src/http/served-operations.ts for the operation table with its schemas, in table order. */
export function renderServedOperations(operations: Readonly<Record<string, OperationSpec>>): string;

/** The text of src/client/routes.ts (the typed client's short rows) for the operation table with its schemas, in table order. */
export function renderClientRoutes(operations: Readonly<Record<string, OperationSpec>>): string;

/** The source table with its schemas, read through a bundle of `src/http/operation-schemas.ts`. */
export function sourceOperations(): Promise<Readonly<Record<string, OperationSpec>>>;
