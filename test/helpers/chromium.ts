/**
 * Node's side of the browser tests: bundling a page entry for the browser, serving the pages
 * from a local HTTP server (IndexedDB needs a real origin), and headless Chromium, the Debian
 * package driven by playwright-core in a new, empty profile. No browser is ever downloaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH, skipReason } from './requirements.js';

export { CHROMIUM_PATH };
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Why the browser suite `suite` cannot run here (no Chromium), or undefined when it can; with
 * `FEEDBACK_BOARD_REQUIRE_ALL=1` (CI) a missing Chromium throws instead. See requirements.ts.
 */
export function chromiumSkipReason(suite: string): string | undefined {
  return skipReason('chromium', suite);
}

/** One page entry (a path from the repository root) bundled for the browser as an ES module. */
export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** An HTML page that loads `script` as a module. */
export function modulePage(script: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module" src="${script}"></script></body></html>`;
}

export interface Served {
  origin: string;
  close(): Promise<void>;
}

/** Serves these paths (path -> content type and body) on 127.0.0.1 at a free port. */
export async function serve(files: Record<string, { type: string; body: string }>): Promise<Served> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (file === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The headless Chromium of this test worker, launched with its first use.
let shared: Promise<Browser> | undefined;

/**
 * Headless Chromium (the machine's, with the project's flags), one per test worker: vitest runs
 * a worker's test files one after another in one module graph (vitest.config.ts: `isolate: false`),
 * and a launch costs about a CPU-second, some 30 of them a run. Each caller gets a view of its
 * own: the contexts it opens (`newContext`, `newPage`) are the only ones it sees, and its
 * `close()` closes those, not the browser. Contexts share no cookies, storage or cache, so no
 * test sees another's. The browser goes with the worker's process (Playwright closes the browsers
 * it launched when their process exits; Chromium leaves when its control pipe closes), and a
 * browser that crashed is launched anew by the next caller.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }).then(
    (browser) => {
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return browserView(await shared);
}

/** A view of `browser` whose contexts are its own, and whose `close()` closes only those. */
function browserView(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  let closed = false;
  const view: Partial<Browser> = {
    newContext: async (options) => {
      if (closed) throw new Error('this view of the shared Chromium was closed');
      const context = await browser.newContext(options);
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      return context;
    },
    // As Playwright's own newPage: a page in a context of its own, closed with it.
    newPage: async (options) => {
      const context = await view.newContext!(options);
      const page = await context.newPage();
      page.once('close', () => void context.close());
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      closed = true;
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (Object.hasOwn(view, key)) return view[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a new, empty user data directory, removed on close. */
export async function launchChromium(): Promise<Chromium> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'fb-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  // Every page reports its unhandled rejections on the console, where `watchPage` sees them.
  await context.addInitScript(() => {
    addEventListener('unhandledrejection', (event) => {
      const reason: unknown = event.reason;
      console.error(`unhandledrejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
    });
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Collects the page's uncaught errors and unhandled rejections, as they happen. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('unhandledrejection:')) problems.push(message.text());
  });
  return problems;
}
