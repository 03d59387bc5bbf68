// The fixture of the in-process and peer benchmarks: one organization with a write key and one
// published board `features` of POSTS posts, or `posts` (a third planned, a fifth tagged UX, 0–6
// votes each).
export const POSTS = 1000;

export function smallBoardFixture(key, posts = POSTS) {
  return {
    organizations: [{
      name: 'Bench',
      apiKeys: [{ key, scope: 'write' }],
      boards: [{
        slug: 'features', name: 'Features', published: true,
        posts: Array.from({ length: posts }, (_, i) => ({
          title: `Post ${i}`, body: `Body of post ${i}`, status: i % 3 ? 'open' : 'planned',
          tags: i % 5 ? [] : ['UX'], votes: i % 7,
        })),
      }],
    }],
  };
}
