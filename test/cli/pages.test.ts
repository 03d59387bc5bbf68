/**
 * `serve` and the pages over real HTTP: the pages at `/` beside the API, a `team sign-in:` link
 * printed at every start (a new one each time, for the first team member, who is created once),
 * sign-in links printed to standard output without `--smtp` (and the pages saying so, every
 * printed mail named), the first member's own address put in place of team@localhost, and a bad
 * `--smtp` refused.
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
    // Nothing waits for the team in the demo: the dashboard opens on the posts.
    expect((await team.request('/dashboard')).text).toContain('<h1>Posts</h1>');
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
    expect((await other.request('/dashboard/settings')).text.match(/<li>.*?<\/li>/g)).toEqual(['<li><span class="user-text">Team </span><code>team@localhost</code></li>']);
  });

  it('without --smtp, says on the pages where mail went, names each printed mail, and lets the first member take their own address', async () => {
    const dir = workDir();
    dirs.push(dir);
    const server = await startServe(['--port', '0', '--memory'], dir.dir);
    running.push(server);
    const link = (await waitForLine(server, /^team sign-in: (http:\/\/\S+)$/))[1]!;
    const team = browser(server.url);
    await team.request(link.slice(server.url.length));
    await team.request('/sign-in/link', { token: new URL(link).searchParams.get('token')! });

    // The Mail page says mail is not set up; its test mail is printed, named as one.
    const mail = await team.request('/dashboard/mail');
    expect(mail.text).toContain('<strong>Mail is not set up.</strong>');
    const tested = await team.request('/dashboard/mail/test', {});
    expect(tested.text).toContain('was printed on the server&#39;s terminal, not sent');
    await waitForLine(server, /^test mail for team@localhost, not sent \(no --smtp\): "\[Demo\] Test e-mail"$/);

    // The first member puts their own address in place of team@localhost.
    expect((await team.request('/dashboard/settings')).text).toContain('receives no mail');
    expect((await team.request('/dashboard/settings/me', { email: 'ada@example.com', name: 'Ada' })).location).toBe('/dashboard/settings?notice=saved');

    // Asking to sign in by that address prints a team link; the page says where it went.
    const visitor = browser(server.url);
    await visitor.request('/sign-in');
    const asked = await visitor.request('/sign-in', { email: 'ada@example.com' });
    expect(asked.text).toContain('the sign-in link was printed on the terminal where the server runs');
    expect(asked.text).not.toContain('Check your inbox');
    const printed = (await waitForLine(server, /^sign-in link for ada@example\.com: (http:\/\/\S+)$/))[1]!;
    await visitor.request(printed.slice(server.url.length));
    const used = await visitor.request('/sign-in/link', { token: new URL(printed).searchParams.get('token')! });
    expect(used.location).toBe('/dashboard?notice=signed_in');
    expect((await visitor.request('/dashboard/settings')).text).toContain('Signed in as Ada');
  });

  it('refuses an --smtp value that is not an smtp:// URL', async () => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--memory', '--smtp', 'http://mail.example'], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--smtp takes an smtp:// URL');
  });
});
