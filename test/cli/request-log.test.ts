/**
 * `serve --log`: one line per request on stderr (time, request id, method, route pattern, status,
 * duration) that never carries a key, a cookie, a query value or an e-mail address, in either
 * format; `X-Request-Id` kept when sane, else made, on every answer; `--log off` writes none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { runCli, startServe, workDir, type Server } from '../helpers/cli.js';
import fc from 'fast-check';
import { isoNow, LineEncoder, logLine, millisecondsText } from '../../cli/log-line.js';

const running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) dir.remove();
});

async function serve(args: string[], env: Record<string, string> = {}): Promise<Server> {
  const dir = workDir();
  dirs.push(dir);
  const fixture = dir.write('fixture.json', sampleFixture());
  // The child is spawned with the environment of the moment.
  Object.assign(process.env, env);
  try {
    const server = await startServe(['--port', '0', '--fixture', fixture, ...args], dir.dir);
    running.push(server);
    return server;
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
  }
}

/** The log lines written so far (stderr lines that are not the server's own notes). */
async function logLines(server: Server, count: number): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const lines = server.stderr().split('\n').filter((line) => line.startsWith('{') || /^\d{4}-/.test(line));
    if (lines.length >= count) return lines;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} log lines in:\n${server.stderr()}`);
}

const SECRETS = {
  query: 'needle-in-the-query-7f3a',
  cookie: 'cookie-value-9c1e',
  email: 'someone.private@example.com',
  badKey: 'not-a-real-key-0123456789',
};

/** Requests carrying every secret: keys (both headers), query values, cookies, e-mail addresses. */
async function sendSecrets(server: Server): Promise<number> {
  const headers = { cookie: `fb_session=${SECRETS.cookie}` };
  const requests: [string, RequestInit][] = [
    [`${server.api}/boards/features/posts?q=${SECRETS.query}&status=open`, { headers: { ...headers, authorization: `Bearer ${KEYS.acmeWrite}` } }],
    [`${server.api}/boards/features/posts/1`, { headers: { ...headers, 'x-api-key': KEYS.acmeRead } }],
    [`${server.api}/boards/${encodeURIComponent(SECRETS.email)}/posts`, { headers: { authorization: `Bearer ${SECRETS.badKey}` } }],
    [`${server.url}/sign-in?next=/&email=${encodeURIComponent(SECRETS.email)}`, { headers }],
    [`${server.url}/sign-in`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${encodeURIComponent(SECRETS.email)}` }],
    [`${server.url}/boards/features/posts/1`, { headers }],
  ];
  for (const [url, init] of requests) await (await fetch(url, { ...init, redirect: 'manual' })).arrayBuffer();
  return requests.length;
}

describe('serve --log', () => {
  it('json (the default): one line per request, with the route pattern and no secret', async () => {
    const server = await serve([]);
    const sent = await sendSecrets(server);
    const lines = await logLines(server, sent);
    expect(lines).toHaveLength(sent);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'method', 'ms', 'route', 'status', 'time']);
      expect(Date.parse(entry.time as string)).not.toBeNaN();
      expect(entry.ms).toBeTypeOf('number');
    }
    expect(entries.map((e) => `${e.method} ${e.route} ${e.status}`)).toEqual([
      'GET /api/v1/boards/{slug}/posts 200',
      'GET /api/v1/boards/{slug}/posts/{id} 200',
      'GET /api/v1/boards/{slug}/posts 401',
      'GET /sign-in 200',
      expect.stringMatching(/^POST \/sign-in \d{3}$/),
      'GET /boards/{slug}/posts/{id} 200',
    ]);
    const output = server.stderr();
    for (const secret of [KEYS.acmeWrite, KEYS.acmeRead, ...Object.values(SECRETS), encodeURIComponent(SECRETS.email), 'example.com']) {
      expect(output).not.toContain(secret);
    }
  });

  it('text, from FEEDBACK_BOARD_LOG: the same fields on one line, and no secret', async () => {
    const server = await serve([], { FEEDBACK_BOARD_LOG: 'text' });
    const sent = await sendSecrets(server);
    const lines = await logLines(server, sent);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+Z [0-9a-f-]{36} GET \/api\/v1\/boards\/\{slug\}\/posts 200 [0-9.]+ms$/);
    for (const secret of [KEYS.acmeWrite, KEYS.acmeRead, ...Object.values(SECRETS), 'example.com']) expect(server.stderr()).not.toContain(secret);
  });

  it('off: no line at all', async () => {
    const server = await serve(['--log', 'off']);
    await sendSecrets(server);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.stderr()).toBe('');
  });

  it('keeps a sane X-Request-Id, replaces any other, and answers every request with it', async () => {
    const server = await serve([]);
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-0123.abc:9_Z' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-0123.abc:9_Z');
    const replaced: string[] = [];
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon', 'ümlaut']) {
      const answer = await fetch(`${server.api}/boards`, { headers: { 'x-request-id': encodeURI(bad) === bad ? bad : encodeURIComponent(bad) } });
      replaced.push(answer.headers.get('x-request-id') ?? '');
    }
    const made = await fetch(`${server.api}/boards`);
    for (const id of [...replaced, made.headers.get('x-request-id') ?? '']) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(replaced).size).toBe(replaced.length);
    const lines = await logLines(server, 6);
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(['trace-0123.abc:9_Z', ...replaced, made.headers.get('x-request-id')]);
  });

  it('answers each request its own id, once, whatever headers the answer shares with others', async () => {
    const server = await serve([]);
    // The probes answer with one header object for all; HEAD answers from a copy of a GET's headers.
    for (const [method, path] of [['GET', '/healthz'], ['HEAD', '/healthz'], ['GET', '/'], ['HEAD', '/api/v1/boards'], ['GET', '/api/v1/nowhere']]) {
      for (const id of ['first-id', 'second-id']) {
        const answer = await fetch(`${server.url}${path}`, { method, headers: { 'x-request-id': `${id}-${method}` } });
        await answer.arrayBuffer();
        expect(answer.headers.get('x-request-id'), `${method} ${path}`).toBe(`${id}-${method}`);
      }
    }
  });

  it('writes a line for every request of a burst, the last ones when the server stops', async () => {
    const server = await serve(['--rate-limit', 'off']);
    const burst = 400;
    await Promise.all(
      Array.from({ length: burst }, async (_, i) => {
        const answer = await fetch(`${server.api}/boards/features/posts/${1 + (i % 3)}`, { headers: { authorization: `Bearer ${KEYS.acmeWrite}` } });
        await answer.arrayBuffer();
      }),
    );
    expect(await server.stop()).toBe(0);
    const lines = server.stderr().split('\n').filter((line) => line.startsWith('{'));
    expect(lines).toHaveLength(burst);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ method: 'GET', route: '/api/v1/boards/{slug}/posts/{id}', status: 200 });
  });

  it('refuses an unknown format with the usage, starting nothing', async () => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--port', '0', '--memory', '--log', 'yaml'], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--log takes json, text or off, not "yaml"');
    expect(result.stdout).toBe('');
  });
});

