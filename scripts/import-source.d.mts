/** The export `name` of the TypeScript source `source` (a path from the repository root), read through a bundle. */
export function importSource(source: string, name: string): Promise<unknown>;
