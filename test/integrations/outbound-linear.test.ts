/**
 * Linear's GraphQL API as data, checked against Linear's own SDK (`@linear/sdk`): a stand-in for
 * api.linear.app records what the SDK sends for `createIssue` and `issue`, and the requests built
 * here must say the same (endpoint, method, `Authorization`, operation, variables); its documented
 * errors must be retried exactly when the SDK's error type is one worth retrying.
 */
import { LinearClient, LinearErrorType, type LinearError } from '@linear/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpretLinearIssueAnswer, linearCreateIssueRequest, linearReadIssueRequest, type LinearCallSettings } from '../../src/integrations/linear/requests.js';
import { send, startProviderServer, type ProviderAnswer, type ProviderServer, type RecordedRequest } from './provider-server.js';

const API_KEY = 'lin_api_Z8q1Xv3mK0pW7nR2tY6bC9dF4hJ5sL';
const TEAM = '72b2a2dc-6f4f-4423-9d34-24b5bd10634a';

const issue = (state: { name: string; type: string }) => ({
  id: '4f2a1b3c-5d6e-4f70-8a91-b2c3d4e5f607',
  identifier: 'ENG-123',
  url: 'https://linear.app/acme/issue/ENG-123/dark-mode',
  title: 'Dark mode',
  state,
});

let linear: ProviderServer;
let settings: LinearCallSettings;
let next: ProviderAnswer | null = null;

interface GraphqlBody {
  query: string;
  variables: Record<string, unknown>;
}

const bodyOf = (request: RecordedRequest) => JSON.parse(request.body) as GraphqlBody;

/**
 * Waits for a call of the SDK, whatever it comes to. The stand-in answers only what this package
 * reads, so the SDK's models of some answers throw on what is missing; what the SDK sent (the
 * stand-in's record) is what the tests compare.
 */
const sdkSends = (call: Promise<unknown>) => call.then(
  () => undefined,
  () => undefined,
);

