/**
 * The version of feedback-board. package.json holds it; `npm version` writes it here, into the
 * Python client and into the changelog's headings (scripts/sync-version.mjs), and
 * test/package/version.test.ts fails while any of them differs.
 */
export const PACKAGE_VERSION = '0.1.0';
