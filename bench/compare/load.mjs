// The HTTP load of `bench:compare`: the requests compared, and the load generator that sends them.
//
// On two cores the load generator and the server compete for the same CPUs, so the generator
// must be cheap: `wrk` (one thread, C, an event loop) costs a fraction of a core at these rates,
// where a generator in Node costs about as much CPU per request as the server it measures.
// wrk is used when it is on the PATH (Debian and Ubuntu: `apt-get install wrk`; macOS: `brew
// install wrk`); without it, or with BENCH_COMPARE_LOAD=node, a keep-alive node:http generator in
// this process takes its place, and the table says which one ran.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * The requests compared, as data both generators read. `cycle`: the path ends in a post id that
 * walks all `cycle` posts (1 + 7i mod cycle); `peer`: the Hono peer answers it too; `heavy`: a
 * request that can cost ten to fifty times a GET of one post (a page, a list built anew), of which
 * `--instructions` counts a fifth as many.
 */
export function scenarios(key, posts) {
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const mcp = { ...json, accept: 'application/json, text/event-stream' };
  const getPost = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_post', arguments: { slug: 'features', id: 17 } } };
  return [
    { name: 'GET one post, walking', method: 'GET', path: '/api/v1/boards/features/posts/', cycle: posts, headers: auth, status: 200, peer: true },
    { name: 'GET one post, the same', method: 'GET', path: '/api/v1/boards/features/posts/42', headers: auth, status: 200, peer: true },
    { name: 'GET list top 100', method: 'GET', path: '/api/v1/boards/features/posts?sort=top&limit=100', headers: auth, status: 200, peer: true, heavy: true },
    { name: 'public board page', method: 'GET', path: '/boards/features', headers: {}, status: 200, peer: false, heavy: true },
    { name: 'MCP tools/call get_post', method: 'POST', path: '/mcp', headers: mcp, body: JSON.stringify(getPost), status: 200, peer: false },
    { name: 'create post', method: 'POST', path: '/api/v1/boards/features/posts', headers: json, body: JSON.stringify({ title: 'Compared post', body: 'from bench:compare' }), status: 201, peer: true },
  ];
}

/** The path of the `i`-th request of `scenario`. */
export const pathOf = (scenario, i) => (scenario.cycle ? `${scenario.path}${1 + ((i * 7) % scenario.cycle)}` : scenario.path);

/** Sends one request of `scenario` and checks its status, so a run never measures error answers. */
export async function probe(url, scenario) {
  const res = await fetch(url + pathOf(scenario, 1), { method: scenario.method, headers: scenario.headers, body: scenario.body });
  const text = await res.text();
  if (res.status !== scenario.status) throw new Error(`${scenario.name} at ${url}: ${res.status} (expected ${scenario.status}): ${text.slice(0, 300)}`);
}

/** Which generator runs: wrk when installed, unless BENCH_COMPARE_LOAD=node. */
export function loadGenerator() {
  if (process.env.BENCH_COMPARE_LOAD === 'node') return 'node';
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is a failure to start.
    if (error.code === 'ENOENT') return 'node';
  }
  return 'wrk';
}

const lua = (text) => `[==[${text}]==]`;

/** The wrk script of `scenario`: its method, headers and body, and the path of each request. */
function wrkScript(scenario) {
  const lines = [`wrk.method = "${scenario.method}"`];
  for (const [name, value] of Object.entries(scenario.headers)) lines.push(`wrk.headers[ ${lua(name)} ] = ${lua(value)}`);
  if (scenario.body !== undefined) lines.push(`wrk.body = ${lua(scenario.body)}`);
  if (scenario.cycle) {
    lines.push('local i = 0', 'request = function()', '  i = i + 1', `  return wrk.format(nil, ${lua(scenario.path)} .. (1 + (i * 7) % ${scenario.cycle}))`, 'end');
  }
  return `${lines.join('\n')}\n`;
}

/** Runs wrk; resolves with requests a second, and throws on non-2xx answers or socket errors. */
function runWrk(url, scenario, { seconds, connections }) {
  const dir = mkdtempSync(join(tmpdir(), 'fb-compare-wrk-'));
  const script = join(dir, 'script.lua');
  writeFileSync(script, wrkScript(scenario));
  const target = url + (scenario.cycle ? '/' : scenario.path);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, target];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, (error, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      if (error) return reject(error);
      const rate = /Requests\/sec:\s+([0-9.]+)/.exec(stdout);
      const requests = /([0-9]+) requests in/.exec(stdout);
      const bad = /Non-2xx or 3xx responses: ([0-9]+)/.exec(stdout) ?? /Socket errors: (.*)/.exec(stdout);
      if (bad || !rate) return reject(new Error(`${scenario.name} at ${url}: wrk reported\n${stdout}`));
      resolve({ rate: Number(rate[1]), requests: Number(requests[1]) });
    });
  });
}

/** The same load from node:http with a keep-alive agent and `connections` requests in flight. */
async function runNode(url, scenario, { seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  const send = (i) =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent, hostname, port, method: scenario.method, path: pathOf(scenario, i), headers: scenario.headers }, (res) => {
        res.resume();
        res.once('end', () => (res.statusCode === scenario.status ? resolve() : reject(new Error(`${scenario.name} at ${url}: ${res.statusCode}`))));
      });
      req.once('error', reject);
      req.end(scenario.body);
    });
  let requests = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      for (let i = w; performance.now() < until; i += connections) {
        await send(i);
        requests += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  return { rate: requests / elapsed, requests };
}

/** Requests a second of `scenario` against `url` for `seconds` with `connections` in flight. */
export function runLoad(generator, url, scenario, options) {
  return generator === 'wrk' ? runWrk(url, scenario, options) : runNode(url, scenario, options);
}
