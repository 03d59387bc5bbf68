/**
 * The steps that upgrade an older IndexedDB database, loaded by the first open that finds one
 * (see open.ts). Versions are the IndexedDB database version. A database at version N was built
 * by exactly the steps 1..N, run in order in the `versionchange` transaction of the open that
 * found an older version. A released step is never edited: a later change to a table, an index or
 * the stored rows is a new step. Steps name the stores and indexes they add; the key paths come
 * from the record schema.
 */
import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { shortenStoredPrefixV1 as shortenStoredPrefix } from '../../src/storage/frozen-migration-rules.js';
import { ID_COUNTERS_STORE, RECORD_SCHEMA, type TableName } from '../../src/storage/record-store.js';
import { qualified, SCHEMA_STEPS, storeVersion, type SchemaStep } from '../../src/storage/schema/steps.js';
import { wordsOf } from '../../src/storage/words.js';
import { buildAggregates, type UpgradeTransaction } from './build-aggregates.js';
import { addIndexes, createStore, SCHEMA_VERSION } from './schema.js';
import { addDefaultStatuses } from './schema-statuses.js';
import { addVoterLocales } from './schema-voter-locale.js';

export interface UpgradeStep {
  /** What the step does is said in a comment above it: the database records only the version. */
  readonly version: number;
  /**
   * Runs in the upgrade's `versionchange` transaction. It may only issue IndexedDB requests (a
   * step that rewrites rows chains them on `tx`): the transaction commits when none is pending.
   */
  apply(db: IDBPDatabase, tx: UpgradeTransaction): void;
}


/** The tables of version 1, frozen: later tables are created by the step that adds them. */
const VERSION_1_TABLES: readonly TableName[] = [
  'organizations', 'api_keys', 'settings', 'boards', 'posts', 'tags', 'post_tags',
  'evidence', 'claims', 'voters', 'votes', 'comments', 'reactions', 'webhooks',
];

