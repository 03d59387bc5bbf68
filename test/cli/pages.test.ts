/**
 * `serve` and the pages over real HTTP: the pages at `/` beside the API, a `team sign-in:` link
 * printed at every start (a new one each time, for the first team member, who is created once),
 * sign-in links printed to standard output without `--smtp`, and a bad `--smtp` refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { browser, runCli, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const d of dirs.splice(0)) d.remove();
  running = [];
});

describe('serve with the pages', () => {
  it('serves the pages at / beside the API and prints a working, single-use team sign-in link at every start', async () => {
    const dir = workDir();
    dirs.push(dir);
    const first = await startServe(['--port', '0', '--db', 'board.db'], dir.dir);
    running.push(first);
    const link = (await waitForLine(first, /^team sign-in: (http:\/\/\S+\/sign-in\/link\?token=[A-Za-z0-9_-]+)$/))[1]!;
    const home = await fetch(`${first.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Demo board');
    expect((await fetch(`${first.url}/api/v1/boards`)).status).toBe(401);
    // A key on a path that is not the API's: the API's JSON 404, not a page.
    const misrouted = await fetch(`${first.url}/elsewhere/boards`, { headers: { authorization: 'Bearer fbk_x' } });
    expect(misrouted.status).toBe(401);
    expect(misrouted.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await fetch(`${first.url}/elsewhere/boards`)).headers.get('content-type')).toBe('text/html; charset=utf-8');

    const team = browser(first.url);
    const path = link.slice(first.url.length);
    await team.request(path);
    const signedIn = await team.request('/sign-in/link', { token: new URL(link).searchParams.get('token')! });
    expect(signedIn.location).toBe('/dashboard?notice=signed_in');
    expect((await team.request('/dashboard')).text).toContain('Pending proposals');
    // Without --smtp a voter's sign-in link is printed here, not mailed.
    await team.request('/sign-in');
    await team.request('/sign-in', { email: 'visitor@example.com' });
    const printed = (await waitForLine(first, /^sign-in link for visitor@example\.com: (http:\/\/\S+)$/))[1]!;
    expect(printed).toContain('/sign-in/link?token=');
    expect(await first.stop()).toBe(0);

    // A restart on the same file prints a new link for the same team member; the old one is spent.
    const second = await startServe(['--port', '0', '--db', 'board.db'], dir.dir);
    running.push(second);
    const again = (await waitForLine(second, /^team sign-in: (http:\/\/\S+)$/))[1]!;
    expect(new URL(again).searchParams.get('token')).not.toBe(new URL(link).searchParams.get('token'));
    const other = browser(second.url);
    await other.request('/sign-in');
    expect((await other.request('/sign-in/link', { token: new URL(link).searchParams.get('token')! })).status).toBe(400);
    expect((await other.request('/sign-in/link', { token: new URL(again).searchParams.get('token')! })).status).toBe(303);
    expect((await other.request('/dashboard/settings')).text.match(/team@localhost/g)).toHaveLength(1);
  });

  it('refuses an --smtp value that is not an smtp:// URL', async () => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--memory', '--smtp', 'http://mail.example'], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--smtp takes an smtp:// URL');
  });
});
