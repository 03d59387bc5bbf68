/**
 * What the core's browser bundle (core + IndexedDB, as `bench/bundle.mjs` builds it, split where
 * the core calls `import()`) loads with the page must not carry: classic zod (request validation
 * is on `zod/mini`), zod's locales, `lru-cache`, the OpenAPI generator, the full operation table or
 * the response schemas (all behind `feedback-board/openapi`); nor what loads on the first call of
 * a function that needs it: the services but those of the request path's reads, webhook delivery
 * and loading a fixture. The same checks applied to that subpath, and to the chunks loaded later,
 * find every one of them, so they can fail. The built package is checked too: nothing
 * `dist/index.js` reaches imports classic zod or `lru-cache`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserChunks } from '../helpers/esbuild.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));


/**
 * The modules that must stay out of the core, by what each path or the code shows. Paths are
 * relative to the repository; node_modules may sit behind a symlink, so match anywhere.
 */
function forbidden({ inputs, text }: { inputs: string[]; text: string }): string[] {
  const found = inputs.filter((path) =>
    /node_modules\/zod\/v4\/(classic|locales)\/|node_modules\/lru-cache\/|src\/http\/(openapi|openapi-text|operations|operation-schemas)\.ts$|src\/domain\/responses\.ts$/.test(path),
  );
  if (text.includes('toJSONSchema')) found.push('the string toJSONSchema');
  return found;
}

const CORE = "export * from './src/index.ts';\nexport * from './adapters/indexeddb/index.ts';";

/**
 * Modules a browser application never runs unless it calls them, loaded on the first call that
 * needs one: mail to followers and its settings, sign-in links and sessions, the team's dashboard
 * functions, moderation and merges, raising webhook events and queuing their chat messages,
 * webhook delivery, loading a fixture, the answer cache (never over IndexedDB), the existence
 * check behind an error ranked below "not found", and the record store's
 * aggregates only those use (votes and comments, statistics, people, moderation, OAuth, mail, SSO),
 * and the migration steps that upgrade an older IndexedDB database.
 */
const LOADED_ON_FIRST_CALL = [
  'src/services/follower-mail.ts',
  'src/services/mail-settings.ts',
  'src/services/people.ts',
  'src/services/team.ts',
  'src/services/dashboard.ts',
  'src/services/webhooks.ts',
  'src/services/team-voters.ts',
  'src/services/team-attachments.ts',
  'src/services/moderation.ts',
  'src/services/merges.ts',
  'src/services/company-revenue.ts',
  'src/services/webhook-events.ts',
  'src/services/chat-messages.ts',
  'src/services/changelog-entries.ts',
  'src/webhooks/delivery-pool.ts',
  'src/webhooks/send.ts',
  'src/fixture/load.ts',
  'src/fixture/schema.ts',
  'src/storage/record-tx/engagement.ts',
  'src/storage/record-tx/statistics.ts',
  'src/storage/record-tx/people.ts',
  'src/storage/record-tx/moderation.ts',
  'src/storage/record-tx/oauth.ts',
  'src/storage/record-tx/mail.ts',
  'src/storage/record-tx/sso.ts',
  'src/storage/record-tx/changelog.ts',
  'adapters/indexeddb/upgrade-steps.ts',
  'adapters/indexeddb/build-aggregates.ts',
  'src/storage/schema/steps.ts',
  'src/http/answer-cache.ts',
  'src/http/path-exists.ts',
];

/** What the request path runs (GET a board, its posts, one post): loaded with the core, never on a first call. */
const REQUEST_PATH = [
  'src/http/handler.ts',
  'src/services/keys.ts',
  'src/services/board-reads.ts',
  'src/services/post-reads.ts',
  'src/storage/record-tx/accounts.ts',
  'src/storage/record-tx/boards.ts',
  'src/storage/record-tx/posts.ts',
  'src/storage/record-tx/agent.ts',
  'src/storage/record-tx/attachments.ts',
];

