/**
 * Every table of the SQL stores, declared once (the language is model.ts): the DDL of a new
 * SQLite or PostgreSQL database is generated from it (ddl.ts), and the tests check that a database
 * made from it and one upgraded through every released migration step are the same, catalogue for
 * catalogue. Tables are in creation order: a table's references point to tables before it.
 */
import type { TableDeclarations } from './model.js';
import { ACCOUNTS_TABLES } from './tables-accounts.js';
import { BOARDS_TABLES } from './tables-boards.js';
import { ENGAGEMENT_TABLES } from './tables-engagement.js';
import { INTEGRATIONS_TABLES } from './tables-integrations.js';
import { STATISTICS_TABLES } from './tables-statistics.js';

export const TABLES = {
  ...BOARDS_TABLES,
  ...ENGAGEMENT_TABLES,
  ...ACCOUNTS_TABLES,
  ...STATISTICS_TABLES,
  ...INTEGRATIONS_TABLES,
} as const satisfies TableDeclarations;

export type SqlTableName = keyof typeof TABLES;
