/**
 * `http.serveOpenApi`: the handler serves the OpenAPI document only with the generator it is
 * given, so that the core (and a browser bundle of it) carries neither the generator nor the
 * response schemas; they live in `feedback-board/openapi`.
 */
import type { OpenApiDocument, OpenApiOptions } from './openapi.js';

/**
 * What `serveOpenApi` takes: the document generator of `feedback-board/openapi`
 * (`createOpenApiDocument`), called once with the handler's base path.
 */
export type OpenApiGenerator = (options: Pick<OpenApiOptions, 'basePath'>) => OpenApiDocument;

/**
 * The generator `serveOpenApi` names, or null when off. `true` (the form before the generator
 * moved to its own subpath), or anything else that is not a function, fails here, when the board
 * is created, saying what to pass instead.
 */
export function openApiGeneratorOf(value: unknown): OpenApiGenerator | null {
  if (value === undefined || value === false) return null;
  if (typeof value === 'function') return value as OpenApiGenerator;
  throw new TypeError(
    "feedback-board: http.serveOpenApi takes the document generator, not true: import { createOpenApiDocument } from 'feedback-board/openapi' and pass serveOpenApi: createOpenApiDocument (or false for none)",
  );
}
