// The peer of `feedback-board serve` in the benchmark: a minimal Hono + better-sqlite3 server over
// the same database file, doing the least a real server must for the same three requests: check
// the key (SHA-256 lookup), find the board, read or write the post rows, answer JSON. No
// validation library, no rate limit, no presentation layer. Prints `listening on URL` when ready.
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
// The same durability as `serve` (its default, synchronous FULL): a commit is on disk when answered.
db.pragma('synchronous = FULL');
const key = db.prepare('SELECT organization_id FROM fb_api_keys WHERE hash = ? AND revoked_at IS NULL');
const board = db.prepare('SELECT id FROM fb_boards WHERE organization_id = ? AND slug = ?');
const post = db.prepare('SELECT * FROM fb_posts WHERE id = ? AND board_id = ?');
const tags = db.prepare('SELECT t.id, t.name, t.slug FROM fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id WHERE pt.post_id = ?');
const top = db.prepare('SELECT * FROM fb_posts WHERE board_id = ? ORDER BY vote_count DESC, created_at DESC, id DESC LIMIT 100');
const count = db.prepare('SELECT count(*) AS n FROM fb_posts WHERE board_id = ?');
const insert = db.prepare(`INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, title_folded, body_folded)
  VALUES (?, ?, ?, 'open', 1, 0, 0, ?, ?, ?) RETURNING *`);

const app = new Hono();
app.use('/api/v1/boards/:slug/*', async (c, next) => {
  const raw = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
  const found = key.get(createHash('sha256').update(raw).digest('hex'));
  if (!found) return c.json({ error: { code: 'unauthorized' } }, 401);
  const b = board.get(found.organization_id, c.req.param('slug'));
  if (!b) return c.json({ error: { code: 'not_found' } }, 404);
  c.set('board', b.id);
  await next();
});
app.get('/api/v1/boards/:slug/posts/:id', (c) => {
  const row = post.get(Number(c.req.param('id')), c.get('board'));
  if (!row) return c.json({ error: { code: 'not_found' } }, 404);
  return c.json({ ...row, tags: tags.all(row.id) });
});
app.get('/api/v1/boards/:slug/posts', (c) => c.json({ posts: top.all(c.get('board')), total: count.get(c.get('board')).n }));
app.post('/api/v1/boards/:slug/posts', async (c) => {
  const body = await c.req.json();
  if (typeof body.title !== 'string' || body.title.length === 0) return c.json({ error: { code: 'validation_error' } }, 422);
  const text = typeof body.body === 'string' ? body.body : '';
  const row = insert.get(c.get('board'), body.title, text, new Date().toISOString(), body.title.toLowerCase(), text.toLowerCase());
  return c.json(row, 201);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
