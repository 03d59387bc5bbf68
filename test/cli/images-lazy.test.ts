/**
 * `serve` loads its image inspector (and its decoder, `image-size`) with the first upload, not when
 * it starts: loading it was about 40 ms of CPU at every start, and most servers never see an image.
 * A loader hook in the `serve` process writes down every module of image-size as it is loaded:
 * none once the server has printed its notes and served the dashboard; the team's first comment
 * with an image then loads it, is stored and shown, and a file that is no image is refused as ever.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { HTML_PAGE, image } from '../helpers/images.js';
import { loadLog } from '../helpers/load-log.js';
import { Client, postFiles } from '../pages/helpers.js';

const work = workDir();
let server: Server | undefined;

afterAll(async () => {
  await server?.stop();
  work.remove();
});

describe('serve and the image inspector', () => {
  it('loads the inspector with the first upload, not at start, and inspects it as always', async () => {
    const loaded = loadLog(work, '/node_modules/image-size/');
    server = await startServe(['--port', '0', '--memory'], work.dir, loaded.nodeArgs);
    const signIn = new URL((await waitForLine(server, /^team sign-in: (\S+)$/))[1]!);
    // A browser's view: its cookies kept, and each redirect seen rather than followed.
    const team = new Client((request) => fetch(request, { redirect: 'manual' }), server.url);
    await team.get(`${signIn.pathname}${signIn.search}`);
    expect((await team.post('/sign-in/link', { token: signIn.searchParams.get('token')! })).status).toBe(303);
    const post = await team.get('/dashboard/posts/1');
    expect(post.status).toBe(200);
    expect(loaded.read()).toBe('');

    const refused = await postFiles(team, '/dashboard/posts/1/comments', { body: 'Not an image' }, [{ filename: 'cat.png', bytes: HTML_PAGE }]);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('image 1 (cat.png) is not a PNG, JPEG, GIF or WebP image');
    const posted = await postFiles(team, '/dashboard/posts/1/comments', { body: 'A screenshot' }, [{ filename: 'shot.png', bytes: await image('png', 40, 30) }]);
    expect(posted.status).toBe(303);
    const shown = await team.get('/dashboard/posts/1');
    expect(shown.text).toMatch(/<a href="\/dashboard\/attachments\/1\/[0-9a-f]{64}\.png"><img src="[^"]+" width="40" height="30" alt="shot\.png"/);
    expect(shown.text).not.toContain('Not an image');
    expect(loaded.read()).toContain('/node_modules/image-size/');
  });
});