/** IndexedDB's own released steps, frozen: the shared steps continue after them. */
const HISTORY: readonly UpgradeStep[] = [
  /** An object store per table with its primary key, the id counters, and the indexes of lookups by key. */
  {
    version: 1,
    apply(db, tx) {
      for (const table of VERSION_1_TABLES) createStore(db, table);
      db.createObjectStore(ID_COUNTERS_STORE.name, { keyPath: ID_COUNTERS_STORE.keyPath });
      addIndexes(tx, {
        api_keys: ['by_organization', 'by_hash'],
        boards: ['by_organization', 'by_organization_slug'],
        tags: ['by_board_slug'],
        post_tags: ['by_post', 'by_tag'],
        evidence: ['by_post', 'by_post_action_key'],
        voters: ['by_organization_email'],
        comments: ['by_post'],
        reactions: ['by_comment'],
        webhooks: ['by_organization'],
      });
    },
  },
  /** Indexes for the post list, queue, roadmap, changelog and statistics reads: a board's posts, by status, and a post's votes. */
  {
    version: 2,
    apply(_db, tx) {
      addIndexes(tx, { posts: ['by_board', 'by_board_status'], votes: ['by_post'] });
    },
  },
  /** Shorten stored key prefixes to at most a third of the key (4 characters past fbk_ at most). */
  {
    version: 3,
    apply(_db, tx) {
      // Raw requests chained from each cursor's success: the upgrade commits when the last is done.
      const cursorRequest = unwrap(tx).objectStore('api_keys').openCursor();
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) return;
        const record = cursor.value as { prefix: string };
        const shorter = shortenStoredPrefix(record.prefix);
        if (shorter !== record.prefix) cursor.update({ ...record, prefix: shorter });
        cursor.continue();
      };
    },
  },
  /** The webhook outbox: messages (by webhook, by status) and their delivery attempts (by message, by webhook). */
  {
    version: 4,
    apply(db, tx) {
      createStore(db, 'webhook_messages');
      createStore(db, 'webhook_attempts');
      addIndexes(tx, {
        webhook_messages: ['by_webhook', 'by_status'],
        webhook_attempts: ['by_message', 'by_webhook'],
      });
    },
  },
  /** Team members, sessions and one-time sign-in links of the web pages. */
  {
    version: 5,
    apply(db, tx) {
      for (const table of ['team_members', 'sessions', 'sign_in_links'] as const) createStore(db, table);
      addIndexes(tx, { team_members: ['by_organization', 'by_organization_email'] });
    },
  },
  /** Maintained statistics per board and day, and per board and voter, built from the stored rows. */
  {
    version: 6,
    apply(db, tx) {
      for (const table of ['board_days', 'board_voters'] as const) createStore(db, table);
      addIndexes(tx, { board_voters: ['by_board'] });
      buildAggregates(tx);
    },
  },
  /** The similar-posts word index: the words of every post title, by board and word. */
  {
    version: 7,
    apply(db, tx) {
      createStore(db, 'post_words');
      addIndexes(tx, { post_words: ['by_board_word', 'by_post'] });
      indexExistingTitles(tx);
    },
  },
  /** Voters' posts, blocks and follows: a post's author (by voter), blocks of voters, follows (by post), comments by voter. */
  {
    version: 8,
    apply(db, tx) {
      for (const table of ['post_authors', 'voter_blocks', 'follows'] as const) createStore(db, table);
      addIndexes(tx, { post_authors: ['by_voter'], follows: ['by_post'], comments: ['by_voter'] });
    },
  },
  /** Moderation: the boards whose voters' posts wait for approval, and the held posts (by organization and state, by voter). */
  {
    version: 9,
    apply(db, tx) {
      for (const table of ['moderated_boards', 'held_posts'] as const) createStore(db, table);
      addIndexes(tx, { held_posts: ['by_organization_state', 'by_voter'] });
    },
  },
  /** OAuth for the MCP endpoint: registered clients, grants (by organization), codes and tokens. */
  {
    version: 10,
    apply(db, tx) {
      for (const table of ['oauth_clients', 'oauth_grants', 'oauth_codes', 'oauth_tokens'] as const) createStore(db, table);
      addIndexes(tx, { oauth_grants: ['by_organization'] });
    },
  },
  /** Merged posts: the record of each merge, by merged post and by its board. */
  {
    version: 11,
    apply(db, tx) {
      createStore(db, 'post_merges');
      addIndexes(tx, { post_merges: ['by_board'] });
    },
  },
  /** Mail to followers: the queue per voter and post, failed mail (by organization), unsubscribed addresses. */
  {
    version: 12,
    apply(db, tx) {
      for (const table of ['mail_queue', 'mail_failures', 'mail_unsubscribes'] as const) createStore(db, table);
      addIndexes(tx, { mail_queue: ['by_voter_post', 'by_post'], mail_failures: ['by_organization'] });
    },
  },
  /** Each post's activity log, by post. */
  {
    version: 13,
    apply(db, tx) {
      createStore(db, 'activity');
      addIndexes(tx, { activity: ['by_post'] });
    },
  },
  /** Attachments: images of posts, comments and held posts (by each) and their bytes apart. */
  {
    version: 14,
    apply(db, tx) {
      for (const table of ['attachments', 'attachment_bytes'] as const) createStore(db, table);
      addIndexes(tx, { attachments: ['by_post', 'by_comment', 'by_held_post'] });
    },
  },
  /** Single sign-on: the organization's secrets (by organization) and settings, host users' voters (by voter), companies (by organization) and voters' companies. */
  {
    version: 15,
    apply(db, tx) {
      for (const table of ['sso_secrets', 'sso_settings', 'sso_identities', 'companies', 'voter_companies'] as const) createStore(db, table);
      addIndexes(tx, { sso_secrets: ['by_organization'], sso_identities: ['by_voter'], companies: ['by_organization'] });
    },
  },
  /** Private boards: each board's access settings (by board) and voters' SSO claims (by voter). */
  {
    version: 16,
    apply(db) {
      for (const table of ['board_access', 'voter_claims'] as const) createStore(db, table);
    },
  },
  /** Each voter's language, for the mail they get: null for the voters already stored. */
  {
    version: 17,
    apply(_db, tx) {
      addVoterLocales(tx);
    },
  },
  /** Votes on behalf of customer companies: the voter of each company (by organization). */
  {
    version: 18,
    apply(db, tx) {
      createStore(db, 'company_voters');
      addIndexes(tx, { company_voters: ['by_organization'] });
    },
  },
  /** Posts by company revenue from the company voters' votes: votes by voter, voters' companies by organization. */
  {
    version: 19,
    apply(_db, tx) {
      addIndexes(tx, { votes: ['by_voter'], voter_companies: ['by_organization'] });
    },
  },
  /** Imports: the source id of each row an import made a post or comment from (by board). */
  {
    version: 20,
    apply(db, tx) {
      createStore(db, 'import_sources');
      addIndexes(tx, { import_sources: ['by_board'] });
    },
  },
];

