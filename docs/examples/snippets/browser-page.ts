// A board inside a web page: no server at all. The data stays in the browser's IndexedDB across
// reloads; the page's own code talks to the board through the typed client, with `board.fetch` as
// the client's fetch (nothing goes over the network).
import { createFeedbackBoard } from 'feedback-board';
import { createIndexedDbStorage, isIndexedDbStorageError } from 'feedback-board/adapters/indexeddb';
import { createClient } from 'feedback-board/client';

async function openStorage() {
  try {
    return await createIndexedDbStorage({ name: 'ideas-feedback' });
  } catch (error) {
    // Another tab already runs a newer version of this page: this code is outdated.
    if (isIndexedDbStorageError(error) && error.code === 'version_too_new') location.reload();
    throw error;
  }
}

const board = createFeedbackBoard({ storage: await openStorage() });

/** The page's key: made on the first visit and kept in localStorage (IndexedDB holds only its hash). */
async function pageKey(): Promise<string> {
  const saved = localStorage.getItem('ideas-feedback-key');
  if (saved !== null) return saved;
  const org = await board.dashboard.organizations.create({ name: 'Local' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  await (await board.api(key)).boards.create({ slug: 'ideas', name: 'Ideas' });
  localStorage.setItem('ideas-feedback-key', key);
  return key;
}

const client = createClient({ baseUrl: location.origin, apiKey: await pageKey(), fetch: board.fetch });

const form = document.querySelector<HTMLFormElement>('#new-idea')!;
const list = document.querySelector<HTMLUListElement>('#ideas')!;

async function render(): Promise<void> {
  const { posts } = await client.posts.list('ideas', { sort: 'new' });
  list.replaceChildren(
    ...posts.map((post) => Object.assign(document.createElement('li'), { textContent: `${post.title} (${post.status})` })),
  );
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const title = new FormData(form).get('title');
  void client.posts.create('ideas', { title: String(title) }).then(render);
});

await render();
