import { createFeedbackBoard, type WebhookPayload } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { Webhook } from 'standardwebhooks';

// Your endpoint. A function stands in for it here (the dispatcher's `fetch` option), so that
// this guide runs anywhere; in production the dispatcher POSTs to the webhook's URL.
const received: { headers: Headers; body: string }[] = [];
const endpoint = async (_url: string, init: RequestInit) => {
  received.push({ headers: new Headers(init.headers), body: String(init.body) });
  return new Response(null, { status: 204 });
};

const board = createFeedbackBoard({ storage: createMemoryStorage(), webhooks: { fetch: endpoint } });
const org = await board.dashboard.organizations.create({ name: 'Acme' });
const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
const hook = await board.dashboard.webhooks.create(org.id, {
  url: 'https://hooks.example.com/feedback',
  events: ['post.created', 'post.status_changed'],
});

const api = await board.api(key);
await api.boards.create({ slug: 'features', name: 'Features' }); // board.created: not subscribed
const post = await api.posts.create('features', { title: 'Dark mode' });
await api.posts.update('features', post.id, { status: 'planned' });

// The events are in the outbox, written with the changes. Nothing is sent until the dispatcher
// runs: `board.webhooks.start()` in a server, or `deliverDue()` from a worker or a cron job.
console.log(await board.webhooks.deliverDue()); // → { attempted: 2, delivered: 2 }

// Verifying a delivery with the standardwebhooks package: the raw body, the three headers, the secret.
const first = received.find((r) => JSON.parse(r.body).type === 'post.created')!;
const event = new Webhook(hook.secret).verify(first.body, Object.fromEntries(first.headers)) as WebhookPayload<'post.created'>;
console.log(event.type, event.data.post.title, event.data.board.slug); // → post.created Dark mode features

// Verifying by hand, with Web Crypto: HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}",
// keyed with the base64-decoded secret after "whsec_". crypto.subtle.verify compares in
// constant time. The header may list several space-separated signatures.
async function verifyByHand(secret: string, headers: Headers, body: string): Promise<boolean> {
  const timestamp = Number(headers.get('webhook-timestamp'));
  if (!(Math.abs(Date.now() / 1000 - timestamp) <= 300)) return false; // refuse replays of old messages
  const keyBytes = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const signed = new TextEncoder().encode(`${headers.get('webhook-id')}.${timestamp}.${body}`);
  for (const candidate of (headers.get('webhook-signature') ?? '').split(' ')) {
    const [version, signature] = candidate.split(',');
    if (version !== 'v1' || !signature) continue;
    const mac = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    if (await crypto.subtle.verify('HMAC', key, mac, signed)) return true;
  }
  return false;
}
console.log(await verifyByHand(hook.secret, first.headers, first.body)); // → true
console.log(await verifyByHand(hook.secret, first.headers, first.body.replace('Dark', 'Dork'))); // → false

// The dashboard side: a webhook's messages and their attempts, newest first.
const { rows } = await board.dashboard.webhooks.messages(hook.id);
console.log(rows.map((m) => `${m.event_type} ${m.status}`)); // → [ 'post.status_changed delivered', 'post.created delivered' ]
const [attempt] = (await board.dashboard.webhooks.attempts(rows[0]!.id)).rows;
console.log(attempt!.status_code, attempt!.success); // → 204 true
