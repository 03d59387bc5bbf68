/**
 * GitLab's REST API as data, against a stand-in for a self-hosted GitLab (under a relative root,
 * `/gitlab`) that checks each request as GitLab's API documentation states ("New issue", "Single
 * project issue": path with the project's URL-encoded path, method, `PRIVATE-TOKEN`, body) and
 * answers with GitLab's documented shapes and errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitlabCreateIssueRequest, gitlabReadIssueRequest, interpretGitLabIssueAnswer, type GitLabCallSettings } from '../../src/integrations/gitlab/requests.js';
import { INTEGRATION_USER_AGENT, issueDraftFromPost } from '../../src/integrations/outbound.js';
import { send, startProviderServer, type ProviderAnswer, type ProviderServer } from './provider-server.js';

const TOKEN = 'glpat-Xq3kW8mZpL2rT9vB4nYc';

/** The issue GitLab's documentation shows for "New issue" (abridged to a dozen of its fields). */
function documentedIssue(iid: number, title: string, state: 'opened' | 'closed', web: string) {
  return {
    id: 84,
    iid,
    project_id: 4,
    title,
    description: null,
    state,
    created_at: '2016-01-07T12:44:33.959Z',
    updated_at: '2016-01-07T12:44:33.959Z',
    closed_at: null,
    labels: [],
    milestone: null,
    author: { id: 1, username: 'root', name: 'Administrator', state: 'active' },
    web_url: `${web}/my-group/my-project/-/issues/${iid}`,
  };
}

let gitlab: ProviderServer;
let settings: GitLabCallSettings;
let next: ProviderAnswer | null = null;

beforeAll(async () => {
  gitlab = await startProviderServer((request) => {
    if (request.headers['private-token'] !== TOKEN) return { status: 401, body: { message: '401 Unauthorized' } };
    if (next !== null) return next;
    const web = `${gitlab.origin}/gitlab`;
    if (request.method === 'POST' && request.path === '/gitlab/api/v4/projects/my-group%2Fmy-project/issues') {
      const body = JSON.parse(request.body) as { title?: unknown };
      if (typeof body.title !== 'string' || body.title === '') return { status: 400, body: { error: 'title is missing' } };
      return { status: 201, body: documentedIssue(14, body.title, 'opened', web) };
    }
    if (request.method === 'POST' && request.path === '/gitlab/api/v4/projects/4/issues') return { status: 201, body: documentedIssue(15, 'By id', 'opened', web) };
    if (request.method === 'GET' && request.path === '/gitlab/api/v4/projects/my-group%2Fmy-project/issues/14') return { status: 200, body: documentedIssue(14, 'Dark mode', 'closed', web) };
    return { status: 404, body: { message: '404 Project Not Found' } };
  });
  settings = { base_url: `${gitlab.origin}/gitlab`, target: 'my-group/my-project', token: TOKEN };
});
afterAll(() => gitlab.close());

async function roundTrip(request: ReturnType<typeof gitlabCreateIssueRequest>, success: 200 | 201, answerWith: ProviderAnswer | null = null) {
  next = answerWith;
  const received = await send(request, answerWith === 'hang' ? 500 : 10_000);
  next = null;
  return 'ok' in received ? received : interpretGitLabIssueAnswer(received, success);
}