beforeAll(async () => {
  linear = await startProviderServer((request) => {
    if (request.method !== 'POST' || request.path !== '/graphql') return { status: 404, body: 'Not found' };
    if (next !== null) return next;
    const { query } = bodyOf(request);
    if (/issueCreate\(/.test(query)) return { status: 200, body: { data: { issueCreate: { success: true, lastSyncId: 1, issue: issue({ name: 'Backlog', type: 'backlog' }) } } } };
    if (/issue\(id:/.test(query)) return { status: 200, body: { data: { issue: issue({ name: 'Done', type: 'completed' }) } } };
    return { status: 400, body: { errors: [{ message: 'Unknown operation', extensions: { type: 'graphql error' } }] } };
  });
  settings = { base_url: `${linear.origin}/graphql`, target: TEAM, token: API_KEY };
});
afterAll(() => linear.close());

async function roundTrip(request: ReturnType<typeof linearCreateIssueRequest>, operation: 'create' | 'read', answerWith: ProviderAnswer | null = null) {
  next = answerWith;
  const received = await send(request, answerWith === 'hang' ? 500 : 10_000);
  next = null;
  return 'ok' in received ? received : interpretLinearIssueAnswer(received, operation);
}

describe('Linear requests, side by side with the Linear SDK', () => {
  it('issueCreate: the same endpoint, authorization, operation and variables as the SDK’s createIssue', async () => {
    const draft = { title: 'Dark mode', body: 'From feedback post #fb-12.' };
    await new LinearClient({ apiKey: API_KEY, apiUrl: settings.base_url }).createIssue({ teamId: TEAM, title: draft.title, description: draft.body });
    const theirs = linear.requests.at(-1)!;
    const ours = linearCreateIssueRequest(settings, draft);
    expect(await roundTrip(ours, 'create')).toEqual({ ok: true, value: { url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode', state: 'open' } });
    const sent = linear.requests.at(-1)!;
    expect(sent.headers['authorization']).toBe(theirs.headers['authorization']);
    expect(sent.headers['content-type']).toBe(theirs.headers['content-type']);
    expect(bodyOf(sent).variables).toEqual(bodyOf(theirs).variables);
    expect(bodyOf(sent).query).toMatch(/mutation \w+\(\$input: IssueCreateInput!\) \{ issueCreate\(input: \$input\)/);
    expect(bodyOf(theirs).query).toMatch(/mutation \w+\(\$input: IssueCreateInput!\) \{\s*issueCreate\(input: \$input\)/);
  });

  it('issue: read by the identifier in its URL, as the SDK’s issue(id) sends it', async () => {
    await sdkSends(new LinearClient({ apiKey: API_KEY, apiUrl: settings.base_url }).issue('ENG-123'));
    const theirs = linear.requests.at(-1)!;
    const ours = linearReadIssueRequest(settings, 'https://linear.app/acme/issue/eng-123/dark-mode');
    expect(await roundTrip(ours, 'read')).toEqual({ ok: true, value: { url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode', state: 'closed' } });
    expect(bodyOf(linear.requests.at(-1)!).variables).toEqual(bodyOf(theirs).variables);
    expect(bodyOf(theirs).query).toMatch(/query \w+\(\$id: String!\) \{\s*issue\(id: \$id\)/);
    // An issue's identifier alone (as people name it) reads the same issue.
    expect(linearReadIssueRequest(settings, 'eng-123')).toEqual(ours);
  });

  it('an OAuth access token travels after Bearer, as the SDK sends accessToken', async () => {
    await sdkSends(new LinearClient({ accessToken: 'lin_oauth_8f2c', apiUrl: settings.base_url }).issue('ENG-123'));
    const theirs = linear.requests.at(-1)!.headers['authorization'];
    expect(linearReadIssueRequest({ ...settings, token: 'lin_oauth_8f2c' }, 'https://linear.app/acme/issue/ENG-123').headers['authorization']).toBe(theirs);
    expect(theirs).toBe('Bearer lin_oauth_8f2c');
  });

  it('refuses, before any call, a creation without a team and URLs that are not Linear issues', () => {
    expect(() => linearCreateIssueRequest({ ...settings, target: null }, { title: 'x', body: '' })).toThrow(expect.objectContaining({ code: 'validation_error' }));
    for (const url of ['https://linear.app/acme/project/x', 'https://evil.example/acme/issue/ENG-1', 'http://linear.app/acme/issue/ENG-1', 'https://linear.app/acme/issue/ENG-0', 'nonsense', 'ENG-0', 'ENG-12x', '#12']) {
      expect(() => linearReadIssueRequest(settings, url)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    }
  });

  it('retries a documented error exactly when the SDK’s error type is a transient one', async () => {
    const transient = new Set<string>([LinearErrorType.Ratelimited, LinearErrorType.InternalError, LinearErrorType.LockTimeout, LinearErrorType.NetworkError]);
    const errorAnswers: ProviderAnswer[] = [
      { status: 400, body: { errors: [{ message: 'Authentication required, not authenticated', extensions: { type: 'authentication error', code: 'AUTHENTICATION_ERROR', userPresentableMessage: 'You need to authenticate to access this operation.' } }] } },
      { status: 400, body: { errors: [{ message: 'Forbidden', extensions: { type: 'forbidden', userPresentableMessage: 'You do not have access to this team.' } }] } },
      { status: 400, body: { errors: [{ message: 'Argument Validation Error', extensions: { type: 'invalid input', userError: true, userPresentableMessage: 'Title is required.' } }] } },
      { status: 400, body: { errors: [{ message: 'Rate limit exceeded', extensions: { type: 'ratelimited', code: 'RATELIMITED' } }] }, headers: { 'retry-after': '12' } },
      { status: 500, body: { errors: [{ message: 'Internal server error', extensions: { type: 'internal error' } }] } },
      { status: 200, body: { errors: [{ message: 'Lock timeout', extensions: { type: 'lock timeout' } }], data: null } },
      { status: 200, body: { errors: [{ message: 'Usage limit exceeded', extensions: { type: 'usage limit exceeded' } }], data: null } },
      { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '5' } },
      { status: 502, body: '<html>Bad gateway</html>' },
      { status: 401, body: 'Unauthorized' },
    ];
    const client = new LinearClient({ apiKey: API_KEY, apiUrl: settings.base_url });
    for (const errorAnswer of errorAnswers) {
      next = errorAnswer;
      const sdkType: string = await client.createIssue({ teamId: TEAM, title: 'x' }).then(
        () => 'no error',
        (error: LinearError) => error.type ?? 'untyped',
      );
      next = null;
      const outcome = await roundTrip(linearCreateIssueRequest(settings, { title: 'x', body: '' }), 'create', errorAnswer);
      expect({ sdkType, retry: !outcome.ok && outcome.retry }).toEqual({ sdkType, retry: transient.has(sdkType) });
    }
  });

  it('words its failures with Linear’s presentable message and keeps Retry-After', async () => {
    const create = linearCreateIssueRequest(settings, { title: 'x', body: '' });
    expect(await roundTrip(create, 'create', { status: 400, body: { errors: [{ message: 'Argument Validation Error', extensions: { type: 'invalid input', userPresentableMessage: 'Title is required.' } }] } })).toEqual({
      ok: false,
      retry: false,
      retry_after_ms: null,
      status: 400,
      error: 'Linear answered 400: invalid input: Title is required.',
    });
    expect(await roundTrip(create, 'create', { status: 400, headers: { 'retry-after': '12' }, body: { errors: [{ message: 'Rate limit exceeded', extensions: { type: 'ratelimited' } }] } })).toMatchObject({ retry: true, retry_after_ms: 12_000 });
    expect(await roundTrip(create, 'create', 'hang')).toMatchObject({ ok: false, retry: true, status: null });
    expect(await roundTrip(create, 'create', { status: 200, body: { data: { issueCreate: { success: false, issue: null } } } })).toMatchObject({ ok: false, retry: false });
    const read = linearReadIssueRequest(settings, 'https://linear.app/acme/issue/ENG-9');
    expect(await roundTrip(read, 'read', { status: 200, body: { data: { issue: null } } })).toMatchObject({ ok: false, retry: false, error: 'Linear answered 200: no such issue, or the key cannot see it' });
  });

  it('its documents are well-formed GraphQL selecting only fields the SDK’s own documents select', async () => {
    const { parse, visit } = await import('graphql');
    const fields = (query: string) => {
      const names = new Set<string>();
      visit(parse(query), { Field: (node) => void names.add(node.name.value) });
      return names;
    };
    const client = new LinearClient({ apiKey: API_KEY, apiUrl: settings.base_url });
    const before = linear.requests.length;
    await sdkSends(client.createIssue({ teamId: TEAM, title: 'x' }));
    await sdkSends(client.issue('ENG-1'));
    await sdkSends(client.workflowState('c4d1a0b2'));
    const theirs = new Set(linear.requests.slice(before).flatMap((request) => [...fields(bodyOf(request).query)]));
    for (const request of [linearCreateIssueRequest(settings, { title: 'x', body: '' }), linearReadIssueRequest(settings, 'https://linear.app/a/issue/ENG-1')]) {
      const ours = fields((JSON.parse(request.body!) as GraphqlBody).query);
      expect([...ours].filter((name) => !theirs.has(name))).toEqual([]);
    }
  });
});
