/**
 * Bulk actions on the dashboard's posts page: 50 posts moved to a status with "mail the followers"
 * send each follower exactly one mail per post through a real SMTP receiver, after a confirmation
 * page that says how many posts move and how many mails go; without it nobody is mailed; a tag and
 * hiding; "select all on this page"; and a refused or failed action (another organization's post
 * or status, a forged form, a storage failure on the 30th post) changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Storage, StorageTx } from '../../src/index.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { smtpForFile } from '../helpers/smtp.js';
import { snapshot } from '../helpers/state.js';
import { Client, ORIGIN, setupPages, signInTeam } from './helpers.js';

const mail = smtpForFile();

/** A storage whose `updatePost` fails once `failAt` posts were updated in one transaction (when armed). */
function failingStorage(failAt: number): { storage: Storage; arm(): void } {
  const inner = createMemoryStorage();
  let armed = false;
  const storage = new Proxy(inner, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return (mode: 'read' | 'write', fn: (tx: StorageTx) => Promise<unknown>) =>
        target.transaction(mode, (tx) => {
          let updates = 0;
          const failing = new Proxy(tx, {
            get(t, k, r) {
              const value = Reflect.get(t, k, r);
              if (k !== 'updatePost' || !armed) return typeof value === 'function' ? value.bind(t) : value;
              return (...args: unknown[]) => {
                updates += 1;
                if (updates === failAt) throw new Error('disk full');
                return (value as (...a: unknown[]) => unknown).apply(t, args);
              };
            },
          });
          return fn(failing);
        });
    },
  }) as Storage;
  return { storage, arm: () => void (armed = true) };
}

/** The pages with `count` more posts, each followed by Ann, every other one by Ben too; the team signed in. */
async function withPosts(count: number, boardOptions = {}) {
  const setup = await setupPages({}, boardOptions);
  const api = await setup.board.api(setup.writeKey);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await api.posts.create('features', { title: `Idea ${i}` })).id);
  const ann = await setup.board.voters.register(setup.orgId, { email: 'ann@example.com', name: 'Ann' });
  const ben = await setup.board.voters.register(setup.orgId, { email: 'ben@example.com', name: 'Ben' });
  for (const [i, id] of ids.entries()) {
    await setup.board.voters.follow(ann.id, id);
    if (i % 2 === 0) await setup.board.voters.follow(ben.id, id);
  }
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  await client.get('/dashboard/posts?board=features');
  const team = setup.board.team(setup.orgId).api;
  const shipped = (await team.statuses.list()).statuses.find((s) => s.category === 'shipped')!;
  return { setup, client, team, ids, shipped };
}

type Fields = [string, string][];
const selection = (ids: number[]): Fields => ids.map((id) => ['post_ids', String(id)]);

/** Posts a form whose fields may repeat, with the session's cookies. */
async function rawPost(client: Client, path: string, body: URLSearchParams) {
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
  const response = await client.pages(new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: body.toString() }));
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

const post = (client: Client, path: string, fields: Fields) => rawPost(client, path, new URLSearchParams([['csrf', client.csrf], ...fields]));

