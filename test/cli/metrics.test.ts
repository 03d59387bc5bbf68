/**
 * `serve --metrics`: `GET /metrics` in the Prometheus text format. A load run of known requests,
 * scraped during and after: the request counters and the latency histograms' counts equal the
 * requests sent, by route pattern and status; 429s are counted by what refused them; webhook
 * sends by outcome. `--metrics-port` serves them on a port of their own, and nowhere else.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { runCli, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

const running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) dir.remove();
});

async function serve(args: string[], fixture: object = sampleFixture()): Promise<Server> {
  const dir = workDir();
  dirs.push(dir);
  const server = await startServe(['--port', '0', '--log', 'off', '--fixture', dir.write('fixture.json', fixture), ...args], dir.dir);
  running.push(server);
  return server;
}

/** The value of one series of a scrape (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const requests = (route: string, status: number) => `feedback_board_http_requests_total{method="GET",route="${route}",status="${status}"}`;
const latencyCount = (route: string, status: number) => `feedback_board_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;

async function scrape(url: string): Promise<string> {
  const answer = await fetch(`${url}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

/**
 * Creates a post of each title on the fixture's `features` board (each answered 201), then scrapes
 * until `series` reaches `atLeast` (the webhook sends happen after the answers), for at most 10 s;
 * the last scrape.
 */
