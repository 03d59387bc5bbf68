/**
 * Images on the team's dashboard over HTTP: the post page and its comments, and the inbox's
 * waiting posts, show each image as a bounded thumbnail linking to its original, served below
 * `/dashboard` to the signed-in team whatever the post's visibility, never cached; the public (no
 * session, or a voter's) gets 404 there, and 404 at the public paths of hidden, held or hidden
 * comments' images. Another organization's team finds none of them.
 */
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/images/index.js';
import { image } from '../helpers/images.js';
import { Client, ORIGIN, postFiles, setupPages, signInTeam, signInVoter, type PagesSetup } from './helpers.js';

const ATTACHMENTS = { attachments: { inspect: inspectImage, baseUrl: ORIGIN } };
const TEAM_IMAGE = /<a href="(\/dashboard\/attachments\/\d+\/[0-9a-f]{64}\.png)"><img src="([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]*)"/g;

/** The images a dashboard page shows: original path, shown path, bounded size and alt text. */
function teamImages(html: string) {
  return [...html.matchAll(TEAM_IMAGE)].map(([, original, shown, width, height, alt]) => ({ original: original!, shown: shown!, size: `${width}x${height}`, alt }));
}

async function setup() {
  const pages = await setupPages({}, ATTACHMENTS);
  const voter = new Client(pages.pages);
  await signInVoter(pages, voter);
  await voter.get('/boards/features/ideas/new');
  const team = new Client(pages.pages);
  await signInTeam(pages, team);
  return { pages, voter, team };
}

/** A GET of `path` by `client` (its cookies), with the answer's bytes. */
async function fetchBytes(setup: PagesSetup, client: Client, path: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await setup.pages(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('images on the dashboard', () => {
  it("shows a hidden post's and its hidden comment's images to the team as thumbnails of their originals; the public gets 404", async () => {
    const { pages, voter, team } = await setup();
    const shot = await image('png', 640, 400);
    const detail = await image('png', 60, 40);
    const posted = await postFiles(voter, '/boards/features/ideas', { step: 'post', title: 'Broken layout' }, [{ filename: 'shot.png', bytes: shot }]);
    const postId = Number(/\/posts\/(\d+)\?/.exec(posted.location ?? '')?.[1]);
    await voter.get(`/boards/features/posts/${postId}`);
    expect((await postFiles(voter, `/boards/features/posts/${postId}/comments`, { body: 'Close-up' }, [{ filename: 'detail.png', bytes: detail }])).status).toBe(303);
    const teamSide = pages.board.team(pages.orgId);
    const [comment] = (await teamSide.api.comments.list('features', postId)).comments;
    const publicPaths = [...(await teamSide.api.posts.get('features', postId)).attachments, ...comment!.attachments].map((a) => new URL(a.url).pathname);
    await teamSide.posts.setHidden(postId, true);
    await teamSide.comments.setHidden(comment!.id, true);

    const shown = teamImages((await team.get(`/dashboard/posts/${postId}`)).text);
    expect(shown.map(({ original, size, alt }) => [original, size, alt])).toEqual([
      [`/dashboard${publicPaths[0]}`, '320x200', 'shot.png'],
      [`/dashboard${publicPaths[1]}`, '60x40', 'detail.png'],
    ]);
    for (const { shown: path } of shown) expect(path).toMatch(/^\/dashboard\/attachments\/\d+\/[0-9a-f]{64}\/thumbnail\.webp$/);

    const original = await fetchBytes(pages, team, shown[0]!.original);
    expect(original.status).toBe(200);
    expect(original.bytes).toEqual(shot);
    expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy'].map((h) => [h, original.headers.get(h)]))).toEqual({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const thumbnail = await fetchBytes(pages, team, shown[0]!.shown);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(thumbnail.bytes.length).toBeLessThan(shot.length);

    const visitor = new Client(pages.pages);
    for (const path of [...publicPaths, ...shown.flatMap((s) => [s.original, s.shown])]) {
      expect((await fetchBytes(pages, visitor, path)).status, path).toBe(404);
      expect((await fetchBytes(pages, voter, path)).status, path).toBe(404);
    }
  });

  it("shows a waiting post's images in the inbox to the team only", async () => {
    const { pages, voter, team } = await setup();
    await pages.board.team(pages.orgId).boards.setModerated('features', true);
    const shot = await image('png', 200, 100);
    await voter.get('/boards/features/ideas/new');
    expect((await postFiles(voter, '/boards/features/ideas', { step: 'post', title: 'Waiting with a picture' }, [{ filename: 'wait.png', bytes: shot }])).status).toBe(303);
    const [held] = await pages.board.team(pages.orgId).moderation.list();
    const [attachment] = await pages.board.team(pages.orgId).attachments.ofHeldPost(held!.id);
    expect(attachment).toMatchObject({ filename: 'wait.png', content_type: 'image/png', width: 200, height: 100, size: shot.length });

    const inbox = teamImages((await team.get('/dashboard/inbox')).text);
    expect(inbox.map(({ original, size, alt }) => [original, size, alt])).toEqual([[`/dashboard${new URL(attachment!.url).pathname}`, '200x100', 'wait.png']]);
    expect((await fetchBytes(pages, team, inbox[0]!.original)).bytes).toEqual(shot);
    expect((await fetchBytes(pages, new Client(pages.pages), inbox[0]!.original)).status).toBe(404);
    expect((await fetchBytes(pages, voter, new URL(attachment!.url).pathname)).status).toBe(404);
  });

  it("answers the team 404 for a wrong hash, extension or id, and another organization's team finds none of them", async () => {
    const { pages, voter, team } = await setup();
    const posted = await postFiles(voter, '/boards/features/ideas', { step: 'post', title: 'Picture' }, [{ filename: 'a.png', bytes: await image('png') }]);
    const postId = Number(/\/posts\/(\d+)\?/.exec(posted.location ?? '')?.[1]);
    const [attachment] = (await pages.board.team(pages.orgId).api.posts.get('features', postId)).attachments;
    const path = `/dashboard${new URL(attachment!.url).pathname}`;
    expect((await fetchBytes(pages, team, path)).status).toBe(200);
    for (const wrong of [path.replace(/[0-9a-f]{64}/, '0'.repeat(64)), path.replace(/\.png$/, '.gif'), path.replace(/attachments\/\d+/, 'attachments/999'), `${path}/extra`]) {
      expect((await fetchBytes(pages, team, wrong)).status, wrong).toBe(404);
    }
    const other = await pages.board.dashboard.organizations.create({ name: 'Globex' });
    const sha256 = /([0-9a-f]{64})/.exec(path)![1]!;
    expect(await pages.board.team(other.id).attachments.read(attachment!.id, sha256)).toBeNull();
    expect(await pages.board.team(pages.orgId).attachments.read(attachment!.id, sha256)).not.toBeNull();
  });
});
