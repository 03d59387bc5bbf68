/** Where a type-check that passed leaves its fingerprint, relative to the package root (see typecheck.mjs). */
export const TYPECHECK_STAMP: string;
/** A digest of everything the type-check of `root` reads. */
export function typecheckFingerprint(root: string): string;
/** Whether a type-check of exactly these sources passed in `root` already. */
export function typecheckFresh(root: string): boolean;
/** Runs `tsc --noEmit` in `root` (with `ifStale`, unless these sources passed it), leaving the stamp when it passes; `output` is kept when `quiet`. */
export function typecheck(root: string, options?: { quiet?: boolean; ifStale?: boolean }): Promise<{ code: number; output: string; skipped: boolean }>;
