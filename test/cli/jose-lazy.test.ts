/**
 * `serve` loads jose (the SSO tokens' verification) with the first token it verifies, not when it
 * starts: loading it took about 60 ms of CPU, a ninth of a start. A loader hook in the
 * `serve` process writes down every module of jose as it is loaded: none by the time the server
 * has printed its notes and served a page; the first token then loads it and is answered as
 * always (the SSO suites test the answers themselves).
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

describe('serve and jose', () => {
  it('loads jose with the first SSO token, not at start', async () => {
    const loaded = loadLog(work, '/node_modules/jose/');
    server = await startServe(['--port', '0', '--memory'], work.dir, loaded.nodeArgs);
    await waitForLine(server, /^team sign-in: /);
    const page = await fetch(`${server.url}/boards/demo`);
    expect(page.status).toBe(200);
    await page.text();
    expect(loaded.read()).toBe('');

    const refused = await fetch(`${server.url}/boards/demo?sso=not.a.token`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('This is not a JWT in compact form');
    expect(loaded.read()).toContain('/node_modules/jose/');
  });
});