async function postThenScrapeUntil(server: Server, titles: string[], series: string, atLeast: number): Promise<string> {
  for (const title of titles) {
    const created = await fetch(`${server.api}/boards/features/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.acmeWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, body: 'b' }),
    });
    expect(created.status).toBe(201);
  }
  let text = '';
  for (let i = 0; i < 200; i++) {
    text = await scrape(server.url);
    if (sample(text, series) >= atLeast) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return text;
}

describe('serve --metrics', () => {
  it('counts a load run exactly, by route pattern and status, scraped during and after it', async () => {
    const server = await serve(['--metrics', '--rate-limit', 'off']);
    const get = (path: string) => fetch(`${server.api}${path}`, { headers: { authorization: `Bearer ${KEYS.acmeRead}` } }).then((r) => r.arrayBuffer());
    const during: string[] = [];
    // 8 clients × 25 rounds: a list, a post and a missing post each round; a scrape every 5 rounds.
    await Promise.all(
      Array.from({ length: 8 }, async (_, client) => {
        for (let round = 0; round < 25; round++) {
          await Promise.all([get('/boards/features/posts'), get('/boards/features/posts/1'), get('/boards/features/posts/999999')]);
          if (client === 0 && round % 5 === 0) during.push(await scrape(server.url));
        }
      }),
    );
    const after = await scrape(server.url);
    expect(sample(after, requests('/api/v1/boards/{slug}/posts', 200))).toBe(200);
    expect(sample(after, requests('/api/v1/boards/{slug}/posts/{id}', 200))).toBe(200);
    expect(sample(after, requests('/api/v1/boards/{slug}/posts/{id}', 404))).toBe(200);
    expect(sample(after, latencyCount('/api/v1/boards/{slug}/posts/{id}', 404))).toBe(200);
    expect(sample(after, latencyCount('/api/v1/boards/{slug}/posts', 200))).toBe(200);
    // The scrapes themselves are not counted; every scrape during the run saw a count in between.
    expect(after).not.toContain('route="/metrics"');
    const seen = during.map((text) => sample(text, requests('/api/v1/boards/{slug}/posts', 200)));
    expect(seen).toHaveLength(5);
    for (const [i, count] of seen.entries()) {
      expect(count).toBeGreaterThanOrEqual(i === 0 ? 1 : seen[i - 1]!);
      expect(count).toBeLessThanOrEqual(200);
    }
    expect(after).toContain('feedback_board_process_resident_memory_bytes');
  });

  it('counts 429s by what refused them: the key rate limit and the authentication throttle', async () => {
    const server = await serve(['--metrics', '--rate-limit', '5', '--auth-throttle', '3/1']);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await fetch(`${server.api}/boards`, { headers: { authorization: `Bearer ${KEYS.acmeRead}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const bad: number[] = [];
    for (let i = 0; i < 6; i++) bad.push((await fetch(`${server.api}/boards`, { headers: { authorization: 'Bearer wrong-key-0123456789' } })).status);
    expect(bad).toEqual([401, 401, 401, 429, 429, 429]);
    const text = await scrape(server.url);
    expect(sample(text, 'feedback_board_http_refusals_total{reason="rate_limit"}')).toBe(3);
    expect(sample(text, 'feedback_board_http_refusals_total{reason="auth_throttle"}')).toBe(3);
    expect(sample(text, requests('/api/v1/boards', 429))).toBe(6);
  });

  it('counts webhook sends by outcome', async () => {
    const hits: number[] = [];
    const receiver: HttpServer = createServer((request, response) => {
      hits.push(1);
      request.resume();
      response.writeHead(hits.length === 1 ? 200 : 500).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const fixture = sampleFixture();
      fixture.organizations[0]!.webhooks = [
        { url: `http://127.0.0.1:${port}/ok`, events: ['post.created'], description: 'receiver' },
      ] as unknown as typeof fixture.organizations[0]['webhooks'];
      const server = await serve(['--metrics', '--allow-private-webhooks'], fixture);
      const text = await postThenScrapeUntil(server, ['first', 'second'], 'feedback_board_webhook_deliveries_total{outcome="rejected"}', 1);
      expect(sample(text, 'feedback_board_webhook_deliveries_total{outcome="delivered"}')).toBe(1);
      expect(sample(text, 'feedback_board_webhook_deliveries_total{outcome="rejected"}')).toBe(1);
      expect(sample(text, 'feedback_board_webhook_deliveries_total{outcome="failed"}')).toBe(0);
      expect(sample(text, 'feedback_board_webhook_sends_in_flight')).toBe(0);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it('the webhook queue depth counts the deliveries waiting for an endpoint that is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const fixture = sampleFixture();
    fixture.organizations[0]!.webhooks = [
      { url: `http://127.0.0.1:${port}/down`, events: ['post.created'], description: 'down' },
    ] as unknown as typeof fixture.organizations[0]['webhooks'];
    const server = await serve(['--metrics', '--allow-private-webhooks'], fixture);
    expect(sample(await scrape(server.url), 'feedback_board_webhook_queue_depth')).toBe(0);
    const text = await postThenScrapeUntil(server, ['first', 'second', 'third'], 'feedback_board_webhook_deliveries_total{outcome="failed"}', 3);
    expect(sample(text, 'feedback_board_webhook_deliveries_total{outcome="failed"}')).toBe(3);
    expect(sample(text, 'feedback_board_webhook_queue_depth')).toBe(3);
  });

  it('--metrics-port serves /metrics there only; FEEDBACK_BOARD_METRICS turns it on', async () => {
    process.env.FEEDBACK_BOARD_METRICS = '1';
    let server: Server;
    try {
      server = await serve(['--metrics-port', '0']);
    } finally {
      delete process.env.FEEDBACK_BOARD_METRICS;
    }
    const url = (await waitForLine(server, /^metrics: (http:\/\/\S+)\/metrics$/))[1]!;
    expect(url).not.toBe(server.url);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    await fetch(`${server.api}/boards`, { headers: { authorization: `Bearer ${KEYS.acmeRead}` } });
    expect(sample(await scrape(url), requests('/api/v1/boards', 200))).toBe(1);
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });

  it('refuses --metrics-port without --metrics, and a bad port, starting nothing', async () => {
    const dir = workDir();
    dirs.push(dir);
    for (const [args, message] of [
      [['--metrics-port', '9100'], '--metrics-port needs --metrics'],
      [['--metrics', '--metrics-port', '70000'], '--metrics-port takes 0..65535, not "70000"'],
    ] as const) {
      const result = await runCli(['serve', '--port', '0', '--memory', ...args], dir.dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
  });
});
