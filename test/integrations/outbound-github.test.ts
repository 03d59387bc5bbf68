/**
 * GitHub's REST API as data: the requests are sent to a stand-in on 127.0.0.1 that checks them as
 * GitHub documents ("Create an issue", "Get an issue": path, method, headers, authentication,
 * body) and answers with GitHub's documented shapes and errors; the answers are read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_API_VERSION, githubCreateIssueRequest, githubReadIssueRequest, githubWebUrl, interpretGitHubIssueAnswer, type GitHubCallSettings } from '../../src/integrations/github/requests.js';
import { INTEGRATION_USER_AGENT, issueDraftFromPost, type OutboundAnswer } from '../../src/integrations/outbound.js';
import { answer, send, startProviderServer, type ProviderAnswer, type ProviderServer, type RecordedRequest } from './provider-server.js';

const TOKEN = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz';

/** The issue GitHub's documentation shows in "Create an issue" (its fields this package reads, and more). */
function documentedIssue(number: number, title: string, state = 'open') {
  return {
    id: 1,
    node_id: 'MDU6SXNzdWUx',
    url: `https://api.github.com/repos/octocat/Hello-World/issues/${number}`,
    repository_url: 'https://api.github.com/repos/octocat/Hello-World',
    html_url: `https://github.com/octocat/Hello-World/issues/${number}`,
    number,
    state,
    state_reason: state === 'closed' ? 'completed' : null,
    title,
    body: "I'm having a problem with this.",
    user: { login: 'octocat', id: 1 },
    labels: [],
    locked: false,
    comments: 0,
    created_at: '2011-04-22T13:33:48Z',
    updated_at: '2011-04-22T13:33:48Z',
    closed_at: null,
    author_association: 'COLLABORATOR',
  };
}

/** GitHub's checks of a request, as its REST documentation states them; null when it passes. */
function githubRefuses(request: RecordedRequest): ProviderAnswer | null {
  if (request.headers['authorization'] !== `Bearer ${TOKEN}`) return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' } };
  if (!request.headers['user-agent']) return { status: 403, body: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.' };
  if (request.headers['accept'] !== 'application/vnd.github+json' || request.headers['x-github-api-version'] !== GITHUB_API_VERSION) return { status: 400, body: { message: 'Unsupported API version' } };
  return null;
}

let github: ProviderServer;
let settings: GitHubCallSettings;
let next: ProviderAnswer | null = null;

beforeAll(async () => {
  github = await startProviderServer((request) => {
    const refused = githubRefuses(request);
    if (refused) return refused;
    if (next !== null) return next;
    if (request.method === 'POST' && request.path === '/api/v3/repos/octocat/Hello-World/issues') {
      if (request.headers['content-type'] !== 'application/json') return { status: 415, body: { message: 'Unsupported Media Type' } };
      const body = JSON.parse(request.body) as { title?: unknown; body?: unknown };
      if (typeof body.title !== 'string' || body.title === '') {
        return { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }], documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue' } };
      }
      return { status: 201, headers: { location: 'https://api.github.com/repos/octocat/Hello-World/issues/1347' }, body: documentedIssue(1347, body.title) };
    }
    const read = /^\/api\/v3\/repos\/octocat\/Hello-World\/issues\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && read) return read[1] === '1347' ? { status: 200, body: documentedIssue(1347, 'Found a bug', 'closed') } : { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };
    return { status: 404, body: { message: 'Not Found' } };
  });
  // A GitHub Enterprise Server: its API under /api/v3.
  settings = { base_url: `${github.origin}/api/v3`, target: 'octocat/Hello-World', token: TOKEN };
});
afterAll(() => github.close());

async function roundTrip(request: ReturnType<typeof githubCreateIssueRequest>, success: 200 | 201, answerWith: ProviderAnswer | null = null) {
  next = answerWith;
  // A short wait for the stand-in that never answers; a generous one otherwise (the machine is shared).
  const received = await send(request, answerWith === 'hang' ? 500 : 10_000);
  next = null;
  return 'ok' in received ? received : interpretGitHubIssueAnswer(received, success);
}

