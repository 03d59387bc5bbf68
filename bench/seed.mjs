// Seeds one board of `size` posts straight through the storage contract (fast, deterministic):
// ~10 votes per post from a shared pool of voters, 1.5 comments per post, tags, statuses spread
// as on a real board, timestamps over the last 120 days, and about 1% of posts matching "needle".
const DAY = 86_400_000;
const CHUNK = 2000;
const VOTES_PER_POST = 10;
const STATUSES = ['open', 'open', 'open', 'open', 'open', 'planned', 'planned', 'in_progress', 'shipped', 'declined'];

export async function seedBoard(board, size) {
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const storage = board.storage;
  const poolSize = Math.max(1000, Math.floor(size / 2));

  const { boardId, voterIds } = await storage.transaction('write', async (tx) => {
    const b = await tx.insertBoard({
      organization_id: org.id, slug: 'bench', name: 'Bench', description: '', welcome_message: '',
      published: true, logo_url: null, created_at: iso(now - 200 * DAY),
    });
    const ids = [];
    for (let v = 0; v < poolSize; v++) {
      ids.push((await tx.insertVoter({ organization_id: org.id, email: `voter${v}@bench.test`, name: '', created_at: iso(now - 200 * DAY) })).id);
    }
    return { boardId: b.id, voterIds: ids };
  });

  const span = 120 * DAY;
  for (let start = 0; start < size; start += CHUNK) {
    await storage.transaction('write', async (tx) => {
      const [ux, api] = await tx.ensureTags(boardId, ['UX', 'API']);
      for (let i = start; i < Math.min(size, start + CHUNK); i++) {
        const created = now - span + Math.floor((i * span) / size);
        const status = STATUSES[i % STATUSES.length];
        const post = await tx.insertPost({
          board_id: boardId,
          title: `Post ${i}: ${i % 100 === 3 ? 'a needle in the haystack' : 'an idea'}`,
          body: `Body of post ${i}. Customers asked for this in several calls.`,
          status,
          is_admin: false,
          hidden: i % 50 === 7,
          pinned: false,
          queue_rank: i % 100 === 0 ? i / 100 : null,
          shipped_at: status === 'shipped' ? iso(Math.min(now, created + DAY)) : null,
          created_at: iso(created),
          proposal: null,
        });
        const tags = [];
        if (i % 5 === 0) tags.push(ux.id);
        if (i % 7 === 0) tags.push(api.id);
        if (tags.length) await tx.setPostTags(post.id, tags);
        for (let k = 0; k < VOTES_PER_POST; k++) {
          const voter = voterIds[(i * 13 + k * 97) % poolSize];
          await tx.insertVote({ post_id: post.id, voter_id: voter, created_at: iso(Math.min(now, created + k * 3_600_000)) });
        }
        const comment = await tx.insertComment({
          post_id: post.id, parent_comment_id: null, body: 'Same here.', is_admin: false, hidden: false,
          voter_id: voterIds[i % poolSize], created_at: iso(created + 60_000),
        });
        if (i % 2 === 0) {
          await tx.insertComment({
            post_id: post.id, parent_comment_id: comment.id, body: 'Thanks, noted.', is_admin: true, hidden: false,
            voter_id: null, created_at: iso(created + 120_000),
          });
        }
      }
    });
  }
  return { key, slug: 'bench', boardId, voterIds };
}
