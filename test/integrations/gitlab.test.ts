/**
 * GitLab deliveries: the secret token, the delivery id GitLab keeps across retries, and GitLab's
 * documented example payloads read into intents.
 */
import { describe, expect, it } from 'vitest';
import { decideGitLabEvent } from '../../src/integrations/gitlab/events.js';
import { verifyGitLabDelivery } from '../../src/integrations/gitlab/verify.js';
import type { DecisionContext } from '../../src/integrations/intents.js';
import { ISSUE_EXAMPLE, MERGE_REQUEST_EXAMPLE, issueWith, mergeRequestWith, mergedMergeRequest } from './fixtures/gitlab.js';

const TOKEN = 'glwt-3b1f0c9e8d7a';
const context: DecisionContext = {
  pages_url: 'https://feedback.example.com',
  api_url: 'https://feedback.example.com/api/v1',
  board_slugs: ['ideas'],
  target: null,
};

function delivery(body: unknown, headers: Record<string, string> = {}) {
  return {
    headers: new Headers({
      'x-gitlab-event': 'Merge Request Hook',
      'x-gitlab-token': TOKEN,
      'x-gitlab-event-uuid': '13792a34-cac6-4fda-95a8-c58e00a3954e',
      'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f',
      ...headers,
    }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe('verifyGitLabDelivery', () => {
  it('accepts the secret token, keyed by Idempotency-Key (the same on every retry)', async () => {
    const check = await verifyGitLabDelivery(delivery(MERGE_REQUEST_EXAMPLE), [TOKEN]);
    expect(check).toMatchObject({ ok: true, delivery_id: 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f', event: 'Merge Request Hook' });
    expect(check.ok && check.payload['object_kind']).toBe('merge_request');
  });

  it('falls back to X-Gitlab-Event-UUID on GitLab versions without Idempotency-Key, and refuses a delivery with neither', async () => {
    const older = delivery(MERGE_REQUEST_EXAMPLE);
    older.headers.delete('idempotency-key');
    expect(await verifyGitLabDelivery(older, [TOKEN])).toMatchObject({ ok: true, delivery_id: '13792a34-cac6-4fda-95a8-c58e00a3954e' });
    older.headers.delete('x-gitlab-event-uuid');
    expect(await verifyGitLabDelivery(older, [TOKEN])).toMatchObject({ ok: false, refusal: 'missing_delivery_id', status: 400 });
  });

  it('refuses a missing or wrong token with 401, whatever else the request holds', async () => {
    const missing = delivery(MERGE_REQUEST_EXAMPLE);
    missing.headers.delete('x-gitlab-token');
    expect(await verifyGitLabDelivery(missing, [TOKEN])).toMatchObject({ ok: false, refusal: 'missing_signature', status: 401 });
    for (const token of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase(), 'x']) {
      expect({ token, check: await verifyGitLabDelivery(delivery(MERGE_REQUEST_EXAMPLE, { 'x-gitlab-token': token }), [TOKEN]) }).toMatchObject({ token, check: { ok: false, refusal: 'bad_signature', status: 401 } });
    }
    expect(await verifyGitLabDelivery(delivery(MERGE_REQUEST_EXAMPLE), [])).toMatchObject({ ok: false, refusal: 'bad_signature' });
    expect(await verifyGitLabDelivery(delivery(MERGE_REQUEST_EXAMPLE, { 'x-gitlab-token': '' }), [''])).toMatchObject({ ok: false, refusal: 'missing_signature' });
  });

  it('accepts the previous token while a rotation settles', async () => {
    expect((await verifyGitLabDelivery(delivery(MERGE_REQUEST_EXAMPLE), ['new-token', TOKEN])).ok).toBe(true);
  });

  it('refuses a body that is not a JSON object, or a delivery without its event header, with 400', async () => {
    expect(await verifyGitLabDelivery(delivery('{"object_kind":'), [TOKEN])).toMatchObject({ ok: false, refusal: 'malformed', status: 400 });
    const noEvent = delivery(MERGE_REQUEST_EXAMPLE);
    noEvent.headers.delete('x-gitlab-event');
    expect(await verifyGitLabDelivery(noEvent, [TOKEN])).toMatchObject({ ok: false, refusal: 'malformed' });
  });
});

describe('decideGitLabEvent on GitLab’s documented payloads', () => {
  it('a merged merge request closing a post adds evidence and proposes shipped', () => {
    const decision = decideGitLabEvent('Merge Request Hook', mergedMergeRequest('Viewport fixes.\n\nCloses #fb-21'), context);
    expect(decision.intents).toEqual([
      { type: 'add_evidence', post_id: 21, kind: 'pr', ref: 'http://example.com/diaspora/merge_requests/1', label: 'MS-Viewport (merged by @root)', action_key: 'http://example.com/diaspora/merge_requests/1' },
      { type: 'propose_status', post_id: 21, status: 'shipped', note: 'Merged http://example.com/diaspora/merge_requests/1: MS-Viewport' },
    ]);
    expect(decision.summary).toBe('merged merge request gitlabhq/gitlab-test!1 names #fb-21; closes #fb-21');
  });

  it('a merged merge request naming a post by its API URL adds evidence only', () => {
    const decision = decideGitLabEvent('Merge Request Hook', mergedMergeRequest('See https://feedback.example.com/api/v1/boards/ideas/posts/5'), context);
    expect(decision.intents.map((intent) => intent.type)).toEqual(['add_evidence']);
  });

  it('the example as documented (opened), and every other action, change nothing', () => {
    expect(decideGitLabEvent('Merge Request Hook', MERGE_REQUEST_EXAMPLE, context)).toEqual({ intents: [], summary: 'merge request gitlabhq/gitlab-test!1 open: only a merge counts' });
    for (const action of ['close', 'reopen', 'update', 'approved', 'unapproved', 'approval', 'unapproval']) {
      expect({ action, intents: decideGitLabEvent('Merge Request Hook', mergeRequestWith(action, 'Closes #fb-21'), context).intents }).toEqual({ action, intents: [] });
    }
  });

  it('with a project set, by path or id, counts only that project’s events', () => {
    const event = mergedMergeRequest('Closes #fb-21');
    expect(decideGitLabEvent('Merge Request Hook', event, { ...context, target: 'GitlabHQ/Gitlab-Test' }).intents).toHaveLength(2);
    expect(decideGitLabEvent('Merge Request Hook', event, { ...context, target: '1' }).intents).toHaveLength(2);
    expect(decideGitLabEvent('Merge Request Hook', event, { ...context, target: 'other/project' })).toEqual({ intents: [], summary: 'an event of gitlabhq/gitlab-test, not of other/project' });
  });

  it('an issue closed proposes shipped for its linked posts; closed as a duplicate or moved, nothing', () => {
    expect(decideGitLabEvent('Issue Hook', issueWith('close'), context).intents).toEqual([
      { type: 'update_link', issue_url: 'http://example.com/diaspora/issues/23', title: 'New API: create/update/delete file', state: 'closed' },
      { type: 'propose_for_linked_issue', issue_url: 'http://example.com/diaspora/issues/23', status: 'shipped', note: 'http://example.com/diaspora/issues/23 was closed: New API: create/update/delete file' },
    ]);
    expect(decideGitLabEvent('Issue Hook', issueWith('close', { duplicated_to_id: 302 }), context).intents.map((intent) => intent.type)).toEqual(['update_link']);
    expect(decideGitLabEvent('Issue Hook', issueWith('close', { moved_to_id: 302 }), context).summary).toBe('issue gitlabhq/gitlab-test#23 closed as moved: nothing to propose');
  });

  it('an issue reopened or updated updates its links only; opened (the example as documented), nothing', () => {
    expect(decideGitLabEvent('Issue Hook', issueWith('reopen'), context)).toEqual({
      intents: [{ type: 'update_link', issue_url: 'http://example.com/diaspora/issues/23', title: 'New API: create/update/delete file', state: 'open' }],
      summary: 'issue gitlabhq/gitlab-test#23 reopened: its links now read open',
    });
    expect(decideGitLabEvent('Issue Hook', issueWith('update'), context).intents.map((intent) => intent.type)).toEqual(['update_link']);
    expect(decideGitLabEvent('Issue Hook', ISSUE_EXAMPLE, context).intents).toEqual([]);
  });

  it('other kinds of events and work items change nothing, and missing fields never throw', () => {
    expect(decideGitLabEvent('Push Hook', { object_kind: 'push' }, context).intents).toEqual([]);
    expect(decideGitLabEvent('Issue Hook', { ...issueWith('close'), object_kind: 'work_item' }, context).intents).toEqual([]);
    for (const payload of [{}, { object_kind: 'merge_request' }, { object_kind: 'merge_request', object_attributes: { action: 'merge' } }, { object_kind: 'issue', object_attributes: 'x' }]) {
      expect(decideGitLabEvent('Merge Request Hook', payload, context).intents).toEqual([]);
    }
  });
});
