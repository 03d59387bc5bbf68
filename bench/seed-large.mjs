// Seeds an organization of `size` posts on SQLite or PostgreSQL in a few set-based statements
// (INSERT … SELECT over a numbers table), in minutes at a million posts where a round trip per
// row would take hours. The statements run inside the store's own dump load (`DumpPort.load`, the
// path `importStore` takes): the counting triggers are off while the rows go in, and at the end
// the store rebuilds its maintained counters, statistics and (SQLite) search index from the rows,
// exactly as after an import. So the seeded store is the one the service would have made from the
// same rows; test/bench/seed-large.test.ts checks that on a small seed.
//
// The shape, for post number g = 1..size (a deterministic hash of g decides everything):
// - four boards: `bench` holds 85% of the posts, `mobile`, `api`, `billing` 5% each;
// - titles of 3–5 words drawn from 800 made-up words with a skewed (squared) law, so a few words are
//   on many posts; 1% of the posts also carry the rare word "haystack"; every body says
//   "Customers asked for this" (a word of every post);
// - statuses 55% open, 12% planned, 8% in progress, 20% shipped (shipped 0–90 days after creation,
//   so shipped dates spread over the year), 5% declined; 2% hidden; 1% of the open and planned
//   posts ranked in the queue;
// - created evenly over the last 365 days; ~10 votes a post from a pool of voters, skewed: 0–15 on
//   most posts, 500–4999 on the first post and one in a thousand; 1.5 comments a post (every post one, a quarter
//   a team answer, a quarter a reply to the first one, 1% of the first ones hidden); 0.8 tags a
//   post (five tags per board); an activity entry for each post's creation and one for each status
//   other than open.

/** Made-up words, none a stop word nor changed by stemming, so a title's words are its words. */
const SYLLABLES = ['ba', 'ke', 'lo', 'mi', 'nu', 'ra', 'se', 'ti', 'vo', 'da'];
const FINALS = ['n', 'r', 't', 'k', 'm', 'l', 'p', 'x'];
export const VOCABULARY = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => FINALS.map((c) => a + b + c)));
/** The word of 1% of the titles; "customer" is in every body, "zebra" in no post. */
export const RARE_WORD = 'haystack';
export const BOARD_SLUGS = ['bench', 'mobile', 'api', 'billing'];
const TAGS = [['UX', 'ux', 3], ['API', 'api', 2], ['Mobile', 'mobile', 1], ['Billing', 'billing', 1], ['Performance', 'performance', 1]];
/** The tables the seed fills with a row or more per post. */
const FILLED_TABLES = ['fb_voters', 'fb_posts', 'fb_post_words', 'fb_post_tags', 'fb_votes', 'fb_comments', 'fb_post_activity'];
const DAY = 86_400;
const SPAN = 365 * DAY;
const M = 1_000_003;

/** A pseudo-random integer in [0, M) of integer expression `g` and `salt` (a product of two affine hashes). */
const hash = (g, salt) => `((((${g}) * 2654435761 + (${salt}) * 40503 + 17) % ${M}) * (((${g}) * 2246822519 + (${salt}) * 3266489917 + 29) % ${M}) % ${M})`;
/** An index in [0, n) skewed towards 0: a uniform draw squared. */
const skewed = (x, n) => `(((${x}) * (${x}) / ${M}) * ${n} / ${M})`;

