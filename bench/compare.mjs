// `npm run bench:compare -- <rev> [options]`: this working tree against commit `<rev>`, each
// built in a folder of its own (bench/compare/trees.mjs), in alternation, on one machine.
//
// - HTTP: a `serve` of each tree on its own copy of one seeded SQLite file (POSTS posts, the
//   defaults but `--rate-limit off`, so `synchronous=FULL` on both), GET one post (walking all
//   posts, and the same one), GET list top 100, the public board page, an MCP `tools/call`,
//   create a post; wrk (or node:http) with CONNECTIONS connections, for SECONDS a run. Each figure is requests a second, and requests per
//   CPU-second of the server process (its user + system time over the run, from /proc), which
//   moves much less than the rate when other work shares the machine.
// - In process: GET one post through `board.fetch` on memory and on SQLite, and the mock server's
//   `fetch`, in a child process per run (bench/compare/loop.mjs).
// - With `--instructions`, instead: the instructions each server runs per HTTP request, counted
//   under valgrind's callgrind (bench/compare/instructions.mjs), which a busy machine moves far
//   less than it moves time.
//
// Every round starts a new server process for each side (a process's speed depends on how its
// memory happens to be laid out: identical servers differ by up to a tenth, run after run) and
// runs each measure on each side back to back, the order of the sides swapping each round; each
// ratio printed is this tree's figure over the other's, the median of the rounds' ratios with
// their lowest and highest. Above 1 this tree is faster. See bench/README.md.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { smallBoardFixture } from './small-board.mjs';
import { instructionsPerRequest, valgrindMissing } from './compare/instructions.mjs';
import { loadGenerator, pathOf, probe, runLoad, scenarios } from './compare/load.mjs';
import { Measure, table } from './compare/report.mjs';
import { cpuSeconds, honoArgs, serveArgs, startHono, startServe } from './compare/servers.mjs';
import { buildRev, buildThisTree, isAncestorOfHead, ROOT } from './compare/trees.mjs';

const USAGE = `Usage: npm run bench:compare -- <rev> [options]
  --rounds N        rounds of every measure (default 5)
  --seconds S       length of one HTTP run (default 3)
  --connections N   connections of the HTTP load (default 10)
  --posts N         posts of the seeded board (default 10000)
  --peer            add the Hono + better-sqlite3 peer (bench/peers/hono-server.mjs) as a third side
  --this-args=ARGS  more serve options for this tree (--this-args="--log off": with the "=",
                    since the value starts with a dash)
  --rev-args=ARGS   more serve options for <rev>
  --only WORDS      only the measures whose name holds one of these comma-separated words ("one,list")
  --http-only, --loops-only
  --instructions    count each server's instructions per request under valgrind (callgrind)
                    instead of timing it: the HTTP requests only, 2 rounds unless --rounds says
  --requests N      requests counted per server and request with --instructions (default 1000,
                    a fifth of it for the page and the list)
  --warm-up N       requests sent before counting (default 2000, a fifth of it for the page and the list):
                    under valgrind the JIT needs a couple of thousand to settle
  --fresh           rebuild <rev> even if its build is cached
Environment: BENCH_COMPARE_LOAD=node uses the node:http load generator even where wrk is installed.`;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    posts: { type: 'string', default: '10000' },
    peer: { type: 'boolean', default: false },
    'this-args': { type: 'string', default: '' },
    'rev-args': { type: 'string', default: '' },
    only: { type: 'string' },
    'http-only': { type: 'boolean', default: false },
    'loops-only': { type: 'boolean', default: false },
    instructions: { type: 'boolean', default: false },
    requests: { type: 'string', default: '1000' },
    'warm-up': { type: 'string', default: '2000' },
    fresh: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(opts.help ? 0 : 2);
}
for (const name of ['rounds', 'seconds', 'connections', 'posts', 'requests', 'warm-up']) {
  if (opts[name] !== undefined && !/^[1-9][0-9]*$/.test(opts[name])) {
    console.error(`--${name} must be a whole number above 0, not ${JSON.stringify(opts[name])}\n\n${USAGE}`);
    process.exit(2);
  }
}
const ROUNDS = Number(opts.rounds ?? (opts.instructions ? 2 : 5));
const SECONDS = Number(opts.seconds);
const CONNECTIONS = Number(opts.connections);
const POSTS = Number(opts.posts);
const KEY = 'bench-compare-write-0123456789';
const words = (text) => text.split(/\s+/).filter(Boolean);
const chosen = (name) => opts.only === undefined || opts.only.split(',').some((word) => name.toLowerCase().includes(word.trim().toLowerCase()));

if (opts.instructions) {
  const missing = valgrindMissing();
  if (missing !== null) {
    console.error(`--instructions needs valgrind: ${missing}`);
    process.exit(2);
  }
}

const self = buildThisTree();
const rev = buildRev(positionals[0], { fresh: opts.fresh });
const generator = loadGenerator();
const dir = mkdtempSync(join(tmpdir(), 'fb-compare-'));
const load0 = loadavg()[0];
const measures = [];
const others = [rev.label, ...(opts.peer ? ['Hono'] : [])];

