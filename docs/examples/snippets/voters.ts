// The voter side and the team's side in-process: a voter posts to a published board, the team
// answers from the dashboard side.
import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

const board = createFeedbackBoard({ storage: createMemoryStorage() });
const { id: orgId } = await board.dashboard.organizations.create({ name: 'Acme' });
const team = board.team(orgId);
await team.api.boards.create({ slug: 'features', name: 'Features' });
await team.api.posts.create('features', { title: 'Sync', tags: ['Mobile'] });
await team.boards.setPublished('features', true);

const voter = await board.voters.register(orgId, { email: 'ann@example.com' });
const post = await board.voters.submitPost(voter.id, 'features', { title: 'Offline mode', tags: ['Mobile'] });
await board.team(orgId).comments.create(post.id, { body: 'Thanks, we are looking at it' });