describe('GitHub requests', () => {
  const post = { id: 12, title: 'Dark mode', body: 'Please add it, @octocat and @github/security!', url: 'https://feedback.example.com/boards/ideas/posts/12' };

  it('creates an issue from a post as GitHub documents, and reads its answer', async () => {
    const request = githubCreateIssueRequest(settings, issueDraftFromPost(post, 'defuse'));
    expect(request).toMatchObject({ method: 'POST', url: `${github.origin}/api/v3/repos/octocat/Hello-World/issues` });
    expect(request.headers).toEqual({
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${TOKEN}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': INTEGRATION_USER_AGENT,
      'content-type': 'application/json',
    });
    expect(await roundTrip(request, 201)).toEqual({ ok: true, value: { url: 'https://github.com/octocat/Hello-World/issues/1347', title: 'Dark mode', state: 'open' } });
    const sent = JSON.parse(github.requests.at(-1)!.body) as { title: string; body: string };
    expect(sent.title).toBe('Dark mode');
    // People's mentions are defused, so creating the issue notifies nobody; the way back is in it.
    expect(sent.body).toContain('Please add it, @\u200boctocat and @\u200bgithub/security!');
    expect(sent.body).not.toMatch(/@(?!\u200b)\w/);
    expect(sent.body).toContain('[#fb-12](https://feedback.example.com/boards/ideas/posts/12)');
    expect(sent.body).toContain('`Closes #fb-12`');
  });

  it('reads an issue by its URL, on github.com or an Enterprise host', async () => {
    expect(githubWebUrl('https://api.github.com')).toBe('https://github.com');
    expect(githubWebUrl('https://ghe.example.com/api/v3')).toBe('https://ghe.example.com');
    const cloud = githubReadIssueRequest({ ...settings, base_url: 'https://api.github.com' }, 'https://github.com/octocat/Hello-World/issues/1347');
    expect(cloud).toMatchObject({ method: 'GET', url: 'https://api.github.com/repos/octocat/Hello-World/issues/1347', body: null });
    expect(cloud.headers).not.toHaveProperty('content-type');
    const request = githubReadIssueRequest(settings, `${github.origin}/octocat/Hello-World/issues/1347#issuecomment-1`);
    expect(await roundTrip(request, 200)).toEqual({ ok: true, value: { url: 'https://github.com/octocat/Hello-World/issues/1347', title: 'Found a bug', state: 'closed' } });
  });

  it('refuses, before any call, a creation without a repository and URLs that are not issues of this connection', () => {
    expect(() => githubCreateIssueRequest({ ...settings, target: null }, { title: 'x', body: '' })).toThrow(expect.objectContaining({ code: 'validation_error', details: [expect.objectContaining({ path: 'target' })] }));
    expect(() => githubCreateIssueRequest({ ...settings, target: 'octocat/../../admin' }, { title: 'x', body: '' })).toThrow(/target/);
    for (const url of [
      'not a url',
      'https://github.com/octocat/Hello-World/issues/1347',
      `${github.origin}/octocat/Hello-World/pull/1347`,
      `${github.origin}/octocat/Other/issues/1`,
      `${github.origin}/octocat/Hello-World/issues/0`,
      `${github.origin}/octocat/Hello-World/issues/1/../../x`,
    ]) {
      expect(() => githubReadIssueRequest(settings, url)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    }
  });

  it('reads GitHub’s documented errors: final for 401, 403, 404, 410 and 422; retried for rate limits, 5xx and timeouts', async () => {
    const create = githubCreateIssueRequest(settings, { title: 'Dark mode', body: '' });
    expect(await roundTrip({ ...create, headers: { ...create.headers, authorization: 'Bearer wrong' } }, 201)).toEqual({ ok: false, retry: false, retry_after_ms: null, status: 401, error: 'GitHub answered 401: Bad credentials' });
    expect(await roundTrip(githubCreateIssueRequest(settings, { title: '', body: '' }), 201)).toMatchObject({ ok: false, retry: false, status: 422, error: 'GitHub answered 422: Validation Failed; title missing_field' });
    expect(await roundTrip(githubReadIssueRequest(settings, `${github.origin}/octocat/Hello-World/issues/9`), 200)).toMatchObject({ ok: false, retry: false, status: 404, error: 'GitHub answered 404: Not Found' });
    expect(await roundTrip(create, 201, { status: 410, body: { message: 'Issues are disabled for this repo' } })).toMatchObject({ ok: false, retry: false, status: 410 });
    expect(await roundTrip(create, 201, { status: 403, body: { message: 'Resource not accessible by personal access token' } })).toMatchObject({ ok: false, retry: false, status: 403 });
    const reset = Math.floor(Date.now() / 1000) + 120;
    const primary = await roundTrip(create, 201, { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, body: { message: 'API rate limit exceeded for user ID 1.' } });
    expect(primary).toMatchObject({ ok: false, retry: true, status: 403 });
    expect(!primary.ok && primary.retry_after_ms).toBeGreaterThan(110_000);
    expect(await roundTrip(create, 201, { status: 403, headers: { 'retry-after': '60' }, body: { message: 'You have exceeded a secondary rate limit.' } })).toMatchObject({ ok: false, retry: true, retry_after_ms: 60_000 });
    expect(await roundTrip(create, 201, { status: 429, headers: { 'retry-after': '7' }, body: { message: 'Too many requests' } })).toMatchObject({ ok: false, retry: true, retry_after_ms: 7_000 });
    expect(await roundTrip(create, 201, { status: 503, body: { message: 'Service unavailable' } })).toMatchObject({ ok: false, retry: true, status: 503 });
    expect(await roundTrip(create, 201, { status: 502, body: '<html>Bad gateway</html>' })).toMatchObject({ ok: false, retry: true, status: 502 });
    expect(await roundTrip(create, 201, 'hang')).toEqual({ ok: false, retry: true, retry_after_ms: null, status: null, error: 'no answer in time: 500 ms' });
  });

  it('never retries an answer that says the issue was made but cannot be read, and follows no redirect', async () => {
    const create = githubCreateIssueRequest(settings, { title: 'Dark mode', body: '' });
    expect(await roundTrip(create, 201, { status: 201, body: '<html>' })).toMatchObject({ ok: false, retry: false, status: 201 });
    expect(await roundTrip(create, 201, { status: 201, body: { html_url: 'https://github.com/x/y/issues/1', title: 'x', state: 'weird' } })).toMatchObject({ ok: false, retry: false });
    const moved = await roundTrip(githubReadIssueRequest(settings, `${github.origin}/octocat/Hello-World/issues/7`), 200, { status: 301, headers: { location: 'https://api.github.com/repos/octocat/Other/issues/3' }, body: { message: 'Moved Permanently' } });
    expect(moved).toMatchObject({ ok: false, retry: false, status: 301, error: expect.stringContaining('https://api.github.com/repos/octocat/Other/issues/3') });
  });

  it('reads an unreachable host as a retried network error', async () => {
    const request = githubCreateIssueRequest({ ...settings, base_url: 'http://127.0.0.1:9/api/v3' }, { title: 'x', body: '' });
    expect(await send(request, 2_000)).toMatchObject({ ok: false, retry: true, status: null, error: expect.stringMatching(/^network error: /) });
  });

  it('reads an HTTP-date Retry-After against the moment the answer arrived', () => {
    const at = Date.parse('2026-03-02T10:00:00Z');
    const outcome = interpretGitHubIssueAnswer(answer(503, { message: 'x' }, { 'retry-after': 'Mon, 02 Mar 2026 10:00:30 GMT' }, at) as OutboundAnswer, 201);
    expect(outcome).toMatchObject({ ok: false, retry: true, retry_after_ms: 30_000 });
  });
});
