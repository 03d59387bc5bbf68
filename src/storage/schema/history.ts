/**
 * Steps of the SQL stores' released histories that create tables, written once: each names the
 * tables it created, and each store runs its statements (`stepSql`) at its own version, as it runs
 * the shared steps (steps.ts). The tables come from the declaration (tables.ts) as they are, with
 * what a later step added to them left out here (`as`), so that a database upgraded through every
 * step ends with the declared catalogue (the migration tests of both stores check it). A later
 * change to one of these tables is a step of its own, and the step here then spells out the table
 * as it made it.
 */
import type { SchemaStep } from './steps.js';
import { TABLES } from './tables.js';

/** SQLite 12, PostgreSQL 12. */
export const MODERATION_TABLES_STEP: SchemaStep = {
  description: "moderation: the boards whose voters' posts wait for approval, and the held posts with the team's decision",
  changes: [{ addTable: 'moderated_boards' }, { addTable: 'held_posts' }],
};

/** SQLite 17, PostgreSQL 18. */
export const ATTACHMENTS_TABLES_STEP: SchemaStep = {
  description: 'attachments: images of posts and comments, their bytes apart, going with their post or comment',
  changes: [{ addTable: 'attachments' }, { addTable: 'attachment_bytes' }],
};

/** SQLite 18, PostgreSQL 19; the index of a company's voters came with the revenue ranking. */
export const SSO_TABLES_STEP: SchemaStep = {
  description: "single sign-on: the organization's secrets and settings, host users' voters, companies and voters' companies",
  changes: [
    { addTable: 'sso_secrets' },
    { addTable: 'sso_settings' },
    { addTable: 'sso_identities' },
    { addTable: 'companies' },
    { addTable: 'voter_companies', as: { ...TABLES.voter_companies, indexes: {} } },
  ],
};

/** SQLite 19, PostgreSQL 20. */
export const ACCESS_TABLES_STEP: SchemaStep = {
  description: "private boards: each board's access, allowed e-mail domains and SSO claim rule, and voters' SSO claims",
  changes: [{ addTable: 'board_access' }, { addTable: 'voter_claims' }],
};
