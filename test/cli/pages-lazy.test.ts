/**
 * `serve` loads the pages' code (their views, Markdown, languages) with the first page asked for,
 * not when it starts: about an eighth of the CPU of a start, which a server or a command that
 * answers only the API never needed. A loader hook in the `serve` process writes down every
 * module of markdown-it (which only the pages use) as it is loaded: none once the server has
 * printed its team sign-in link and answered the API; the first page then loads it and is
 * answered as always (the pages' suites test the pages themselves).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { loadLog } from '../helpers/load-log.js';

const work = workDir();
let server: Server | undefined;

afterAll(async () => {
  await server?.stop();
  work.remove();
});

describe('serve and the pages', () => {
  it('prints the team sign-in link and answers the API without loading the pages, and loads them with the first page', async () => {
    const loaded = loadLog(work, '/node_modules/markdown-it/');
    server = await startServe(['--port', '0', '--memory'], work.dir, loaded.nodeArgs);
    const link = await waitForLine(server, /^team sign-in: /);
    expect(link.input).toMatch(new RegExp(`^team sign-in: ${server.url}/sign-in/link\\?token=[A-Za-z0-9_%-]+$`));
    const api = await fetch(`${server.url}/api/v1/boards`);
    expect([api.status, ((await api.json()) as { error: { code: string } }).error.code]).toEqual([401, 'unauthorized']);
    expect(loaded.read()).toBe('');

    const [first, second] = await Promise.all([fetch(`${server.url}/boards/demo`), fetch(`${server.url}/`)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await first.text()).toContain('</html>');
    await second.text();
    expect(loaded.read()).toContain('/node_modules/markdown-it/');
  });
});
