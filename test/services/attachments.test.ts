/**
 * Attachments through the SDK: images attached to a voter's post, a held post (theirs once
 * approved), a voter's and the team's comments, in every shape that shows them; the limits, the
 * type read from the bytes and a missing inspector refused with nothing stored; file names kept
 * plain; and what the public may read (not a hidden, merged, held or draft-board post's, nor a
 * hidden comment's), and deletion with the post.
 */
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/images/index.js';
import type { AttachmentUpload, ErrorDetail, ImageInspection } from '../../src/index.js';
import { createHarness } from '../helpers/harness.js';
import { blackPng, HTML_PAGE, image, SVG_IMAGE } from '../helpers/images.js';
import { snapshot } from '../helpers/state.js';

const BASE_URL = 'https://feedback.example.com';

async function setup(limits = {}) {
  const h = await createHarness({ attachments: { inspect: inspectImage, baseUrl: `${BASE_URL}/` }, limits });
  await h.makeBoard();
  const team = h.board.team(h.a.id);
  await team.boards.setPublished('features', true);
  const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const png: AttachmentUpload = { filename: 'screen.png', bytes: await image('png', 40, 30) };
  return { ...h, team, voter, png };
}

const HASH = /^[0-9a-f]{64}$/;

describe('attachments', () => {
  it("attaches images to a voter's post: in its answer, the post, the lists, with an absolute url under the base", async () => {
    const h = await setup();
    const jpeg = { filename: 'photo.JPG', bytes: await image('jpeg', 64, 48) };
    const post = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Dark mode' }, [h.png, jpeg]);
    const attachments = 'attachments' in post ? post.attachments : [];
    expect(attachments).toEqual([
      { id: 1, url: expect.stringMatching(/^https:\/\/feedback\.example\.com\/attachments\/1\/[0-9a-f]{64}\.png$/), filename: 'screen.png', content_type: 'image/png', size: h.png.bytes.length, width: 40, height: 30 },
      { id: 2, url: expect.stringMatching(/\/attachments\/2\/[0-9a-f]{64}\.jpg$/), filename: 'photo.JPG', content_type: 'image/jpeg', size: jpeg.bytes.length, width: 64, height: 48 },
    ]);
    const read = await h.req('GET', `/boards/features/posts/${post.id}`);
    expect(read.json.attachments).toEqual(attachments);
    const list = await h.req('GET', '/boards/features/posts');
    expect(list.json.posts[0].attachments).toEqual(attachments);
  });

  it("attaches images to a voter's and the team's comments, shown in the comment list", async () => {
    const h = await setup();
    const post = await h.makePost('features', { title: 'Export' });
    const gif = { filename: 'anim.gif', bytes: await image('gif', 12, 8) };
    const voterComment = await h.board.voters.comment(h.voter.id, post.id, { body: 'Like this' }, [gif]);
    expect(voterComment.attachments).toMatchObject([{ filename: 'anim.gif', content_type: 'image/gif', width: 12, height: 8 }]);
    const teamComment = await h.team.comments.create(post.id, { body: 'Noted' }, [h.png]);
    expect(teamComment.attachments).toMatchObject([{ content_type: 'image/png' }]);
    const list = await h.req('GET', `/boards/features/posts/${post.id}/comments`);
    expect(list.json.comments.map((c: { attachments: unknown }) => c.attachments)).toEqual([voterComment.attachments, teamComment.attachments]);
  });

  it("keeps a held post's images with it, and gives them to the post when approved", async () => {
    const h = await setup();
    await h.team.boards.setModerated('features', true);
    const held = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Held' }, [h.png]);
    expect('approval' in held).toBe(true);
    const stored = await h.board.storage.transaction('read', (tx) => tx.listHeldPostAttachments(held.id));
    expect(stored).toHaveLength(1);
    expect(await h.team.attachments.readPublic(stored[0]!.id, stored[0]!.sha256)).toBeNull();
    const post = await h.team.moderation.approve(held.id);
    expect(post.attachments).toMatchObject([{ id: stored[0]!.id, filename: 'screen.png' }]);
    expect(await h.team.attachments.readPublic(stored[0]!.id, stored[0]!.sha256)).toMatchObject({ record: { post_id: post.id } });
  });

  it('refuses more images than the limit, one too large, HTML or SVG named .png, with nothing stored', async () => {
    const h = await setup({ attachmentsPerItem: 2, attachmentBytes: 4096 });
    const post = await h.makePost('features', { title: 'Existing' });
    const before = await snapshot(h.board);
    const big = { filename: 'big.png', bytes: await image('png', 300, 300) };
    expect(big.bytes.length).toBeGreaterThan(4096);
    const cases: [AttachmentUpload[], string, Omit<ErrorDetail, 'message'>][] = [
      [[h.png, h.png, h.png], 'at most 2 images may be attached; 3 were sent', { path: 'attachments', reason: 'too_many', values: { limit: 2, count: 3 } }],
      [[h.png, big], 'image 2 (big.png) is larger than 4 KiB', { path: 'attachments[1]', reason: 'too_large', values: { position: 2, filename: 'big.png', limit: 4096 } }],
      [[{ filename: 'cat.png', bytes: HTML_PAGE }], 'image 1 (cat.png) is not a PNG, JPEG, GIF or WebP image', { path: 'attachments[0]', reason: 'not_supported', values: { position: 1, filename: 'cat.png' } }],
      [[{ filename: 'logo.png', bytes: SVG_IMAGE }], 'image 1 (logo.png) is not a PNG, JPEG, GIF or WebP image', { path: 'attachments[0]', reason: 'not_supported', values: { position: 1, filename: 'logo.png' } }],
    ];
    for (const [uploads, message, detail] of cases) {
      await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'New' }, uploads)).rejects.toMatchObject({
        code: 'validation_error',
        message: expect.stringContaining(message),
        // The reason and its values, for a program (the pages word it in their language); the message stays English.
        details: [{ ...detail, message }],
      });
      await expect(h.board.voters.comment(h.voter.id, post.id, { body: 'Hi' }, uploads)).rejects.toMatchObject({ code: 'validation_error' });
      await expect(h.team.comments.create(post.id, { body: 'Hi' }, uploads)).rejects.toMatchObject({ code: 'validation_error' });
    }
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('refuses a decompression bomb (a 33 KB PNG of 16,384 × 16,384) with its reason and limit, storing nothing', async () => {
    const h = await setup();
    const before = await snapshot(h.board);
    const bomb = { filename: 'bomb.png', bytes: blackPng(16_384, 16_384) };
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'Big' }, [h.png, bomb])).rejects.toMatchObject({
      code: 'validation_error',
      message: 'attachments[1]: image 2 (bomb.png) has more than 40 megapixels (16384 × 16384 pixels)',
      details: [{ path: 'attachments[1]', reason: 'too_many_megapixels', values: { position: 2, filename: 'bomb.png', limit: 40 } }],
    });
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('refuses every upload on a board made without an image inspector, storing nothing', async () => {
    const h = await createHarness();
    await h.makeBoard();
    await h.board.team(h.a.id).boards.setPublished('features', true);
    const voter = await h.board.voters.register(h.a.id, { email: 'bo@example.com' });
    const before = await snapshot(h.board);
    await expect(
      h.board.voters.submitPost(voter.id, 'features', { title: 'X' }, [{ filename: 'a.png', bytes: await image('png') }]),
    ).rejects.toMatchObject({ code: 'validation_error', message: expect.stringContaining('no image inspector'), details: [{ path: 'attachments', reason: 'not_taken' }] });
    expect(await snapshot(h.board)).toEqual(before);
    // Without uploads nothing changes for such a board.
    expect((await h.board.voters.submitPost(voter.id, 'features', { title: 'Y' })).title).toBe('Y');
  });

  it('takes an inspector that answers through a promise: accepts what it accepts, refuses what it refuses, storing nothing then', async () => {
    const seen: number[] = [];
    const later = async (bytes: Uint8Array) => {
      seen.push(bytes.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return bytes.length > 1000 ? ({ ok: false, reason: 'is too large for this inspector', code: 'too_many_pixels', limit: 9 } as const) : inspectImage(bytes);
    };
    const h = await createHarness({ attachments: { inspect: later, baseUrl: BASE_URL } });
    await h.makeBoard();
    await h.board.team(h.a.id).boards.setPublished('features', true);
    const voter = await h.board.voters.register(h.a.id, { email: 'cy@example.com' });
    const small = await image('png', 4, 3);
    const post = await h.board.voters.submitPost(voter.id, 'features', { title: 'Small' }, [{ filename: 's.png', bytes: small }]);
    expect('attachments' in post && post.attachments).toMatchObject([{ content_type: 'image/png', width: 4, height: 3 }]);
    const before = await snapshot(h.board);
    const big = new Uint8Array(2000);
    big.set(small);
    await expect(h.board.voters.submitPost(voter.id, 'features', { title: 'Big' }, [{ filename: 'b.png', bytes: big }])).rejects.toMatchObject({
      code: 'validation_error',
      details: [{ path: 'attachments[0]', reason: 'too_many_pixels', values: { position: 1, filename: 'b.png', limit: 9 } }],
    });
    expect(await snapshot(h.board)).toEqual(before);
    expect(seen).toEqual([small.length, 2000]);
  });

  it("carries an inspector's code and limit, or `refused` for one without a code, and names the image without control characters", async () => {
    const refusing = (result: ImageInspection) => async () => {
      const h = await createHarness({ attachments: { inspect: () => result, baseUrl: BASE_URL } });
      await h.makeBoard();
      await h.board.team(h.a.id).boards.setPublished('features', true);
      const voter = await h.board.voters.register(h.a.id, { email: 'cy@example.com' });
      return h.board.voters.submitPost(voter.id, 'features', { title: 'X' }, [{ filename: 'a\u202egnp.exe\u0007', bytes: new Uint8Array([1]) }]);
    };
    await expect(refusing({ ok: false, reason: 'is too wide for us', code: 'too_many_pixels', limit: 800 })()).rejects.toMatchObject({
      details: [{ path: 'attachments[0]', message: 'image 1 (agnp.exe) is too wide for us', reason: 'too_many_pixels', values: { position: 1, filename: 'agnp.exe', limit: 800 } }],
    });
    await expect(refusing({ ok: false, reason: 'is not welcome' })()).rejects.toMatchObject({
      details: [{ message: 'image 1 (agnp.exe) is not welcome', reason: 'refused', values: { position: 1, filename: 'agnp.exe' } }],
    });
  });

  it('keeps file names plain: the last path segment, no control characters, a default when empty', async () => {
    const h = await setup();
    const names = ['../../etc/passwd.png', 'C:\\Users\\me\\shot.png', 'a\u0000b\u202e\u0007.png', '   ', '<img src=x onerror=alert(1)>.png'];
    const post = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Names' }, names.map((filename) => ({ filename, bytes: h.png.bytes })).slice(0, 5));
    const kept = 'attachments' in post ? post.attachments.map((a) => a.filename) : [];
    expect(kept).toEqual(['passwd.png', 'shot.png', 'ab.png', 'image.png', '<img src=x onerror=alert(1)>.png']);
  });

  it('lets the public read an attachment only while its post is visible, by its hash', async () => {
    const h = await setup();
    const post = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Visible' }, [h.png]);
    const other = await h.makePost('features', { title: 'Target' });
    const comment = await h.board.voters.comment(h.voter.id, other.id, { body: 'With image' }, [h.png]);
    const [postRecord, commentRecord] = await h.board.storage.transaction('read', async (tx) => [
      (await tx.listPostAttachments([post.id]))[0]!,
      (await tx.listCommentAttachments([comment.id]))[0]!,
    ]);
    expect(postRecord.sha256).toMatch(HASH);
    const readPost = () => h.team.attachments.readPublic(postRecord.id, postRecord.sha256);
    const readComment = () => h.team.attachments.readPublic(commentRecord.id, commentRecord.sha256);
    expect(Array.from((await readPost())!.bytes)).toEqual(Array.from(h.png.bytes));
    expect(await h.team.attachments.readPublic(postRecord.id, '0'.repeat(64))).toBeNull();
    expect(await h.board.team(h.b.id).attachments.readPublic(postRecord.id, postRecord.sha256)).toBeNull();

    await h.team.posts.setHidden(post.id, true);
    expect(await readPost()).toBeNull();
    await h.team.posts.setHidden(post.id, false);
    expect(await readPost()).not.toBeNull();

    await h.team.comments.setHidden(comment.id, true);
    expect(await readComment()).toBeNull();
    await h.team.comments.setHidden(comment.id, false);
    expect(await readComment()).not.toBeNull();

    await h.req('POST', `/boards/features/posts/${post.id}/merge`, { body: { into: other.id } });
    expect(await readPost()).toBeNull();
    await h.team.posts.unmerge(post.id);
    expect(await readPost()).not.toBeNull();

    await h.team.boards.setPublished('features', false);
    expect(await readPost()).toBeNull();
    expect(await readComment()).toBeNull();
  });

  it("deletes a post's attachments and its comments' with it", async () => {
    const h = await setup();
    const post = await h.makePost('features', { title: 'Doomed' });
    await h.board.voters.comment(h.voter.id, post.id, { body: 'Pic' }, [h.png]);
    await h.team.comments.create(post.id, { body: 'Pic' }, [h.png]);
    const count = () => h.board.storage.transaction('read', async (tx) => (await tx.getAttachment(1)) !== null);
    expect(await count()).toBe(true);
    expect((await h.req('DELETE', `/boards/features/posts/${post.id}`)).status).toBe(204);
    expect(await h.board.storage.transaction('read', async (tx) => [await tx.getAttachment(1), await tx.getAttachment(2), await tx.getAttachmentBytes(1)])).toEqual([null, null, null]);
  });
});