describe('bulk actions on the dashboard', () => {
  it('moves 50 posts after a confirmation, and mails each follower one mail per post', async () => {
    const { setup, client, team, ids, shipped } = await withPosts(50);
    const fields: Fields = [...selection(ids), ['board', 'features'], ['action', 'status'], ['status_label_id', String(shipped.id)], ['notify', 'yes']];
    const before = await snapshot(setup.board);
    const review = await post(client, '/dashboard/posts/bulk', fields);
    expect(review.status).toBe(200);
    expect(review.text).toContain('Move 50 posts to Shipped and send 75 mails to their followers. One mail per follower and post.');
    expect(await snapshot(setup.board)).toEqual(before);
    const applied = await post(client, '/dashboard/posts/bulk/apply', fields);
    expect(applied.location).toBe('/dashboard/posts?board=features&notice=saved');
    for (const id of ids) expect((await team.posts.get('features', id)).status_label.id).toBe(shipped.id);

    const sent = mail.receiver.messages.length;
    setup.clock.advance(60 * 60_000);
    await createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock }).sendDue();
    const mails = mail.receiver.messages.slice(sent);
    const subjects = (to: string) => mails.filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*)$/m.exec(m.text)?.[1]);
    expect(subjects('ann@example.com')).toHaveLength(50);
    expect(new Set(subjects('ann@example.com')).size).toBe(50);
    expect(subjects('ben@example.com')).toHaveLength(25);
    expect(new Set(subjects('ben@example.com')).size).toBe(25);
    expect(subjects('ann@example.com')).toContain('[Acme] Idea 7: now Shipped');
  });

  it('mails nobody without "mail the followers", tags and hides, and takes every post of the page', async () => {
    const { setup, client, team, ids, shipped } = await withPosts(4);
    const review = await post(client, '/dashboard/posts/bulk', [...selection(ids), ['action', 'status'], ['status_label_id', String(shipped.id)]]);
    expect(review.text).toContain('Move 4 posts to Shipped. Followers are not mailed.');
    await post(client, '/dashboard/posts/bulk/apply', [...selection(ids), ['action', 'status'], ['status_label_id', String(shipped.id)]]);
    const sent = mail.receiver.messages.length;
    setup.clock.advance(60 * 60_000);
    await createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock }).sendDue();
    expect(mail.receiver.messages.length).toBe(sent);

    const list = await client.get('/dashboard/posts?board=features');
    const pageIds: Fields = [...list.text.matchAll(/name="page_ids" value="(\d+)"/g)].map((m) => ['page_ids', m[1]!]);
    expect(pageIds).toHaveLength(4 + 3);
    const tagged = await post(client, '/dashboard/posts/bulk', [['all_on_page', 'yes'], ...pageIds, ['action', 'tag'], ['tag', '<b>Q3</b>']]);
    expect(tagged.text).toContain('Tag 7 posts with “&lt;b&gt;Q3&lt;/b&gt;”');
    expect(tagged.text).not.toContain('<b>Q3</b>');
    await post(client, '/dashboard/posts/bulk/apply', [['all_on_page', 'yes'], ...pageIds, ['action', 'tag'], ['tag', 'Q3']]);
    expect((await team.posts.get('features', ids[0]!)).tags.map((t) => t.name)).toEqual(['Q3']);
    expect((await team.posts.get('features', setup.ids.open)).tags.map((t) => t.name).sort()).toEqual(['Q3', 'UI']);
    await post(client, '/dashboard/posts/bulk/apply', [...selection(ids.slice(0, 2)), ['action', 'hide']]);
    expect((await team.posts.get('features', ids[0]!)).hidden).toBe(true);
    expect((await team.posts.get('features', ids[2]!)).hidden).toBe(false);
  });

  it('merges the selected posts into one, leaving the target itself as it is', async () => {
    const { setup, client, ids } = await withPosts(3);
    const fields: Fields = [...selection([...ids, setup.ids.open]), ['action', 'merge'], ['into', String(setup.ids.open)]];
    const review = await post(client, '/dashboard/posts/bulk', fields);
    expect(review.text).toContain('Merge 3 posts into “Dark mode”. Their voters, comments and evidence move there; each can be unmerged.');
    expect(review.text).toContain('The post to merge into is among those selected: it stays as it is.');
    const followers = (await setup.board.team(setup.orgId).posts.followers(setup.ids.open)).length;
    expect((await post(client, '/dashboard/posts/bulk/apply', fields)).location).toBe('/dashboard/posts?board=&notice=saved');
    for (const id of ids) expect(await setup.board.team(setup.orgId).posts.mergeTarget(id)).toMatchObject({ post_id: setup.ids.open });
    expect(await setup.board.team(setup.orgId).posts.mergeTarget(setup.ids.open)).toBeNull();
    expect((await setup.board.team(setup.orgId).posts.followers(setup.ids.open)).length).toBeGreaterThanOrEqual(followers);
    // A merged post is no target, nor a post to merge.
    const before = await snapshot(setup.board);
    for (const fields of [[...selection([setup.ids.hostile]), ['action', 'merge'], ['into', String(ids[0])]], [...selection([ids[1]!]), ['action', 'merge'], ['into', String(setup.ids.hostile)]]] as Fields[]) {
      expect((await post(client, '/dashboard/posts/bulk/apply', fields)).status).toBe(422);
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('changes nothing when refused: another organization’s post or status, a forged form, no selection', async () => {
    const { setup, client, ids, shipped } = await withPosts(3);
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const otherKey = (await setup.board.dashboard.apiKeys.create(other.id, { scope: 'write', label: 'x' })).key;
    const otherApi = await setup.board.api(otherKey);
    await otherApi.boards.create({ slug: 'theirs', name: 'Theirs' });
    const theirPost = await otherApi.posts.create('theirs', { title: 'Their post' });
    const theirStatus = await setup.board.team(other.id).api.statuses.create({ name: 'Theirs', color: '#000000', category: 'shipped' });
    const before = await snapshot(setup.board);
    const refusals = [
      [...selection([...ids, theirPost.id]), ['action', 'status'], ['status_label_id', String(shipped.id)]],
      [...selection(ids), ['action', 'status'], ['status_label_id', String(theirStatus.id)]],
      [['action', 'hide']],
      [...selection(ids), ['action', 'tag'], ['tag', '   ']],
      [...selection(ids), ['action', 'merge'], ['into', String(theirPost.id)]],
      [...selection(ids), ['action', 'merge'], ['into', 'x']],
    ] as Fields[];
    for (const fields of refusals) {
      for (const path of ['/dashboard/posts/bulk', '/dashboard/posts/bulk/apply']) {
        const answer = await post(client, path, fields);
        expect(answer.status, `${path} ${JSON.stringify(fields)}`).toBe(422);
        expect(answer.text).toContain('Nothing was changed: ');
      }
    }
    const forged = await rawPost(client, '/dashboard/posts/bulk/apply', new URLSearchParams([['csrf', 'forged'], ...selection(ids), ['action', 'hide']]));
    expect(forged.status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('changes nothing when the storage fails on the 30th post: one transaction', async () => {
    const failing = failingStorage(30);
    const { setup, client, ids, shipped } = await withPosts(50, { storage: failing.storage });
    const before = await snapshot(setup.board);
    failing.arm();
    const answer = await post(client, '/dashboard/posts/bulk/apply', [...selection(ids), ['action', 'status'], ['status_label_id', String(shipped.id)], ['notify', 'yes']]);
    expect(answer.status).toBe(500);
    expect(await snapshot(setup.board)).toEqual(before);
  });
});