describe('logLine', () => {
  it('writes the duration with three decimals, a number JSON reads back as it was', () => {
    for (const [ms, text] of [
      [1.84, '1.840'],
      [0, '0.000'],
      [0.001, '0.001'],
      [0.999, '0.999'],
      [12.3456, '12.346'],
      [86_400_000.5, '86400000.500'],
    ] as const) {
      expect(millisecondsText(ms)).toBe(text);
      const line = logLine('json', '2026-11-24T22:31:04.120Z', 'id-1', 'GET', '/healthz', 200, ms);
      expect(JSON.parse(line)).toEqual({ time: '2026-11-24T22:31:04.120Z', id: 'id-1', method: 'GET', route: '/healthz', status: 200, ms: Number(text) });
      expect(logLine('text', '2026-11-24T22:31:04.120Z', 'id-1', 'GET', '/healthz', 200, ms)).toBe(`2026-11-24T22:31:04.120Z id-1 GET /healthz 200 ${text}ms\n`);
    }
  });

  it('writes a duration it cannot split into whole microseconds as JavaScript writes the number', () => {
    expect(millisecondsText(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(millisecondsText(-1)).toBe('-1');
  });
});

describe('isoNow', () => {
  it('stamps every millisecond as toISOString does, in any order of times', () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 58, 990);
    for (let t = start; t < start + 2_500; t += 1) expect(isoNow(t)).toBe(new Date(t).toISOString());
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) expect(isoNow(t)).toBe(new Date(t).toISOString());
      }),
      { numRuns: 500 },
    );
  });
});

describe('LineEncoder', () => {
  /** What the encoder writes for these values at `at` of a buffer, checked against its bound and the bytes around it. */
  function encoded(encoder: LineEncoder, at: number, ...values: [number, string, string, string, number, number]): Buffer {
    const most = encoder.set(...values);
    const buffer = Buffer.alloc(at + most + 16, 0xaa);
    const end = encoder.encodeInto(buffer, at);
    expect(end - at).toBeLessThanOrEqual(most);
    expect(buffer.subarray(0, at).every((byte) => byte === 0xaa)).toBe(true);
    expect(buffer.subarray(end).every((byte) => byte === 0xaa)).toBe(true);
    return buffer.subarray(at, end);
  }

  const sane = fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/);
  const anyId = fc.oneof(sane, fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }));
  const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND');
  const route = fc.oneof(fc.constantFrom('/healthz', '/api/v1/boards/{slug}/posts/{id}', '/{other}', ''), fc.string({ unit: 'grapheme', maxLength: 30 }));
  const duration = fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.maxSafeNat().map((n) => n / 1000), fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, -1, 1e300, 0.0005, 0.0004999));
  const time = fc.oneof(fc.maxSafeNat().map((n) => n % Date.UTC(10_000, 0, 1)), fc.maxSafeNat().map((n) => Date.UTC(10_000, 0, 1) + (n % (8.64e15 - Date.UTC(10_000, 0, 1)))));

  it("writes, in both formats, the very bytes of the line made as a string, whatever the values", () => {
    for (const format of ['json', 'text'] as const) {
      // One encoder for every run, as in serve: what it keeps between lines must not leak into the next.
      const encoder = new LineEncoder(format);
      fc.assert(
        fc.property(fc.nat(40), time, anyId, method, route, fc.integer({ min: 100, max: 599 }), duration, (at, now, id, verb, pattern, status, ms) => {
          const bytes = encoded(encoder, at, now, id, verb, pattern, status, ms);
          expect(bytes.toString('utf8')).toBe(logLine(format, new Date(now).toISOString(), id, verb, pattern, status, ms));
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('keeps the second and the recent routes right across lines: every millisecond of a second boundary, more routes than it keeps', () => {
    const encoder = new LineEncoder('json');
    const start = Date.UTC(2026, 10, 30, 23, 59, 59, 995);
    for (let i = 0; i < 200; i += 1) {
      const now = start + (i % 11);
      const pattern = `/api/v1/route-${i % 37}`;
      const status = i % 3 === 0 ? 200 : 404;
      const line = encoded(encoder, 0, now, `id-${i}`, 'GET', pattern, status, i / 7).toString();
      expect(JSON.parse(line)).toEqual({ time: new Date(now).toISOString(), id: `id-${i}`, method: 'GET', route: pattern, status, ms: Number(millisecondsText(i / 7)) });
    }
  });
});
