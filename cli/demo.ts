/**
 * The demo organization `feedback-board serve` creates when it starts without a fixture: a
 * published board with a few posts, votes and comments, and a write key and a propose key.
 */
import type { FeedbackBoard } from '../src/board.js';
import type { Fixture } from '../src/fixture/schema.js';
import { generateApiKey } from '../src/services/keys.js';
import type { RandomBytes } from '../src/domain/ports.js';
import type { Storage } from '../src/storage/contract.js';

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
/** The ids of the demo keys the latest start printed (JSON array). */
export const DEMO_KEYS_SETTING = 'demo_key_ids';
/** Labels of the demo keys, for databases made before their ids were remembered. */
const DEMO_KEY_LABELS = new Set(['demo write key', 'demo agent key']);

/** Remembers which organization is the demo one and its keys, so later starts can replace them. */
export function rememberDemoOrganization(storage: Storage, organizationId: number, keyIds: number[] = []): Promise<void> {
  return storage.transaction('write', async (tx) => {
    await tx.setSetting(DEMO_SETTING, String(organizationId));
    await tx.setSetting(DEMO_KEYS_SETTING, JSON.stringify(keyIds));
  });
}

export async function demoOrganization(storage: Storage): Promise<number | null> {
  const stored = await storage.transaction('read', (tx) => tx.getSetting(DEMO_SETTING));
  return stored === null ? null : Number(stored);
}

/**
 * A new pair of demo keys for this start, and the previous start's pair revoked: raw keys are
 * never stored, so they cannot be shown again, and a restarted server leaves exactly two live
 * demo keys instead of two more per start. (On a database several `serve` processes share, the
 * latest start's keys are the live ones.) Databases from before the ids were remembered have
 * their keys labelled as demo keys revoked instead.
 */
export async function replaceDemoKeys(board: FeedbackBoard, organizationId: number): Promise<DemoKeys> {
  const write = await board.dashboard.apiKeys.create(organizationId, { scope: 'write', label: 'demo write key' });
  const propose = await board.dashboard.apiKeys.create(organizationId, { scope: 'propose', label: 'demo agent key' });
  const fresh = new Set([write.info.id, propose.info.id]);
  const stored = await board.storage.transaction('read', (tx) => tx.getSetting(DEMO_KEYS_SETTING));
  const previous =
    stored === null
      ? (await board.dashboard.apiKeys.list(organizationId)).filter((k) => DEMO_KEY_LABELS.has(k.label)).map((k) => k.id)
      : (JSON.parse(stored) as number[]);
  for (const id of previous) {
    if (!fresh.has(id)) await board.dashboard.apiKeys.revoke(id).catch(() => undefined); // a key deleted since is fine
  }
  await rememberDemoOrganization(board.storage, organizationId, [...fresh]);
  return { write: write.key, propose: propose.key };
}
