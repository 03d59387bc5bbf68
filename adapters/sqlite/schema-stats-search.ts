/**
 * Schema version 6, in the order it is applied: the maintained statistics (their tables, filled
 * from the rows already stored, then the triggers that keep them), and the trigram index that
 * `search` uses (see schema-search.ts).
 */
import { AGGREGATE_BUILD, AGGREGATE_TABLES, AGGREGATE_TRIGGERS } from './schema-aggregates.js';
import { SEARCH_INDEX_V1 as SEARCH_INDEX } from './schema-search.js';

export const SCHEMA_STATS_AND_SEARCH: readonly string[] = [AGGREGATE_TABLES, AGGREGATE_BUILD, AGGREGATE_TRIGGERS, SEARCH_INDEX];
