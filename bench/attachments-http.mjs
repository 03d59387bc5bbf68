// What the attachment benchmark (attachments.mjs) drives its servers with: starting a child server
// and reading its printed lines, a team member's signed-in session on the pages (the one-time link
// `serve` prints, its cookies and CSRF token), the pages' multipart upload, a runner of N requests
// at a given concurrency, and a sampler of a process's resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Starts `node ...args` and resolves once it printed `listening on URL`, with the lines it printed. */
export function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines = [];
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => lines.push(line));
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
    reader.on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) done({ child, url: match[1], lines });
    });
  });
}

/** Waits (up to 10 s) for a printed line matching `pattern`. */
export async function lineOf(server, pattern) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    for (const line of server.lines) {
      const match = pattern.exec(line);
      if (match) return match;
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`no line matching ${pattern}`);
}

/** Stops a child server and waits for its exit. */
export function stopChild(server) {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.child.once('exit', done);
    server.child.kill('SIGTERM');
  });
}

/** A browser-like session: its cookies, and the CSRF token of the last page read. */
export class Session {
  cookies = new Map();
  csrf = '';

  constructor(origin) {
    this.origin = origin;
  }

  async request(method, path, body) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: this.origin };
    if (typeof body === 'string') headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${this.origin}${path}`, { method, headers, body, redirect: 'manual' });
    for (const value of response.headers.getSetCookie()) {
      const [pair] = value.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await response.text();
    this.csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? this.csrf;
    return { status: response.status, location: response.headers.get('location'), text };
  }

  /** Signs in as the team member of the one-time link `link` (as printed by `serve`). */
  async signInTeam(link) {
    const token = new URL(link).searchParams.get('token');
    await this.request('GET', `/sign-in/link?token=${token}`);
    const used = await this.request('POST', '/sign-in/link', new URLSearchParams({ csrf: this.csrf, token }).toString());
    if (used.status !== 303) throw new Error(`team sign-in answered ${used.status}`);
  }

  /**
   * The team's comment on post `postId` with one image, through the dashboard's multipart form:
   * true when it was stored, false when the server refused it as too slow or busy (408, 429).
   */
  async uploadTeamComment(postId, filename, bytes) {
    const form = new FormData();
    form.append('csrf', this.csrf);
    form.append('body', `Image ${filename}`);
    form.append('images', new Blob([bytes], { type: 'image/png' }), filename);
    const answer = await this.request('POST', `/dashboard/posts/${postId}/comments`, form);
    if (answer.status === 408 || answer.status === 429) return false;
    if (answer.status !== 303 || !/notice=commented/.test(answer.location ?? '')) throw new Error(`upload answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return true;
  }
}

/** Runs `count` calls of `one(i)`, `concurrency` at a time; their wall time in seconds. */
export async function run(count, concurrency, one) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) await one(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return (performance.now() - started) / 1000;
}

/**
 * GETs `url` and checks the answer's length; the bytes read. A 5xx answer is counted in
 * `failures` (by status) rather than thrown, so that a run under load reports its failures.
 */
export async function getBytes(url, expectedLength, failures = new Map()) {
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status >= 500) {
    failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    return 0;
  }
  if (response.status !== 200 || (expectedLength !== undefined && bytes !== expectedLength)) {
    throw new Error(`GET ${url} answered ${response.status} with ${bytes} bytes`);
  }
  return bytes;
}

/** `none`, or the failures by status: `500×2`. */
export const failuresText = (failures) => (failures.size === 0 ? 'none' : [...failures].map(([status, n]) => `${status}×${n}`).join(' '));

/** The resident memory of `pid` in MiB (`VmRSS`, or `VmHWM`: its peak since it started). */
export function residentMiB(pid, field = 'VmRSS') {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line)[1]) / 1024;
}

/** Samples `pid`'s resident memory every 10 ms while `work` runs; its result and the peak in MiB. */
export async function withPeakRss(pid, work) {
  let peak = residentMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMiB(pid));
  }, 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, residentMiB(pid)) };
  } finally {
    clearInterval(timer);
  }
}
