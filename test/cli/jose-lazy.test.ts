/**
 * `serve` loads jose (the SSO tokens' verification) with the first token it verifies, not when it
 * starts: loading it took about 60 ms of CPU, a ninth of a start. A loader hook in the
 * `serve` process writes down every module of jose as it is loaded: none by the time the server
 * has printed its notes and served a page; the first token then loads it and is answered as
 * always (the SSO suites test the answers themselves).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

const work = workDir();
let server: Server | undefined;

afterAll(async () => {
  await server?.stop();
  work.remove();
});

describe('serve and jose', () => {
  it('loads jose with the first SSO token, not at start', async () => {
    const log = join(work.dir, 'loaded.txt');
    writeFileSync(log, '');
    const hooks = work.write(
      'hooks.mjs',
      `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.includes('/node_modules/jose/')) appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`,
    );
    const register = work.write('register.mjs', `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
    server = await startServe(['--port', '0', '--memory'], work.dir, ['--import', pathToFileURL(register).href]);
    await waitForLine(server, /^team sign-in: /);
    const page = await fetch(`${server.url}/boards/demo`);
    expect(page.status).toBe(200);
    await page.text();
    expect(readFileSync(log, 'utf8')).toBe('');

    const refused = await fetch(`${server.url}/boards/demo?sso=not.a.token`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('This is not a JWT in compact form');
    expect(readFileSync(log, 'utf8')).toContain('/node_modules/jose/');
  });
});