/** Seeds the board with the older of the two trees, so the newer one migrates its copy on open. */
async function seed() {
  const fixture = join(dir, 'fixture.json');
  writeFileSync(fixture, JSON.stringify(smallBoardFixture(KEY, POSTS)));
  const seeder = isAncestorOfHead(rev.sha) ? rev : self;
  const file = join(dir, 'seed.db');
  console.log(`seeding ${POSTS} posts with ${seeder.label}…`);
  const server = await startServe(seeder, file, dir, ['--fixture', fixture]);
  await server.stop();
  return file;
}

/**
 * A copy of the seeded file for each side. Each copy is opened and closed once by the tree that
 * serves it (the peer's by this tree, whose schema it reads): a tree that migrates its copy then
 * starts, like the other, from a file whose WAL is checkpointed, not with the migration's pages in
 * its WAL for every read to look up.
 */
async function sideFiles(seedFile) {
  const files = Object.fromEntries(['self', 'rev', 'peer'].map((side) => [side, join(dir, `${side}.db`)]));
  for (const file of Object.values(files)) copyFileSync(seedFile, file);
  await (await startServe(self, files.self, dir)).stop();
  await (await startServe(rev, files.rev, dir)).stop();
  if (opts.peer) await (await startServe(self, files.peer, dir)).stop();
  return files;
}

/**
 * The servers of one round, started afresh: each server process runs at its own speed, as its
 * memory happens to be laid out, so four `serve`s of one tree on copies of one file measured in
 * alternation over 24 rounds differed by up to 13% from the first of them (medians of the rounds'
 * ratios: 1.08×, 1.11×, 1.13×). A comparison that kept one process a side for the whole run
 * carried that difference into every round, where more rounds could not average it away.
 * Restarted every round, but each on its own file kept from round to round, three such servers
 * still stood 0.96×, 1.08× and 0.96× from the first; on fresh copies every round, 1.04×, 1.02×
 * and 1.02× (10 rounds), and in a later run 1.12× with quartiles 0.87–1.29: no longer a side's
 * own, what is left is noise that more rounds average.
 */
async function startSides(prepared, round) {
  // A fresh copy of each side's prepared file too, so no side carries a file's state (its WAL, its
  // pages' places) from one round into the next.
  const files = {};
  for (const [side, file] of Object.entries(prepared).filter(([side]) => side !== 'peer' || opts.peer)) {
    files[side] = join(dir, `${side}-round.db`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(files[side] + suffix, { force: true });
    copyFileSync(file, files[side]);
  }
  const sides = [
    { side: self.label, start: () => startServe(self, files.self, dir, words(opts['this-args'])) },
    { side: rev.label, start: () => startServe(rev, files.rev, dir, words(opts['rev-args'])) },
    ...(opts.peer ? [{ side: 'Hono', start: () => startHono(files.peer, dir), peer: true }] : []),
  ];
  // Started in alternating order, answered in the sides' order (the caller alternates the order it
  // measures them in).
  const started = new Map();
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) started.set(side, await side.start());
  return sides.map((side) => ({ side: side.side, server: started.get(side), peer: side.peer }));
}

async function compareHttp(seedFile) {
  const files = await sideFiles(seedFile);
  const all = scenarios(KEY, POSTS).filter((s) => chosen(s.name));
  const runs = all.map((s) => ({ scenario: s, rate: new Measure(`${s.name}`, 'req/s'), perCpu: new Measure(`${s.name}`, 'req per server CPU-s') }));
  for (let round = 0; round < ROUNDS; round++) {
    const servers = await startSides(files, round);
    try {
      // Each new process serves one of every request first, then a second of each, to warm up.
      for (const { server, peer } of servers) {
        for (const s of all) if (!peer || s.peer) await probe(server.url, s);
      }
      for (const { server, peer } of servers) {
        for (const s of all) if (!peer || s.peer) await runLoad(generator, server.url, s, { seconds: 1, connections: CONNECTIONS });
      }
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const { scenario, rate, perCpu } of runs) {
        for (const { side, server, peer } of order) {
          if (peer && !scenario.peer) continue;
          server.clearLog();
          const cpu0 = cpuSeconds(server.pid);
          const result = await runLoad(generator, server.url, scenario, { seconds: SECONDS, connections: CONNECTIONS });
          rate.add(side, result.rate);
          perCpu.add(side, result.requests / (cpuSeconds(server.pid) - cpu0));
        }
      }
    } finally {
      for (const { server } of servers) await server.stop();
    }
    console.log(`round ${round + 1}/${ROUNDS} of HTTP done, on servers started for it (load average ${loadavg()[0].toFixed(1)})`);
  }
  for (const { rate, perCpu } of runs) measures.push(rate, perCpu);
}

/**
 * Each server's instructions per request, under callgrind: in each round, every request on each
 * side, the sides at once (what a server counts moves little with a busy machine, and alike on
 * every side), each on a fresh copy of its file.
 */