/** A shared step (src/storage/schema/steps.ts) as IndexedDB runs it: its record tables, record indexes and row rewrites. */
function sharedStep(step: SchemaStep, index: number): UpgradeStep {
  return {
    version: storeVersion('indexeddb', index),
    apply(db, tx) {
      for (const change of step.changes) {
        if ('addTable' in change && change.record !== undefined) {
          createStore(db, change.record);
          addIndexes(tx, { [change.record]: Object.keys(RECORD_SCHEMA[change.record].indexes) });
        } else if ('addRecordIndex' in change) {
          const { table, name } = qualified(change.addRecordIndex);
          addIndexes(tx, { [table]: [name] });
        }
      }
      const records = step.backfill?.records;
      if (records !== undefined) rewriteRows(tx, records.table, records.row);
      if (step.backfill?.indexeddb === 'defaultStatuses') addDefaultStatuses(tx);
    },
  };
}

/** Every step: IndexedDB's history, then the steps shared by every store. */
export const UPGRADE_STEPS: readonly UpgradeStep[] = [...HISTORY, ...SCHEMA_STEPS.map(sharedStep)];

/** Rewrites every row of `table`, chained from one raw cursor (the upgrade commits when it is done). */
function rewriteRows(tx: UpgradeTransaction, table: TableName, row: (row: Readonly<Record<string, unknown>>) => Record<string, unknown>): void {
  const cursorRequest = unwrap(tx).objectStore(table).openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    cursor.update(row(cursor.value as Record<string, unknown>));
    cursor.continue();
  };
}

/** Writes the `post_words` rows of every stored post, chained from one raw cursor like step 3. */
function indexExistingTitles(tx: UpgradeTransaction): void {
  const raw = unwrap(tx);
  const words = raw.objectStore('post_words');
  const cursorRequest = raw.objectStore('posts').openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    const post = cursor.value as { id: number; board_id: number; title: string };
    for (const word of wordsOf(post.title)) words.put({ board_id: post.board_id, word, post_id: post.id });
    cursor.continue();
  };
}

/** Runs the steps after `oldVersion` up to `newVersion`, in order. */
export function runUpgradeSteps(db: IDBPDatabase, tx: UpgradeTransaction, oldVersion: number, newVersion: number): void {
  for (const step of UPGRADE_STEPS) {
    if (step.version > oldVersion && step.version <= newVersion) step.apply(db, tx);
  }
}

// The steps and the version the core opens at are counted apart: they must agree.
if (UPGRADE_STEPS.length !== SCHEMA_VERSION) throw new Error(`feedback-board/indexeddb: ${UPGRADE_STEPS.length} upgrade steps for version ${SCHEMA_VERSION}`);