describe('GitLab requests', () => {
  it('creates an issue in a project named by its path, as GitLab documents, and reads its answer', async () => {
    const request = gitlabCreateIssueRequest(settings, issueDraftFromPost({ id: 3, title: 'Dark mode', body: 'Ping @all', url: 'https://feedback.example.com/boards/ideas/posts/3' }, 'defuse'));
    expect(request).toMatchObject({ method: 'POST', url: `${gitlab.origin}/gitlab/api/v4/projects/my-group%2Fmy-project/issues` });
    expect(request.headers).toEqual({ accept: 'application/json', 'private-token': TOKEN, 'user-agent': INTEGRATION_USER_AGENT, 'content-type': 'application/json' });
    expect(await roundTrip(request, 201)).toEqual({ ok: true, value: { url: `${gitlab.origin}/gitlab/my-group/my-project/-/issues/14`, title: 'Dark mode', state: 'open' } });
    const sent = JSON.parse(gitlab.requests.at(-1)!.body) as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(['description', 'title']);
    expect(sent['description']).toContain('Ping @\u200ball');
  });

  it('creates an issue in a project named by its numeric id', async () => {
    const request = gitlabCreateIssueRequest({ ...settings, target: '4' }, { title: 'x', body: '' });
    expect(request.url).toBe(`${gitlab.origin}/gitlab/api/v4/projects/4/issues`);
    expect(await roundTrip(request, 201)).toMatchObject({ ok: true, value: { title: 'By id' } });
  });

  it('reads an issue by its URL, in the current, older and work-item forms', async () => {
    for (const url of [
      `${gitlab.origin}/gitlab/my-group/my-project/-/issues/14`,
      `${gitlab.origin}/gitlab/my-group/my-project/issues/14`,
      `${gitlab.origin}/gitlab/my-group/my-project/-/work_items/14?x=1`,
    ]) {
      expect(gitlabReadIssueRequest(settings, url)).toMatchObject({ method: 'GET', url: `${gitlab.origin}/gitlab/api/v4/projects/my-group%2Fmy-project/issues/14`, body: null });
    }
    expect(await roundTrip(gitlabReadIssueRequest(settings, `${gitlab.origin}/gitlab/my-group/my-project/-/issues/14`), 200)).toEqual({
      ok: true,
      value: { url: `${gitlab.origin}/gitlab/my-group/my-project/-/issues/14`, title: 'Dark mode', state: 'closed' },
    });
    expect(gitlabReadIssueRequest({ ...settings, base_url: 'https://gitlab.com', target: null }, 'https://gitlab.com/a/b/c/-/issues/9').url).toBe('https://gitlab.com/api/v4/projects/a%2Fb%2Fc/issues/9');
  });

  it('refuses, before any call, a creation without a project and URLs that are not issues of this GitLab and project', () => {
    expect(() => gitlabCreateIssueRequest({ ...settings, target: null }, { title: 'x', body: '' })).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() => gitlabCreateIssueRequest({ ...settings, target: 'no-slash' }, { title: 'x', body: '' })).toThrow(/target/);
    for (const url of [
      'https://gitlab.com/my-group/my-project/-/issues/14',
      `${gitlab.origin}/my-group/my-project/-/issues/14`,
      `${gitlab.origin}/gitlab/my-group/other/-/issues/14`,
      `${gitlab.origin}/gitlab/my-group/my-project/-/merge_requests/14`,
      `${gitlab.origin}/gitlab/project-only/-/issues/14`,
    ]) {
      expect(() => gitlabReadIssueRequest(settings, url)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    }
  });

  it('reads GitLab’s documented errors: final for 400, 401, 403 and 404; retried for 429, 5xx and timeouts', async () => {
    const create = gitlabCreateIssueRequest(settings, { title: 'x', body: '' });
    expect(await roundTrip({ ...create, headers: { ...create.headers, 'private-token': 'wrong' } }, 201)).toEqual({ ok: false, retry: false, retry_after_ms: null, status: 401, error: 'GitLab answered 401: 401 Unauthorized' });
    expect(await roundTrip(gitlabCreateIssueRequest(settings, { title: '', body: '' }), 201)).toMatchObject({ ok: false, retry: false, status: 400, error: 'GitLab answered 400: title is missing' });
    expect(await roundTrip(gitlabCreateIssueRequest({ ...settings, target: 'my-group/gone' }, { title: 'x', body: '' }), 201)).toMatchObject({ ok: false, retry: false, status: 404, error: 'GitLab answered 404: 404 Project Not Found' });
    expect(await roundTrip(create, 201, { status: 400, body: { message: { title: ['is too long (maximum is 255 characters)'] } } })).toMatchObject({ ok: false, retry: false, error: 'GitLab answered 400: title is too long (maximum is 255 characters)' });
    expect(await roundTrip(create, 201, { status: 403, body: { message: '403 Forbidden' } })).toMatchObject({ ok: false, retry: false, status: 403 });
    expect(await roundTrip(create, 201, { status: 422, body: { message: 'Unprocessable' } })).toMatchObject({ ok: false, retry: false, status: 422 });
    expect(await roundTrip(create, 201, { status: 429, headers: { 'retry-after': '30' }, body: 'Retry later' })).toMatchObject({ ok: false, retry: true, retry_after_ms: 30_000, status: 429 });
    expect(await roundTrip(create, 201, { status: 500, body: { message: '500 Internal Server Error' } })).toMatchObject({ ok: false, retry: true, status: 500 });
    expect(await roundTrip(create, 201, 'hang')).toMatchObject({ ok: false, retry: true, status: null });
    expect(await roundTrip(create, 201, { status: 302, headers: { location: 'https://gitlab.example.com/users/sign_in' } })).toMatchObject({ ok: false, retry: false, status: 302 });
    expect(await roundTrip(create, 201, { status: 201, body: { web_url: 'x' } })).toMatchObject({ ok: false, retry: false, status: 201 });
  });
});
