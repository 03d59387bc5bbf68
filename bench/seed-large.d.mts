import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import type { FeedbackBoard } from '../src/board.js';
import type { DumpPort } from '../src/storage/dump-tables.js';

/** The 800 made-up words titles are drawn from (see seed-large.mjs). */
export const VOCABULARY: readonly string[];
/** The word of 1% of the titles. */
export const RARE_WORD: string;
/** The boards of the seeded organization; `bench` holds 85% of the posts. */
export const BOARD_SLUGS: readonly string[];
/** How many voters a seed of `size` posts makes. */
export function voterPoolSize(size: number): number;
/** Where a seed goes: a SQLite store's database and dump port, or a PostgreSQL pool and the dump port's factory. */
export type SeedTarget =
  | { dialect: 'sqlite'; database: Database; dumpPort: DumpPort }
  | { dialect: 'postgres'; pool: pg.Pool; postgresDumpPort: (storage: { readonly pool: pg.Pool }) => DumpPort };
/** Seeds `size` posts into a new organization of `board`'s store. */
export function seedLarge(
  board: FeedbackBoard,
  size: number,
  target: SeedTarget,
  options?: { now?: number },
): Promise<{ key: string; slug: string; organizationId: number; firstPostId: number; seconds: number }>;