describe('the core browser bundle', () => {
  it('holds zod/mini but no classic zod, zod locale, lru-cache, OpenAPI generator, operation table or response schema', async () => {
    const { initial: core, lazy } = await browserChunks(CORE);
    expect(core.inputs.some((path) => /node_modules\/zod\/v4\/mini\//.test(path))).toBe(true);
    expect(forbidden(core)).toEqual([]);
    expect(forbidden(lazy)).toEqual([]);
    const { gzipped } = core;
    console.log(
      `browser bundle (core + indexeddb): ${(core.bytes / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped; ` +
        `loaded on first calls: ${(lazy.bytes / 1024).toFixed(1)} KB minified`,
    );
    // 70.0 KB before request validation moved to zod/mini and the generator to its own subpath;
    // 39.3 KB then, 41.2 KB with the declared statistics counters, 44.4 KB with similar posts
    // (+1.4), independent webhook deliveries and voter sign-in links (+1.3) and the voter side
    // (+1.5); 45.6 KB with moderation (+1.2: the held posts' service, its SDK functions and the
    // record store's part); merging posts (+0.9: the service, its request schema and
    // the merge records of the record store), OAuth's storage methods (+0.3) and the HTML part of
    // mails (+0.1): 47.5 KB; 48.8 KB with mail to followers (+1.3: the mail aggregate of the
    // record store, queueing follower mail with each change and reading the team's event
    // settings); posts' activity logs (+1.4: the entries written by the services, reading and
    // naming them, the record store's part); attachments (+1.7: the record store's aggregate 0.4,
    // checking, storing, presenting and reading uploads 1.3); single sign-on's storage in the record
    // store (+0.55: five tables, twelve methods, an IndexedDB step): 52.5 KB (166.9 KB minified);
    // votes on behalf of a customer company (+0.5: the service and its two served rows, its request
    // schema, the company voters' table and four methods of the record store, an IndexedDB step,
    // two activity kinds), measured alone: 53.0 KB (169.3 KB minified). Together with private
    // boards (+0.2: the access aggregate, claims kept at SSO sign-in), the team's view of
    // attachments (+0.1), the store's insert-if-absent setting (+0.1) and voters' languages
    // (+0.4: the stored locale, setting it, the follower mail's language): 53.9 KB. Posts by
    // company revenue (+0.4: the record store's ranking, the team's service and its page schema):
    // 54.3 KB (173.4 KB minified), 54.4 KB (55,733 bytes) since. A team member's address changing in
    // place (the team's service and the record store's method) and the kind every mail names
    // (+131 bytes together): 54.6 KB (55,864 bytes; 174.4 KB minified). The budget moves only in a
    // change that says what grew; see docs/architecture.md, "The browser bundle". What imports
    // stored, by source id, in the record store (+0.4), OAuth registration's expiry and the pages'
    // redirects read against their origin (+0.2), the request path's one parse of a URL (+0.1),
    // then the team scope's operations and a post's activity log as one (+0.8: ten served rows, the
    // services of held posts, voter blocks, merges undone and mail settings taking a caller, the
    // path's held posts and voters checked by the handler): 56.1 KB (57,425 bytes; 180 KB minified).
    // Then what loading the core loads, the build split where the core calls import(): every
    // service but the request path's reads loaded on its first call (the team's dashboard, sign-in
    // and sessions, moderation, merges, mail to followers and its settings, the agent workflow),
    // 47.0 KB; webhook delivery and the fixture loader on first use, 43.7 KB (44,795 bytes; 135.8 KB
    // minified, 66.7 KB minified in the chunks loaded on first calls); 43.8 KB (44,851 bytes) a
    // round later. Then the record store's aggregates only those services use (votes and comments,
    // statistics, people, moderation, OAuth, mail, SSO) on their first call: 40.8 KB (41,760
    // bytes; 123.7 KB minified, 81.4 KB minified loaded on first calls). The words of Chinese and
    // Japanese titles for similar posts, and French and Portuguese stop words, add 0.6 KB: 42.0 KB
    // (43,003 bytes). Comments edited and deleted (+317 bytes: two served rows, the handler's check
    // of the comment a path names, the voter side's and the team's functions, the earlier bodies'
    // table in the record store and IndexedDB's step; the services load on first call): 43,320 bytes.
    // IndexedDB's upgrade steps described in comments instead of strings it never reads: 41.6 KB
    // (42,566 bytes; 126.1 KB minified). Integrations' storage and connections' served rows
    // (+834 bytes: six record-store tables, their step and the contract's methods), then
    // IndexedDB's steps that upgrade an older database loaded by the first open that finds one (a
    // new database is made from the declaration): 41.0 KB (41,980 bytes; 124.5 KB minified). The
    // integrations' record types exported with their three lists (providers, chat platforms and
    // events): 41.1 KB (42,093 bytes). Deleted posts kept for restoring (+497 bytes: the trash's
    // table and step, the contract's five methods and their lazy aggregate, two served rows, the
    // handler's check of the deleted post a path names, two activity kinds, an event and the
    // root's export of their days; the services and the record store's trash load on first
    // call): 41.6 KB (42,590 bytes).
    // Posts' links (the single shape's read and schema, two served rows, the connection test's
    // row), the delivery pool generic over its outbox and the integrations' calls driven by a pool
    // of their own (its code loaded on first use), the link's body checked with the validators
    // the bundle already holds: 42.0 KB (42,966 bytes). A post's parts read in one statement by the
    // SQL stores (+61 bytes: the contract's method and its fallback over the other aggregates'
    // reads); checking a fixture without loading it (`parseFixture`, and the fixture's schema with
    // the zod kinds only it uses) reached from `feedback-board/mock-server`, not the root, where
    // the core held it for no call of its own (-1,841 bytes): 40.3 KB (41,247 bytes).
    // A board's chat targets (+208 bytes: three served rows, the handler's check of the target a
    // path names, the request schema of a target and the fixture's boards' chat; the service and
    // the URL checks load on first call), then the webhook events' payloads and their raising,
    // with the chat messages queued on them, loaded with the services that raise them (the entry
    // keeps only the events' names; -142 bytes): 40.4 KB (41,321 bytes).
    // Custom statuses (+1,532 bytes measured alone: the statuses' record-store methods and the label
    // rule every post write keeps, the migration step's statements, four served rows and the
    // handler's check of the status a path names, the label read with every post shape, the
    // requests' and the fixture's schemas of a status): 41.8 KB (42,815 bytes), 42,971 bytes since.
    // The shared migration steps (their descriptions and backfill statements) left to the upgrade
    // that runs them: a new IndexedDB database needs only their count, generated beside the
    // record schema (-774 bytes): 41.2 KB (42,200 bytes). Changelog entries (+231 bytes measured
    // alone: two served rows, the table's declaration and step, the contract's five methods and
    // their lazy aggregate, the event's name and the mail setting's kind; the service, its request
    // schemas and the record store's part load on first call): 41.4 KB (42,385 bytes).
    // Custom fields (+465 bytes: the fields aggregate's table of writes and its lazy loader, the
    // posts' values kept by the record store's posts and their filter, the record schema's table
    // and the migration step; two served rows, the values shown in every post shape, the request
    // schema of values, the list's `field` parameter; the services, the values' checks, the
    // filter's reading and the request schemas of the fields themselves load on first call):
    // 41.8 KB (42,850 bytes). Changelog entries edited and deleted (+93 bytes: two served rows, the
    // path's entry id and the handler's loading of the entries' service, which holds the lookup,
    // when a path names one): 41.9 KB (42,943 bytes). Saved views (+92 bytes: the aggregate's table of
    // writes, its record-schema table and step, its lazy loader) and the lazily loaded aggregates'
    // factories each their module's default export instead of a name of its own (-58 bytes):
    // 42.0 KB (42,977 bytes). The answer cache loaded only over a storage with a version (+168
    // bytes of the handler's glue; IndexedDB has none, so a browser never loads the cache itself),
    // and the existence check behind errors ranked below "not found" loaded with the first such
    // error (-209 bytes): 41.9 KB (42,936 bytes). The body read by the reader `listen` leaves on
    // the request, and a successful answer built by the request when it offers to (the mock's
    // light answers) (+56 bytes): 42.0 KB (42,992 bytes). The key cache keyed by the key as sent,
    // the class that wrapped its LRU folded into the handler (-17 bytes): 42.0 KB (42,976 bytes).
    expect(gzipped).toBeLessThanOrEqual(42 * 1024);
  }, 60_000);

  it('loads the request path with the core, and mail, sign-in, the dashboard, moderation, webhook delivery, fixtures and their storage on first calls', async () => {
    const { initial, lazy } = await browserChunks(CORE);
    expect(REQUEST_PATH.filter((path) => !initial.inputs.includes(path))).toEqual([]);
    expect(LOADED_ON_FIRST_CALL.filter((path) => initial.inputs.includes(path))).toEqual([]);
    // They are in the chunks loaded later: the check above names real modules.
    expect(LOADED_ON_FIRST_CALL.filter((path) => !lazy.inputs.includes(path))).toEqual([]);
    // A bundle imports only its own chunks.
    expect([...initial.external, ...lazy.external]).toEqual([]);
  }, 60_000);

  it('the same checks find all of them in feedback-board/openapi, and would name lru-cache', async () => {
    const { initial: openapi } = await browserChunks("export * from './src/openapi/index.ts';");
    const found = forbidden(openapi);
    for (const pattern of [/zod\/v4\/classic\//, /src\/http\/openapi\.ts$/, /src\/http\/operations\.ts$/, /src\/http\/operation-schemas\.ts$/, /src\/domain\/responses\.ts$/, /toJSONSchema/]) {
      expect(found.some((entry) => pattern.test(entry))).toBe(true);
    }
    const lruCache = '../main/node_modules/lru-cache/dist/esm/index.js';
    expect(forbidden({ inputs: ['src/http/lru.ts', lruCache], text: '' })).toEqual([lruCache]);
  }, 60_000);
});

describe('the built core entry', () => {
  /** Every file of dist/ that dist/index.js reaches through static imports, and the bare imports met. */
  function reach(entry: string): { files: string[]; packages: Set<string> } {
    const files: string[] = [];
    const packages = new Set<string>();
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (files.includes(file)) continue;
      files.push(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:^|[;\s])(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["']/gm)) {
        if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!));
        else packages.add(specifier!);
      }
    }
    return { files, packages };
  }

  it.skipIf(!existsSync(join(ROOT, 'dist/index.js')))('imports zod/mini only, never classic zod or lru-cache, and no chunk of the generator', () => {
    const core = reach(join(ROOT, 'dist/index.js'));
    expect(core.packages.has('zod/mini')).toBe(true);
    expect([...core.packages].filter((name) => name === 'zod' || name.startsWith('zod/v4') || name === 'lru-cache')).toEqual([]);
    for (const file of core.files) expect({ file, generator: readFileSync(file, 'utf8').includes('toJSONSchema') }).toEqual({ file, generator: false });
    // The subpath does reach classic zod: the walk sees imports.
    expect(reach(join(ROOT, 'dist/openapi/index.js')).packages.has('zod')).toBe(true);
  });
});
