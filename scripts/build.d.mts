/** What the build reads (see build.mjs). */
export const BUILD_INPUTS: readonly string[];
/** What the build reads and is compared by content (see build.mjs). */
export const CONTENT_INPUTS: readonly string[];
/** Where a successful build leaves its fingerprint, relative to the package root. */
export const STAMP: string;
export function fingerprint(root: string, inputs?: readonly string[]): string;
export type BuildNeeded = 'all' | 'js' | 'types' | 'nothing';
export function buildNeeded(root: string, options: { ifStale: boolean; types: boolean }): BuildNeeded;
export function build(root: string, options?: { ifStale?: boolean; types?: boolean }): Promise<BuildNeeded>;
/** Adds the path, size and modification time of `inputs` and what is under them to `hash` (see build.mjs). */
export function hashFiles(
  hash: import('node:crypto').Hash,
  root: string,
  inputs: readonly string[],
  options?: { keep?: (name: string, isFolder: boolean) => boolean; folders?: boolean },
): void;
/** Adds a digest of the content of each of `files` to `hash`. */
export function hashContents(hash: import('node:crypto').Hash, root: string, files: readonly string[]): void;
