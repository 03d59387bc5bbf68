// Seeds one board of `size` posts on PostgreSQL in a few set-based statements (INSERT … SELECT
// generate_series): the same shape as seed.mjs builds through the storage contract (~10 votes per
// post from a shared pool of voters, 1.5 comments per post, tags, statuses spread as on a real
// board, timestamps over the last 120 days, about 1% of posts matching "needle"), in seconds
// rather than the hours a round trip per row would take at 100k posts.
import { rebuildStatistics } from '../dist/adapters/postgres/index.js';

const DAY = 86_400_000;

export async function seedPostgresBoard(board, pool, size) {
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const now = Date.now();
  const poolSize = Math.max(1000, Math.floor(size / 2));
  const iso = (expr) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const nowTs = `to_timestamp(${now} / 1000.0)`;
  const created = `(${nowTs} - interval '120 days' + (g - 1) * (interval '120 days' / ${size}))`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Bulk statements run longer than the adapter's statement timeout allows a request.
    await client.query('SET LOCAL statement_timeout = 0');
    // Row triggers would update the per-day statistics once per row (and the same few counter rows
    // a million times in one transaction); load with them off, then rebuild the statistics once.
    await client.query('ALTER TABLE fb_posts DISABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_votes DISABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_comments DISABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_post_tags DISABLE TRIGGER USER');
    const { rows } = await client.query(
      `INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
       VALUES ($1, 'bench', 'Bench', '', '', true, NULL, $2) RETURNING id`,
      [org.id, new Date(now - 200 * DAY).toISOString()],
    );
    const boardId = rows[0].id;
    const voters = await client.query(
      `INSERT INTO fb_voters (organization_id, email, name, created_at)
       SELECT $1, 'voter' || v || '@bench.test', '', $2 FROM generate_series(0, ${poolSize - 1}) v RETURNING id`,
      [org.id, new Date(now - 200 * DAY).toISOString()],
    );
    const voterIds = voters.rows.map((row) => row.id).sort((a, b) => a - b);
    const firstVoter = voterIds[0];
    await client.query(`INSERT INTO fb_tags (board_id, name, slug) VALUES (${boardId}, 'UX', 'ux'), (${boardId}, 'API', 'api')`);
    // Posts g = 1..size are seed.mjs's i = g - 1.
    await client.query(`
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at,
                            vote_count, comment_count, title_folded, body_folded)
      SELECT ${boardId},
             'Post ' || (g - 1) || ': ' || CASE WHEN (g - 1) % 100 = 3 THEN 'a needle in the haystack' ELSE 'an idea' END,
             'Body of post ' || (g - 1) || '. Customers asked for this in several calls.',
             (ARRAY['open','open','open','open','open','planned','planned','in_progress','shipped','declined'])[1 + (g - 1) % 10],
             false, (g - 1) % 50 = 7, false,
             CASE WHEN (g - 1) % 100 = 0 THEN (g - 1) / 100 END,
             CASE WHEN (g - 1) % 10 = 8 THEN ${iso(`least(${nowTs}, ${created} + interval '1 day')`)} END,
             ${iso(created)}, 0, 0,
             lower('Post ' || (g - 1) || ': ' || CASE WHEN (g - 1) % 100 = 3 THEN 'a needle in the haystack' ELSE 'an idea' END),
             lower('Body of post ' || (g - 1) || '. Customers asked for this in several calls.')
        FROM generate_series(1, ${size}) g`);
    const { rows: range } = await client.query(`SELECT min(id) AS first FROM fb_posts WHERE board_id = ${boardId}`);
    const first = range[0].first;
    await client.query(`
      INSERT INTO fb_post_tags (post_id, tag_id)
      SELECT p.id, t.id FROM fb_posts p JOIN fb_tags t ON t.board_id = p.board_id
       WHERE p.board_id = ${boardId}
         AND ((t.slug = 'ux' AND (p.id - ${first}) % 5 = 0) OR (t.slug = 'api' AND (p.id - ${first}) % 7 = 0))`);
    await client.query(`
      INSERT INTO fb_votes (post_id, voter_id, created_at)
      SELECT p.id, ${firstVoter} + ((p.id - ${first}) * 13 + k * 97) % ${poolSize},
             ${iso(`least(${nowTs}, to_timestamp(extract(epoch FROM p.created_at::timestamptz)) + k * interval '1 hour')`)}
        FROM fb_posts p, generate_series(0, 9) k WHERE p.board_id = ${boardId}
      ON CONFLICT DO NOTHING`);
    await client.query(`
      WITH top AS (
        INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
        SELECT p.id, NULL, 'Same here.', false, false, ${firstVoter} + (p.id - ${first}) % ${poolSize},
               ${iso(`p.created_at::timestamptz + interval '1 minute'`)}
          FROM fb_posts p WHERE p.board_id = ${boardId}
        RETURNING id, post_id)
      INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
      SELECT top.post_id, top.id, 'Thanks, noted.', true, false, NULL,
             ${iso(`p.created_at::timestamptz + interval '2 minutes'`)}
        FROM top JOIN fb_posts p ON p.id = top.post_id WHERE (p.id - ${first}) % 2 = 0`);
    await client.query(`
      UPDATE fb_posts p SET vote_count = (SELECT count(*) FROM fb_votes v WHERE v.post_id = p.id),
                            comment_count = (SELECT count(*) FROM fb_comments c WHERE c.post_id = p.id)
       WHERE p.board_id = ${boardId}`);
    await client.query('ALTER TABLE fb_posts ENABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_votes ENABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_comments ENABLE TRIGGER USER');
    await client.query('ALTER TABLE fb_post_tags ENABLE TRIGGER USER');
    await client.query('COMMIT');
    await rebuildStatistics(client);
    // As autovacuum leaves a table after a bulk load: statistics, and the visibility map that lets
    // index-only scans skip the heap.
    await client.query('VACUUM ANALYZE');
    return { key, slug: 'bench', boardId, voterIds };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
