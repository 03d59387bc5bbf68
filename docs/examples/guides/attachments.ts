import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { inspectImage } from 'feedback-board/images';

const board = createFeedbackBoard({
  storage: createMemoryStorage(),
  attachments: { inspect: inspectImage, baseUrl: 'https://feedback.example.com' },
});

const org = await board.dashboard.organizations.create({ name: 'Acme' });
const team = board.team(org.id);
await team.api.boards.create({ slug: 'features', name: 'Features' });
await team.boards.setPublished('features', true);
const voter = await board.voters.register(org.id, { email: 'ann@example.com' });

// A 1×1 PNG; in a real application, the bytes of an uploaded file.
const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (c) => c.charCodeAt(0));
const post = await board.voters.submitPost(voter.id, 'features', { title: 'Dark mode' }, [{ filename: 'shot.png', bytes: png }]);
if ('attachments' in post) {
  const [image] = post.attachments;
  console.log(image!.content_type, image!.width, image!.height); // → image/png 1 1
  console.log(image!.url.replace(/[0-9a-f]{64}/, '…')); // → https://feedback.example.com/attachments/1/….png
}

// An HTML page named .png is refused, and nothing is stored.
const page = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
await board.voters.submitPost(voter.id, 'features', { title: 'Sneaky' }, [{ filename: 'cat.png', bytes: page }]).catch((error: Error) => {
  console.log(error.message); // → attachments[0]: image 1 (cat.png) is not a PNG, JPEG, GIF or WebP image
});
