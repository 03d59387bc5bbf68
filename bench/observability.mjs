// Benchmark of `serve`'s request log and metrics: requests a second of one GET of the API under
// `serve` with `--log json --metrics` against `--log off` without metrics, as a ratio of the time
// per request (target ≤ 1.1×). Both servers are real processes on the in-memory demo data, driven
// over keep-alive HTTP by 16 clients; the log goes to a file, as it would to a collector. The two
// settings alternate for BENCH_ROUNDS rounds (default 5) and each keeps its median.
// `npm run bench` (builds first). Not part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CLIENTS = 16;
const dir = mkdtempSync(join(tmpdir(), 'fb-bench-observability-'));

/** Starts serve with `args`; resolves with its URL, write key, log file and stop. */
async function start(name, args) {
  const logFile = join(dir, `${name}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [CLI, 'serve', '--memory', '--port', '0', '--rate-limit', 'off', ...args], { stdio: ['ignore', 'pipe', log] });
  closeSync(log);
  const lines = createInterface({ input: child.stdout });
  let url;
  let key;
  for await (const line of lines) {
    url ??= /^listening on (\S+)$/.exec(line)?.[1];
    key ??= /^write key: +(\S+)$/.exec(line)?.[1];
    if (url && key) break;
  }
  return { url, key, logFile, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) };
}

/** Microseconds per request for REQUESTS GETs by CLIENTS clients in parallel. */
async function measure(server) {
  const target = `${server.url}/api/v1/boards/demo/posts?limit=5`;
  const headers = { authorization: `Bearer ${server.key}` };
  let left = REQUESTS;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) {
        const answer = await fetch(target, { headers });
        if (answer.status !== 200) throw new Error(`status ${answer.status}`);
        await answer.arrayBuffer();
      }
    }),
  );
  return ((performance.now() - t0) * 1000) / REQUESTS;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const observed = await start('observed', ['--log', 'json', '--metrics']);
  const plain = await start('plain', ['--log', 'off']);
  // Warm-up of both (JIT, connection pools).
  await measure(observed);
  await measure(plain);
  const times = { observed: [], plain: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.observed.push(await measure(observed));
    times.plain.push(await measure(plain));
  }
  const scrape = await (await fetch(`${observed.url}/metrics`)).text();
  const counted = scrape.split('\n').filter((l) => l.startsWith('feedback_board_http_requests_total{')).reduce((n, l) => n + Number(l.split(' ').pop()), 0);
  await observed.stop();
  await plain.stop();
  const a = median(times.observed);
  const b = median(times.plain);
  console.log(`serve, GET …/posts?limit=5, ${CLIENTS} clients, ${REQUESTS} requests × ${ROUNDS} rounds (medians):`);
  console.log(`  --log json --metrics: ${a.toFixed(1)} µs/request (${Math.round(1e6 / a)} req/s); log ${statSync(observed.logFile).size} bytes, ${counted} requests counted`);
  console.log(`  --log off:            ${b.toFixed(1)} µs/request (${Math.round(1e6 / b)} req/s)`);
  console.log(`  ratio: ${(a / b).toFixed(3)}× (target ≤ 1.1×)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
