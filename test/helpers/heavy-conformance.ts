/**
 * The storage conformance suite's tests that run thousands of generated operations over
 * statements the suite's other tests run too, named so that a run where each statement costs
 * far more than on the fast stores can leave them to those stores, with the reason in the skipped
 * test's name. Every one of them still runs on memory, SQLite, fake-indexeddb and PostgreSQL
 * through a direct connection.
 */

/**
 * The four that take minutes where every statement costs more: PGlite, and a transaction pooler,
 * where each statement is planned on every run.
 */
export const HEAVY_CONFORMANCE_TESTS = [
  'on 2,000 generated posts, word counts, candidates and ranked answers equal the reference implementation',
  "50 random operation sequences give the reference implementation's results",
  '25 random operation sequences leave every maintained counter equal to its recount from the rows',
  'merge and unmerge: random sequences agree with a model of voters, comments and listed posts',
] as const;

/**
 * Three more random sequences checked against a model (statuses, custom fields, statistics),
 * which through a transaction pooler took 14 s, 11 s and 7 s: a third of that file.
 */
export const MODEL_CONFORMANCE_TESTS = [
  'random status and label changes keep every post’s label as the model and the reference say',
  'random writes of values answer every filter, count and post as the reference does',
  'analytics, ship statistics and counters after random votes, status moves, hides, merges and moderation equal their recount',
] as const;

/**
 * What the run in real Chromium leaves to fake-indexeddb and the other stores: the heavy tests but
 * the 50 random operation sequences, which it keeps as its own random check of IndexedDB's
 * transactions. The three took 23 s, 7 s and 4 s of the 75 s the suite took in the page.
 */
export const BROWSER_LEFT_TO_FAKE = HEAVY_CONFORMANCE_TESTS.filter((name) => !name.startsWith('50 random'));
