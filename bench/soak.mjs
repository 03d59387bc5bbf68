// Soak benchmark: `npm run bench:soak` (builds first). Not part of `npm test`.
//
// Starts a real `feedback-board serve` on a new SQLite file and puts it under 60 s of mixed load
// from this process: reads (lists, posts, queue, comments, statistics), writes (posts, comments,
// claims and releases, evidence, proposals, updates, deletes), invalid keys (throttled per
// address, sent from 127.0.0.2 so they are throttled apart from the other clients), malformed requests and bursts of idle connections past a small connection limit.
// Samples the server's resident memory (RSS) twice a second and prints it at start, peak and end,
// with the request count, the answers by status and the latency percentiles.
//
// SOAK_SECONDS=10 shortens the run; SOAK_WORKERS (default 8) sets the concurrency.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8);
const MAX_CONNECTIONS = 64;

const dir = mkdtempSync(join(tmpdir(), 'fb-soak-'));
const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--db', join(dir, 'soak.db'), '--rate-limit', 'off', '--max-connections', String(MAX_CONNECTIONS)], {
  cwd: dir,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stderrLines = 0;
child.stderr.on('data', (chunk) => (stderrLines += String(chunk).split('\n').length - 1));

const lines = [];
const ready = new Promise((resolve, reject) => {
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => {
    lines.push(line);
    if (lines.some((l) => l.startsWith('propose key:'))) resolve();
  });
  child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});
await ready;
const url = /^listening on (\S+)/.exec(lines[0])[1];
const api = `${url}/api/v1`;
const port = Number(new URL(url).port);
const writeKey = /write key:\s+(\S+)/.exec(lines.join('\n'))[1];
const proposeKey = /propose key:\s+(\S+)/.exec(lines.join('\n'))[1];

/** RSS of the server process in MiB, from /proc (Linux). */
function rssMiB() {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const statuses = new Map();
const latencies = [];
let requests = 0;

async function call(method, path, key, body) {
  const headers = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  let status = 0;
  let json;
  try {
    const response = await fetch(`${api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    status = response.status;
    const text = await response.text();
    json = text ? JSON.parse(text) : undefined;
  } catch {
    status = -1; // a network error
  }
  latencies.push(performance.now() - t0);
  requests += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return { status, json };
}

/** An invalid key from another loopback address (127.0.0.2), as a guesser elsewhere would send it. */
function guess(key) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const request = httpRequest(`${api}/boards`, { localAddress: '127.0.0.2', headers: { authorization: `Bearer ${key}` } }, (response) => {
      response.resume();
      response.on('end', () => {
        latencies.push(performance.now() - t0);
        requests += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        resolve();
      });
    });
    request.on('error', () => resolve());
    request.end();
  });
}

function rawBad() {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET * HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    socket.on('data', () => undefined);
    socket.on('close', resolve);
    socket.on('error', resolve);
    setTimeout(() => socket.destroy(), 2000);
  });
}

function idleFlood(count) {
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 5000);
  }
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const ids = [];
{
  const { json } = await call('GET', '/boards/demo/posts?limit=100', writeKey);
  for (const p of json.posts) ids.push(p.id);
}

async function step(worker, i) {
  const id = pick(ids);
  const roll = Math.random();
  if (roll < 0.3) return call('GET', pick(['/boards/demo/posts?sort=top', '/boards/demo/posts?q=mode', `/boards/demo/posts/${id}`, '/boards/demo/queue', `/boards/demo/posts/${id}/comments`, '/boards/demo/roadmap', '/boards']), proposeKey);
  if (roll < 0.35) return call('GET', pick(['/boards/demo/analytics', '/boards/demo/ship-stats', '/boards/demo/changelog']), writeKey);
  if (roll < 0.5) {
    const r = await call('POST', '/boards/demo/posts', proposeKey, { title: `Soak ${worker}-${i}`, body: 'x'.repeat(200), tags: [pick(['UI', 'Data', 'Soak'])] });
    if (r.status === 201) ids.push(r.json.id);
    return r;
  }
  if (roll < 0.62) return call('POST', `/boards/demo/posts/${id}/comments`, proposeKey, { body: `comment ${i}` });
  if (roll < 0.7) {
    const r = await call('POST', `/boards/demo/posts/${id}/claim`, proposeKey, { ttl_seconds: 60, agent_label: `w${worker}` });
    return call('DELETE', `/boards/demo/posts/${id}/claim`, proposeKey);
  }
  if (roll < 0.76) return call('POST', `/boards/demo/posts/${id}/evidence`, proposeKey, { kind: 'commit', ref: `c${i}`, action_key: `k${worker}-${i % 50}` });
  if (roll < 0.8) return call('POST', `/boards/demo/posts/${id}/propose-status`, proposeKey, { status: pick(['planned', 'in_progress', 'shipped']) });
  if (roll < 0.86) return call('PATCH', `/boards/demo/posts/${id}`, writeKey, { pinned: i % 2 === 0, tags: [pick(['UI', 'Data'])] });
  if (roll < 0.88 && ids.length > 50) {
    const victim = ids.splice(Math.floor(Math.random() * ids.length), 1)[0];
    return call('DELETE', `/boards/demo/posts/${victim}`, writeKey);
  }
  if (roll < 0.95) return guess(`fbk_guess${worker}${i}`);
  if (roll < 0.97) return rawBad();
  if (roll < 0.98) return idleFlood(20);
  return call('POST', '/boards/demo/posts', writeKey, { title: '', tags: 5 });
}

const samples = [];
const start = rssMiB();
samples.push(start);
const sampler = setInterval(() => samples.push(rssMiB()), 500);
const t0 = performance.now();
const deadline = t0 + SECONDS * 1000;
await Promise.all(
  Array.from({ length: WORKERS }, async (_, worker) => {
    for (let i = 0; performance.now() < deadline; i++) await step(worker, i);
  }),
);
const elapsed = (performance.now() - t0) / 1000;
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, 1000));
const end = rssMiB();
samples.push(end);

latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
const by = [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s === -1 ? 'network error' : s}: ${n}`).join(', ');
console.log(`soak: ${elapsed.toFixed(0)} s of mixed load on serve (SQLite), ${WORKERS} concurrent clients, --max-connections ${MAX_CONNECTIONS}`);
console.log(`requests: ${requests} (${(requests / elapsed).toFixed(0)}/s); by status: ${by}`);
console.log(`latency ms: p50 ${q(0.5)}, p99 ${q(0.99)}, max ${latencies.at(-1).toFixed(1)}`);
console.log(`server RSS MiB: start ${start.toFixed(1)}, peak ${Math.max(...samples).toFixed(1)}, end ${end.toFixed(1)}`);
console.log(`server stderr lines: ${stderrLines}`);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });
