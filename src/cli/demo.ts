/**
 * The demo organization `feedback-board serve` creates when it starts without a fixture: a
 * published board with a few posts, votes and comments, and a write key and a propose key.
 */
import type { Fixture } from '../fixture/schema.js';
import { generateApiKey } from '../services/keys.js';
import type { RandomBytes } from '../services/context.js';
import type { Storage } from '../storage/contract.js';

export interface DemoKeys {
  write: string;
  propose: string;
}

export function demoFixture(random: RandomBytes): { fixture: Fixture; keys: DemoKeys } {
  const keys = { write: generateApiKey(random), propose: generateApiKey(random) };
  const fixture: Fixture = {
    organizations: [
      {
        name: 'Demo',
        apiKeys: [
          { key: keys.write, scope: 'write', label: 'demo write key' },
          { key: keys.propose, scope: 'propose', label: 'demo agent key' },
        ],
        boards: [
          {
            slug: 'demo',
            name: 'Demo board',
            description: 'Ideas and requests for the demo product.',
            welcome_message: 'Tell us what would make the product better.',
            published: true,
            posts: [
              {
                title: 'Dark mode',
                body: 'A dark theme for late-night work.',
                status: 'planned',
                tags: ['UI'],
                votes: 12,
                comments: [{ body: 'Yes please!', reactions: { '👍': 3 }, replies: [{ body: 'Seconded.' }] }],
              },
              { title: 'Export to CSV', body: 'Download posts and votes as CSV.', status: 'in_progress', tags: ['Data'], votes: 7, queue_rank: 1 },
              { title: 'Slack notifications', body: 'Post status changes to a Slack channel.', status: 'open', tags: ['Integrations'], votes: 4 },
              { title: 'Keyboard shortcuts', body: 'Navigate the board without a mouse.', status: 'shipped', tags: ['UI'], votes: 9 },
              { title: 'Single sign-on', body: 'Log in with SAML or OIDC.', status: 'planned', votes: 15 },
            ],
          },
        ],
      },
    ],
  };
  return { fixture, keys };
}

/** The setting naming the demo organization (written in the transaction that creates it). */
export const DEMO_SETTING = 'demo_organization_id';

export async function demoOrganization(storage: Storage): Promise<number | null> {
  const stored = await storage.transaction('read', (tx) => tx.getSetting(DEMO_SETTING));
  return stored === null ? null : Number(stored);
}
