/**
 * Runs the built CLI (`dist/cli/main.js`, built by `npm test` before vitest) as a child process:
 * `serve` with its first stdout line parsed, or any command run to completion.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const CLI = resolve(import.meta.dirname, '../../dist/cli/main.js');

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" (npm test does) first`);
}

/** A temporary directory (the CLI's working directory, fixture files), removed by `remove()`. */
export function workDir(): { dir: string; write(name: string, content: unknown): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'fb-cli-'));
  return {
    dir,
    write(name, content) {
      const file = join(dir, name);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Server {
  url: string;
  api: string;
  /** Every stdout line so far (the first is the `listening on` line). */
  lines: string[];
  firstLine: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  child: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `serve` with `args` (and `nodeArgs` for Node itself) and resolves once the first stdout line has arrived. */
export function startServe(args: string[], cwd: string, nodeArgs: string[] = []): Promise<Server> {
  assertBuilt();
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const reader = createInterface({ input: child.stdout! });
  return new Promise((resolveServer, reject) => {
    // Catches a hung start, not a slow one: on a 2-core machine loaded to 20, a start took past 15 s.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${stderr}`));
    }, 60_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening: ${stderr}`));
    };
    child.once('exit', early);
    reader.on('line', (line) => {
      lines.push(line);
      if (lines.length > 1) return;
      clearTimeout(timer);
      child.off('exit', early);
      let stopping = false;
      // A server that exits on its own while its test still uses it would show up only as
      // refused connections; what it printed says why. (Signals and clean exits are the tests' own stops.)
      child.once('exit', (code, signal) => {
        if (!stopping && signal === null && code !== 0) console.error(`serve ${line} exited with ${code} while in use: ${stderr}`);
      });
      const url = /^listening on (http:\/\/\S+)$/.exec(line)?.[1] ?? '';
      resolveServer({
        url,
        api: `${url}/api/v1`,
        lines,
        firstLine: line,
        stderr: () => stderr,
        child,
        stop: async () => {
          stopping = true;
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/** Waits until `lines` holds a line matching `pattern` (the notes follow the first line). */
export async function waitForLine(server: Server, pattern: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 200; i++) {
    for (const line of server.lines) {
      const m = pattern.exec(line);
      if (m) return m;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no line matching ${pattern} in:\n${server.lines.join('\n')}`);
}

/** Runs the CLI to completion (`nodeArgs` go to `node`, before the CLI). */
export function runCli(args: string[], cwd: string, nodeArgs: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((done) => {
    const child = spawn(process.execPath, [...nodeArgs, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // A guard against a CLI that hangs, not a bound on a slow one: on a loaded two-core machine a
    // refusal that takes a fraction of a second alone took past 15 s (killed, its exit code lost).
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** A request against a running server with a key (and `extraHeaders`). */
export async function call(api: string, method: string, path: string, key: string | null, body?: unknown, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders };
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined, text };
}

/** A tiny cookie jar over fetch, reading the CSRF token of the last page. */
export function browser(base: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  async function request(path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = base;
      body = new URLSearchParams({ csrf, ...form }).toString();
    }
    const response = await fetch(`${base}${path}`, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/Max-Age=0/.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? csrf;
    return { status: response.status, text, location: response.headers.get('location') };
  }
  return { request };
}
