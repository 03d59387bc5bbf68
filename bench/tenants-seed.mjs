// The organizations of bench/tenants.mjs on PostgreSQL: `count` organizations, each with one board
// (`main`), one write key and `postsEach` posts. Organizations, boards and keys are plain rows
// inserted set-based (three statements); posts go through the storage contract, because a post
// also writes rows the adapter derives in JavaScript (the words of its title for similar posts),
// one transaction per organization, several organizations at once.
import { createHash } from 'node:crypto';

const STATUSES = ['open', 'planned', 'in_progress'];
const TITLES = ['Dark mode for the dashboard', 'Export votes to CSV', 'Slack notifications', 'Single sign-on with Okta', 'Faster search'];

/** The write key of organization number `n` (0-based): a fixed string, so every process can use it. */
export const tenantKey = (n) => `bench-tenant-key-${String(n).padStart(4, '0')}`;

/**
 * Creates the organizations through `pool` (rows) and `storage` (posts). Resolves with one entry per
 * organization, in order: `{ key, posts }`, the ids of its posts oldest first.
 */
export async function seedTenants(pool, storage, count, postsEach) {
  const now = new Date().toISOString();
  const keys = Array.from({ length: count }, (_, n) => tenantKey(n));
  const client = await pool.connect();
  let boards;
  try {
    await client.query('BEGIN');
    const orgs = await client.query(
      `INSERT INTO fb_organizations (name, created_at)
       SELECT 'Tenant ' || lpad(g::text, 4, '0'), $1 FROM generate_series(0, $2 - 1) g ORDER BY g RETURNING id`,
      [now, count],
    );
    const orgIds = orgs.rows.map((row) => row.id);
    await client.query(
      `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at, revoked_at)
       SELECT o, 'write', 'bench', left(k, 12), h, $4, NULL FROM unnest($1::int[], $2::text[], $3::text[]) AS t (o, k, h)`,
      [orgIds, keys, keys.map((key) => createHash('sha256').update(key).digest('hex')), now],
    );
    const inserted = await client.query(
      `INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
       SELECT o, 'main', 'Main', '', '', true, NULL, $2 FROM unnest($1::int[]) WITH ORDINALITY AS t (o, n) ORDER BY n RETURNING id, organization_id`,
      [orgIds, now],
    );
    const boardOf = new Map(inserted.rows.map((row) => [row.organization_id, row.id]));
    boards = orgIds.map((id) => boardOf.get(id));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  const posts = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      posts[n] = await storage.transaction('write', async (tx) => {
        const ids = [];
        for (let p = 0; p < postsEach; p++) {
          const post = await tx.insertPost({
            board_id: boards[n],
            title: `${TITLES[(n + p) % TITLES.length]} ${p}`,
            body: '',
            status: STATUSES[p % STATUSES.length],
            is_admin: true,
            hidden: false,
            pinned: false,
            queue_rank: null,
            shipped_at: null,
            created_at: now,
            proposal: null,
          });
          ids.push(post.id);
        }
        return ids;
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return keys.map((key, n) => ({ key, posts: posts[n] }));
}