async function compareInstructions(seedFile) {
  const files = await sideFiles(seedFile);
  const sides = [
    { side: self.label, file: files.self, args: (file) => serveArgs(self, file, words(opts['this-args'])) },
    { side: rev.label, file: files.rev, args: (file) => serveArgs(rev, file, words(opts['rev-args'])) },
    ...(opts.peer ? [{ side: 'Hono', file: files.peer, args: (file) => honoArgs(file), peer: true }] : []),
  ];
  const requests = Number(opts.requests);
  const all = scenarios(KEY, POSTS).filter((s) => chosen(s.name));
  const runs = all.map((scenario) => ({ scenario, measure: new Measure(scenario.name, 'instructions per request', { lowerIsBetter: true }) }));
  let copies = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const { scenario, measure } of runs) {
      const counted = scenario.heavy ? Math.ceil(requests / 5) : requests;
      const warmUp = scenario.heavy ? Math.ceil(Number(opts['warm-up']) / 5) : Number(opts['warm-up']);
      const figures = await Promise.all(
        sides
          .filter(({ peer }) => !peer || scenario.peer)
          .map(async ({ side, file, args, peer }) => {
            const copy = join(dir, `counted-${copies++}.db`);
            copyFileSync(file, copy);
            try {
              // One of every request first (all of them, not only those chosen), as a server in use has served.
              const first = scenarios(KEY, POSTS).filter((s) => !peer || s.peer);
              return [side, await instructionsPerRequest(args(copy), scenario, pathOf, { first, warmUp, requests: counted, tmp: dir })];
            } finally {
              for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
            }
          }),
      );
      for (const [side, { main }] of figures) measure.add(side, main);
      const shown = figures.map(([side, { main, all }]) => `${side} ${(main / 1000).toFixed(1)} K, ${(all / 1000).toFixed(1)} K with other threads`);
      console.log(`round ${round + 1}/${ROUNDS}: ${scenario.name} counted (${shown.join('; ')})`);
    }
  }
  for (const { measure } of runs) measures.push(measure);
}

async function compareLoops(seedFile) {
  const run = promisify(execFile);
  const loops = [
    ['board.fetch, memory', 'board'],
    ['board.fetch, SQLite', 'sqlite'],
    ['mock server fetch', 'mock'],
  ].filter(([name]) => chosen(`${name}, GET one post`)).map(([name, which]) => ({ which, measure: new Measure(`${name}, GET one post`, 'calls/s'), cpu: new Measure(`${name}, GET one post`, 'calls per CPU-s') }));
  const env = { ...process.env, BENCH_COMPARE_SEED: JSON.stringify({ key: KEY, posts: POSTS }) };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [self, rev] : [rev, self];
    for (const { which, measure, cpu } of loops) {
      for (const tree of order) {
        const args = [join(ROOT, 'bench/compare/loop.mjs'), tree.dist, which, String(Math.max(1, SECONDS - 1)), seedFile];
        const { stdout } = await run(process.execPath, args, { env });
        const { calls, wallMs, cpuMs } = JSON.parse(stdout.trim().split('\n').pop());
        measure.add(tree.label, (calls * 1000) / wallMs);
        cpu.add(tree.label, (calls * 1000) / cpuMs);
      }
    }
    console.log(`round ${round + 1}/${ROUNDS} of the in-process loops done (load average ${loadavg()[0].toFixed(1)})`);
  }
  for (const { measure, cpu } of loops) measures.push(measure, cpu);
}

try {
  const seedFile = await seed();
  if (opts.instructions) await compareInstructions(seedFile);
  else {
    if (!opts['loops-only']) await compareHttp(seedFile);
    if (!opts['http-only']) await compareLoops(seedFile);
  }
  console.log(`\n## ${self.label} against ${others.join(' and ')}\n`);
  if (opts.instructions) {
    console.log(`${ROUNDS} rounds; instructions per request counted under callgrind (the server's main thread), ${opts.requests} requests after ${opts['warm-up']} to warm up (a fifth as many for the page and the list), one connection, ${POSTS} posts on SQLite` +
      `${opts['this-args'] ? `; this tree with ${opts['this-args']}` : ''}${opts['rev-args'] ? `; ${rev.label} with ${opts['rev-args']}` : ''}` +
      '. Ratios: the other side\'s instructions over this tree\'s, median of the rounds (lowest–highest), above 1 this tree runs fewer.\n');
  } else console.log(`${ROUNDS} rounds; HTTP: ${generator}, ${CONNECTIONS} connections, ${SECONDS} s a run, ${POSTS} posts on SQLite (synchronous=FULL on every side)` +
    `${opts['this-args'] ? `; this tree with ${opts['this-args']}` : ''}${opts['rev-args'] ? `; ${rev.label} with ${opts['rev-args']}` : ''}` +
    `; load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end. Ratios: median of the rounds (lowest–highest), above 1 this tree is faster.\n`);
  console.log(table(measures, self.label, others));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