const DIALECTS = {
  sqlite: {
    bool: (b) => (b ? '1' : '0'),
    iso: (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
    min: (a, b) => `min(${a}, ${b})`,
    json: (text) => text,
    temp: (name, columns) => `CREATE TEMP TABLE ${name} (${columns})`,
    numbers: (n) => [
      'CREATE TEMP TABLE seed_n (g INTEGER PRIMARY KEY)',
      `WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < ${n}) INSERT INTO seed_n SELECT g FROM n`,
    ],
    /** Rows k.g = 1..count for each row of the left side. */
    // CROSS JOIN keeps the left side outer, so each of its rows walks the numbers' key up to its count.
    upTo: (alias, count) => `CROSS JOIN seed_n ${alias} ON ${alias}.g <= (${count})`,
    /** The word of index `index`: a lookup of the vocabulary's key. */
    word: (index) => `(SELECT word FROM seed_vocab WHERE idx = ${index})`,
    begin: [],
    end: ['DROP TABLE temp.seed_n', 'DROP TABLE temp.seed_vocab'],
    indexes: (tables) => `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables})`,
  },
  postgres: {
    bool: (b) => (b ? 'true' : 'false'),
    iso: (seconds) => `to_char(to_timestamp(${seconds}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    min: (a, b) => `least(${a}, ${b})`,
    json: (text) => `(${text})::jsonb`,
    temp: (name, columns) => `CREATE TEMP TABLE ${name} (${columns}) ON COMMIT DROP`,
    numbers: (n) => [`CREATE TEMP TABLE seed_n ON COMMIT DROP AS SELECT generate_series(1, ${n}) AS g`],
    upTo: (alias, count) => `CROSS JOIN LATERAL generate_series(1, (${count})::integer) AS ${alias}(g)`,
    /** The word of index `index`: an element of a constant array (a lookup would evaluate the index per row scanned). */
    word: (index) => `('{${VOCABULARY.join(',')}}'::text[])[(${index}) + 1]`,
    // Foreign keys are not checked row by row (one lookup per vote of a million posts): every
    // reference is to a row the seed made in the same transaction. Needs a superuser.
    begin: ['SET LOCAL session_replication_role = replica'],
    end: ['SET LOCAL session_replication_role = origin'],
    indexes: (tables) => `SELECT indexname AS name, indexdef AS sql FROM pg_indexes i
      WHERE schemaname = current_schema() AND tablename IN (${tables})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  },
};

/** The voter pool: at least 5000 (the most votes a post gets), and no multiple of 97, so a post's voters are distinct. */
export function voterPoolSize(size) {
  let pool = Math.max(5000, Math.floor(size / 2));
  while (pool % 97 === 0 || pool % 13 === 0) pool += 1;
  return pool;
}

/**
 * Seeds `size` posts into the store of `board` (a new organization, with a write key) and resolves
 * with `{ key, slug, organizationId, firstPostId, seconds }`. `target` is
 * `{ dialect: 'sqlite', database, dumpPort }` (the store's `sqliteDumpPort`) or
 * `{ dialect: 'postgres', pool, postgresDumpPort }` (a pool of its own: the load runs on one of its
 * connections). `now` (ms) fixes the clock of the seed.
 */
export async function seedLarge(board, size, target, { now = Date.now() } = {}) {
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const t0 = performance.now();
  let firstPostId;
  if (target.dialect === 'sqlite') {
    const db = target.database;
    const query = async (sql) => {
      const statement = db.prepare(sql);
      return statement.reader ? statement.all() : (statement.run(), []);
    };
    await target.dumpPort.load(async () => {
      firstPostId = await fill(query, DIALECTS.sqlite, org.id, size, now);
    });
  } else {
    // The dump port takes its connection from `pool.connect()`; the seed's statements run on it.
    let client;
    const source = { pool: { connect: async () => (client = await target.pool.connect()) } };
    await target.postgresDumpPort(source).load(async () => {
      firstPostId = await fill(async (sql) => (await client.query(sql)).rows, DIALECTS.postgres, org.id, size, now);
    });
    // As autovacuum leaves tables after a bulk load: planner statistics, and the visibility map
    // that lets index-only scans skip the heap. Then the checkpoint the seed's WAL calls for, so
    // that it writes its pages now rather than while the reads are timed.
    await target.pool.query('VACUUM ANALYZE');
    await target.pool.query('CHECKPOINT');
  }
  return { key, slug: 'bench', organizationId: org.id, firstPostId, seconds: (performance.now() - t0) / 1000 };
}

/** Runs the seed's statements through `query` (inside the load's transaction); resolves with the first post's id. */
async function fill(query, d, organizationId, size, now) {
  const nowS = Math.floor(now / 1000);
  const pool = voterPoolSize(size);
  const at = (seconds) => d.iso(d.min(nowS, seconds));
  for (const sql of [...d.begin, ...d.numbers(Math.max(size, pool))]) await query(sql);
  // The secondary indexes of the filled tables are made again after the rows are in, from their
  // own definitions: one sorted build each instead of millions of single insertions (PostgreSQL's
  // trigram indexes over titles and bodies insert every trigram one at a time).
  const indexes = await query(d.indexes(FILLED_TABLES.map((name) => `'${name}'`).join(', ')));
  for (const { name } of indexes) await query(`DROP INDEX ${name}`);
  await query(d.temp('seed_vocab', 'idx integer PRIMARY KEY, word text NOT NULL'));
  await query(`INSERT INTO seed_vocab (idx, word) VALUES ${VOCABULARY.map((w, i) => `(${i}, '${w}')`).join(', ')}`);

  const since = d.iso(nowS - SPAN - 30 * DAY);
  await query(
    `INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at) VALUES ` +
      BOARD_SLUGS.map((slug) => `(${organizationId}, '${slug}', '${slug[0].toUpperCase()}${slug.slice(1)}', '', '', ${d.bool(true)}, NULL, ${since})`).join(', '),
  );
  const boards = await query(`SELECT id, slug FROM fb_boards WHERE organization_id = ${organizationId} ORDER BY id`);
  const boardId = Object.fromEntries(boards.map((row) => [row.slug, Number(row.id)]));
  const ours = `p.board_id IN (${Object.values(boardId).join(', ')})`;
  await query(
    `INSERT INTO fb_tags (board_id, name, slug) VALUES ` +
      Object.values(boardId).flatMap((b) => TAGS.map(([name, slug]) => `(${b}, '${name}', '${slug}')`)).join(', '),
  );
  await query(`INSERT INTO fb_voters (organization_id, email, name, created_at)
    SELECT ${organizationId}, 'voter' || g || '@bench.test', 'Voter ' || g, ${since} FROM seed_n WHERE g <= ${pool} ORDER BY g`);
  const firstVoter = Number((await query(`SELECT min(id) AS id FROM fb_voters WHERE organization_id = ${organizationId}`))[0].id);

  // Per post number g: its creation second, status draw, vote and comment counts.
  const created = (g) => `(${nowS - SPAN} + CAST(${g} AS BIGINT) * ${SPAN} / ${size})`;
  const votesOf = (g) => `(CASE WHEN ${hash(g, 8)} % 1000 = 0 OR (${g}) = 1 THEN 500 + ${hash(g, 9)} % 4500 ELSE ${hash(g, 9)} % 16 END)`;
  const teamAnswer = (g) => `${hash(g, 31)} % 4 = 0`;
  const reply = (g) => `${hash(g, 32)} % 4 = 0`;
  const wordsOf = (g) => `(3 + ${hash(g, 1)} % 3)`;
  const rare = (g) => `${hash(g, 3)} % 100 = 0`;
  const word = (g, position) => d.word(skewed(hash(g, `10 + ${position}`), VOCABULARY.length));
  const title = `${word('g', 0)} || ' ' || ${word('g', 1)} || ' ' || ${word('g', 2)}
      || CASE WHEN ${wordsOf('g')} > 3 THEN ' ' || ${word('g', 3)} ELSE '' END
      || CASE WHEN ${wordsOf('g')} > 4 THEN ' ' || ${word('g', 4)} ELSE '' END
      || CASE WHEN ${rare('g')} THEN ' ${RARE_WORD}' ELSE '' END`;
  const board = `CASE ${hash('g', 2)} % 20 WHEN 0 THEN ${boardId.mobile} WHEN 1 THEN ${boardId.api} WHEN 2 THEN ${boardId.billing} ELSE ${boardId.bench} END`;
  await query(`
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at,
                          vote_count, comment_count, title_folded, body_folded)
    SELECT board_id, title, body, status, ${d.bool(false)}, hidden, pinned, queue_rank, shipped_at, created_at,
           vote_count, comment_count, title, lower(body)
      FROM (SELECT g, ${board} AS board_id, ${title} AS title,
                   'Body of post ' || g || '. Customers asked for this in several calls.' AS body,
                   CASE WHEN s < 55 THEN 'open' WHEN s < 67 THEN 'planned' WHEN s < 75 THEN 'in_progress' WHEN s < 95 THEN 'shipped' ELSE 'declined' END AS status,
                   (${hash('g', 7)} % 50 = 0) AS hidden, (${hash('g', 6)} % 20000 = 0) AS pinned,
                   CASE WHEN s < 67 AND ${hash('g', 5)} % 100 = 0 THEN g END AS queue_rank,
                   CASE WHEN s >= 75 AND s < 95 THEN ${at(`t + ${hash('g', 4)} % 90 * ${DAY} + ${hash('g', 12)} % ${DAY}`)} END AS shipped_at,
                   ${d.iso('t')} AS created_at, ${votesOf('g')} AS vote_count,
                   1 + CASE WHEN ${teamAnswer('g')} THEN 1 ELSE 0 END + CASE WHEN ${reply('g')} THEN 1 ELSE 0 END AS comment_count
              FROM (SELECT g, ${hash('g', 0)} % 100 AS s, ${created('g')} AS t FROM seed_n WHERE g <= ${size}) n) seed
     ORDER BY g`);
  const [range] = await query(`SELECT min(id) AS first, max(id) AS last FROM fb_posts p WHERE ${ours}`);
  const first = Number(range.first);
  // Post g is the g-th inserted: every later statement finds g from the id.
  if (Number(range.last) - first + 1 !== size) throw new Error('seed: post ids are not consecutive');
  const G = `(p.id - ${first} + 1)`;

  await query(`INSERT INTO fb_post_words (board_id, word, post_id)
    SELECT p.board_id, ${word(G, 'k.g - 1')}, p.id FROM fb_posts p ${d.upTo('k', wordsOf(G))} WHERE ${ours}
    UNION SELECT p.board_id, '${RARE_WORD}', p.id FROM fb_posts p WHERE ${ours} AND ${rare(G)}`);
  await query(`INSERT INTO fb_post_tags (post_id, tag_id)
    SELECT p.id, t.id FROM fb_posts p JOIN fb_tags t ON t.board_id = p.board_id
     WHERE ${ours} AND (${hash(G, 20)} + t.id * 7) % 10 < CASE t.slug ${TAGS.map(([, slug, n]) => `WHEN '${slug}' THEN ${n}`).join(' ')} ELSE 0 END`);
  await query(`INSERT INTO fb_votes (post_id, voter_id, created_at)
    SELECT p.id, ${firstVoter} + (${G} * 13 + k.g * 97) % ${pool}, ${at(`${created(G)} + k.g * 3600`)}
      FROM fb_posts p ${d.upTo('k', votesOf(G))} WHERE ${ours}`);
  await query(`INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
    SELECT p.id, NULL, 'Same here: we need this too.', ${d.bool(false)}, (${hash(G, 30)} % 100 = 0), ${firstVoter} + (${G} * 7) % ${pool},
           ${at(`${created(G)} + 3600`)} FROM fb_posts p WHERE ${ours} ORDER BY p.id`);
  const [firsts] = await query(`SELECT min(c.id) AS low, max(c.id) AS high FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id WHERE ${ours}`);
  await query(`INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
    SELECT p.id, NULL, 'Thanks, this is on our list.', ${d.bool(true)}, ${d.bool(false)}, NULL, ${at(`${created(G)} + ${DAY}`)}
      FROM fb_posts p WHERE ${ours} AND ${teamAnswer(G)}`);
  await query(`INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
    SELECT p.id, c.id, 'Any news on this?', ${d.bool(false)}, ${d.bool(false)}, ${firstVoter} + (${G} * 11) % ${pool}, ${at(`${created(G)} + 2 * ${DAY}`)}
      FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id WHERE c.id BETWEEN ${firsts.low} AND ${firsts.high} AND ${reply(G)}`);
  await query(`INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail)
    SELECT p.id, 'created', p.created_at, 'system', NULL, ${d.json(`'{}'`)} FROM fb_posts p WHERE ${ours} ORDER BY p.id`);
  await query(`INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail)
    SELECT p.id, 'status_changed', coalesce(p.shipped_at, ${at(`${created(G)} + ${DAY}`)}), 'system', NULL,
           ${d.json(`'{"from":"open","to":"' || p.status || '"}'`)}
      FROM fb_posts p WHERE ${ours} AND p.status <> 'open' ORDER BY p.id`);
  for (const { sql } of indexes) await query(sql);
  for (const sql of d.end) await query(sql);
  return first;
}
