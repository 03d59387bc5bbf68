/** The files that hold a copy of the version (see sync-version.mjs), and how each writes it. */
export const VERSION_COPIES: Record<string, (text: string, version: string, today: string) => string>;
export function datedChangelog(text: string, version: string, today: string): string;
export function syncVersion(root: string, version?: string, today?: string): string[];
