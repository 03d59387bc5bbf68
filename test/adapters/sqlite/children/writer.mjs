// The writer of the crash test: writes posts and votes in transactions until it is killed, and
// prints a line for each transaction only after its commit has returned, so that every printed
// line is a write the storage acknowledged.
//
// argv[2]: JSON { modulePath, file, round }
// stdout: "ready" once open, then "ack <postId> <voterId> <votedPostId>" per committed transaction.
import { pathToFileURL } from 'node:url';

const { modulePath, file, round } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

const storage = createSqliteStorage({ path: file });
const boardId = await storage.transaction('write', async (tx) => {
  const existing = await tx.getBoard(1);
  if (existing !== null) return existing.id;
  const org = await tx.insertOrganization({ name: 'Crash test', created_at: new Date().toISOString() });
  const board = await tx.insertBoard({
    organization_id: org.id, slug: 'crash', name: 'Crash', description: '', welcome_message: '',
    published: true, logo_url: null, created_at: new Date().toISOString(),
  });
  return board.id;
});
process.stdout.write('ready\n');

for (let i = 0; ; i += 1) {
  const now = new Date().toISOString();
  const ack = await storage.transaction('write', async (tx) => {
    const post = await tx.insertPost({
      board_id: boardId, title: `round ${round} post ${i} 🧪`, body: 'x'.repeat(i % 200), status: 'open',
      is_admin: false, hidden: false, pinned: false, queue_rank: null, shipped_at: null, created_at: now, proposal: null,
    });
    const voter = await tx.insertVoter({ organization_id: 1, email: null, name: `voter ${round}-${i}`, created_at: now });
    await tx.insertVote({ post_id: post.id, voter_id: voter.id, created_at: now });
    // A second vote on an earlier post, so that counters of older rows change too.
    const earlier = 1 + Math.floor(Math.random() * post.id);
    await tx.insertVote({ post_id: earlier, voter_id: voter.id, created_at: now });
    return `${post.id} ${voter.id} ${earlier}`;
  });
  process.stdout.write(`ack ${ack}\n`);
}
