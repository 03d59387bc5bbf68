/**
 * A fixture in the format of docs/errors-scopes-limits.md#fixtures covering every kind of object, shared by the
 * fixture loader tests and the CLI tests. Keys are test keys, used as given.
 */
export const KEYS = {
  acmeWrite: 'acme-write-0123456789',
  acmePropose: 'acme-propose-0123456789',
  acmeRead: 'acme-read-0123456789',
  globexWrite: 'globex-write-0123456789',
} as const;

export function sampleFixture(options: { agentPublishing?: boolean } = {}) {
  return {
    ...(options.agentPublishing === undefined ? {} : { agentPublishing: options.agentPublishing }),
    organizations: [
      {
        name: 'Acme',
        apiKeys: [
          { key: KEYS.acmeWrite, scope: 'write', label: 'CI' },
          { key: KEYS.acmePropose, scope: 'propose' },
          { key: KEYS.acmeRead, scope: 'read' },
        ],
        webhooks: [
          { url: 'https://hooks.example.com/fb', events: ['post.created'], description: 'main' },
          { url: 'https://hooks.example.com/off', active: false },
        ],
        boards: [
          {
            slug: 'features',
            name: 'Features',
            description: 'Ideas',
            published: true,
            posts: [
              {
                title: 'Dark mode', body: 'Please', status: 'planned', tags: ['UI', 'ui'],
                pinned: true, hidden: false, queue_rank: null,
                created_at: '2026-11-01T09:00:00Z', shipped_at: null,
                votes: 12,
                comments: [
                  { body: 'Yes please', hidden: false, reactions: { '👍': 3, '🎉': 1 }, replies: [{ body: 'Seconded', replies: [{ body: 'Thirded' }] }] },
                  { body: 'Hidden one', hidden: true, is_admin: true, created_at: '2026-11-02T00:00:00+01:00' },
                ],
              },
              {
                title: 'Export CSV', status: 'shipped', shipped_at: '2026-11-20T10:00:00Z',
                votes: [{ voter: 'ann@example.com', created_at: '2026-11-19T00:00:00Z' }, { voter: 'bob@example.com' }],
              },
              { title: 'Ranked', status: 'in_progress', queue_rank: 1, tags: ['API'] },
              { title: '  Shipped without date  ', status: 'shipped', is_admin: true, votes: [{ voter: 'ANN@example.com' }] },
            ],
          },
          { slug: 'drafts', name: 'Drafts' },
        ],
      },
      {
        name: 'Globex',
        apiKeys: [{ key: KEYS.globexWrite, scope: 'write' }],
        boards: [{ slug: 'features', name: 'Globex features', posts: [{ title: 'Theirs' }] }],
      },
    ],
  };
}
