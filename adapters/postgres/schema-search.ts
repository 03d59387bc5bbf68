/**
 * Schema version 11: trigram indexes for search (`q`).
 *
 * A post list with `search` matches the case-folded title and body as substrings (`LIKE` with the
 * search escaped, see tx/posts.ts). Without an index that reads every post of the board; with
 * `pg_trgm`'s GIN indexes over `title_folded` and `body_folded`, PostgreSQL finds the posts holding
 * the search's trigrams and rechecks each, so a rare or absent word costs what its matches cost.
 * (A search shorter than three characters has no trigram and reads the board as before; the
 * answer is the same either way.) `fastupdate` is off: a new post's trigrams go into the index at
 * once rather than into a pending list that every search would read until VACUUM merges it, which
 * keeps search time steady for the price of a slightly slower post write.
 *
 * `pg_trgm` ships with PostgreSQL and is a trusted extension: a role with CREATE on the database
 * may install it. Where it cannot be installed (no privilege, or a managed service that keeps
 * extensions in a schema off the search path), the step leaves search without the indexes
 * rather than failing the upgrade; docs/scaling.md ("Search") says how to add them later.
 */
import type { PoolClient } from 'pg';

/** The schema `pg_trgm` is installed in, quoted (the operator class is named through it). */
const TRGM_SCHEMA = `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e
  JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`;

/**
 * Creates the trigram indexes when `pg_trgm` is installed or can be; true when they were made.
 * The operator class is named with the extension's schema, which need not be on the search path
 * (an extension lives in one schema of the database, whichever schema this store uses).
 */
export async function indexSearch(client: PoolClient): Promise<boolean> {
  await client.query('SAVEPOINT fb_search_indexes');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const ops = `${(await client.query<{ schema: string }>(TRGM_SCHEMA)).rows[0]!.schema}.gin_trgm_ops`;
    await client.query(`
      CREATE INDEX fb_posts_title_trgm ON fb_posts USING gin (title_folded ${ops}) WITH (fastupdate = off);
      CREATE INDEX fb_posts_body_trgm ON fb_posts USING gin (body_folded ${ops}) WITH (fastupdate = off);`);
    await client.query('RELEASE SAVEPOINT fb_search_indexes');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT fb_search_indexes');
    return false;
  }
}
