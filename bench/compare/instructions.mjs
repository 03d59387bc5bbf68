// `bench:compare --instructions`: the instructions a server runs per request, counted by valgrind's
// callgrind, where the other measures time it.
//
// On a shared two-core machine two timed runs of the very same server differ by up to a tenth, so a
// change of a few percent hides in the noise. Instructions do not depend on what else runs: the
// same server answering the same requests runs the same instructions give or take the JIT's and
// the garbage collector's timing, a fraction of a percent. They do not see what a request costs
// the kernel (the socket's writes, about a quarter of a GET's CPU) nor caches and branches, so
// they answer "does this tree do more work per request", not "how fast is it".
//
// How: the server runs under `valgrind --tool=callgrind`; one keep-alive connection sends it
// requests one after another; after a warm-up the counters are zeroed (`callgrind_control -z`),
// then `requests` more are sent, then the counters are dumped (`callgrind_control -d`). Callgrind
// takes a command between two requests or during one, so each end of the window may be off by a
// request or two: about 0.1% of a thousand. The figure compared is the main thread's: with the
// other threads' (V8's concurrent compiler and marker), two runs of one server differed by a
// tenth, as the JIT optimized at other moments; the main thread's alone differed by 0.1%.
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { tracked } from './servers.mjs';

/** Whether valgrind and callgrind_control are on the PATH; the reason when not. */
export function valgrindMissing() {
  for (const tool of ['valgrind', 'callgrind_control']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch (error) {
      if (error.code === 'ENOENT') return `${tool} is not installed (Debian and Ubuntu: apt-get install valgrind)`;
    }
  }
  return null;
}

/** Starts `node args...` under callgrind with its counters running; resolves once it listens. */
function startCounted(args, dir) {
  const log = openSync(join(dir, 'server.log'), 'a');
  const child = tracked(spawn('valgrind', ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${join(dir, 'callgrind.out')}`, process.execPath, ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', log],
  }));
  closeSync(log);
  return new Promise((resolve, reject) => {
    const failed = (code) => reject(new Error(`a server under valgrind exited with ${code} before listening; its stderr is in ${join(dir, 'server.log')}`));
    child.once('exit', failed);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (!match) return;
      child.off('exit', failed);
      resolve({ child, url: match[1] });
    });
  });
}

/** One request of `scenario` (the `i`-th, for a walking path) on `agent`, its status checked. */
function send(agent, url, scenario, pathOf, i) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, hostname, port, method: scenario.method, path: pathOf(scenario, i), headers: scenario.headers }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === scenario.status ? resolve() : reject(new Error(`${scenario.name} at ${url}: ${res.statusCode}`))));
    });
    req.once('error', reject);
    req.end(scenario.body);
  });
}

/**
 * Runs `callgrind_control flag pid` while requests keep going (callgrind reads a command only while
 * the process runs); resolves with the number of requests sent meanwhile.
 */
function control(flag, pid, next) {
  return new Promise((resolve, reject) => {
    let done = false;
    let sent = 0;
    const command = spawn('callgrind_control', [flag, String(pid)], { stdio: 'ignore' });
    command.once('error', reject);
    command.once('exit', (code) => {
      done = true;
      if (code !== 0) reject(new Error(`callgrind_control ${flag} ${pid} exited with ${code}`));
    });
    (async () => {
      while (!done) {
        await next();
        sent += 1;
      }
      resolve(sent);
    })().catch(reject);
  });
}

/** The instructions in the dump callgrind wrote (`callgrind.out.1-NN`, a file per thread): the main thread's and all threads'. */
function dumpedInstructions(dir) {
  const dumps = readdirSync(dir).filter((name) => /^callgrind\.out\.1-\d+$/.test(name));
  if (dumps.length === 0) throw new Error(`callgrind wrote no dump in ${dir}`);
  let main = 0;
  let all = 0;
  for (const name of dumps) {
    const match = /^summary: (\d+)$/m.exec(readFileSync(join(dir, name), 'utf8'));
    if (!match) continue;
    all += Number(match[1]);
    if (name.endsWith('-01')) main = Number(match[1]);
  }
  return { main, all };
}

/**
 * Instructions per request of `scenario` on the server `node args...` (which prints `listening on
 * URL`): one request of each of `first`, then `warmUp` requests, then the counters zeroed,
 * `requests` requests, and the counters dumped. `first` makes the server one that has served every
 * kind of request compared, as a server in use has and as the timed comparison's servers have:
 * what one request leaves behind can slow every other (the pages' former JSX runtime turned on the
 * process's promise hooks for good, a GET of one post then ran 382 K instructions instead of 292 K).
 * `main`: the main thread's, the event loop where every request is served; `all`: with the other
 * threads' (V8 compiling and marking concurrently, libuv's pool), which depend on when the JIT
 * happens to optimize what and so move by up to a tenth between two runs of the same server.
 */
export async function instructionsPerRequest(args, scenario, pathOf, { first = [], warmUp, requests, tmp }) {
  const dir = mkdtempSync(join(tmp, 'callgrind-'));
  const { child, url } = await startCounted(args, dir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let i = 0;
  const next = () => send(agent, url, scenario, pathOf, i++);
  try {
    for (const other of first) await send(agent, url, other, pathOf, 0);
    for (let n = 0; n < warmUp; n++) await next();
    const duringZero = await control('-z', child.pid, next);
    for (let n = 0; n < requests; n++) await next();
    const duringDump = await control('-d', child.pid, next);
    // The window holds the requests sent between the two commands, and on average half of those
    // sent while either was pending.
    const counted = requests + (duringZero + duringDump) / 2;
    const { main, all } = dumpedInstructions(dir);
    return { main: main / counted, all: all / counted };
  } finally {
    agent.destroy();
    await new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM'))));
    rmSync(dir, { recursive: true, force: true });
  }
}
