/**
 * GitHub deliveries: the signature checked against what GitHub's own helper
 * (`@octokit/webhooks-methods`) signs and accepts, and GitHub's own example payloads
 * (`@octokit/webhooks-examples`) read into intents.
 */
import { sign, verify } from '@octokit/webhooks-methods';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideGitHubEvent } from '../../src/integrations/github/events.js';
import { verifyGitHubDelivery } from '../../src/integrations/github/verify.js';
import type { DecisionContext } from '../../src/integrations/intents.js';
import { closedIssue, closedPullRequest, githubExamples, mergedPullRequest, reopenedIssue } from './fixtures/github.js';

const SECRET = 'whsec_It9TQbzV7w0ufNQ2Nq3gK1N7iJmWZQ8p';
const context: DecisionContext = {
  pages_url: 'https://feedback.example.com',
  api_url: 'https://feedback.example.com/api/v1',
  board_slugs: ['ideas'],
  target: null,
};

async function delivery(body: string, extra: Record<string, string> = {}, secret = SECRET) {
  const headers = new Headers({
    'x-github-event': 'pull_request',
    'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    'x-hub-signature-256': await sign(secret, body),
    'content-type': 'application/json',
    ...extra,
  });
  return { headers, body };
}

describe('verifyGitHubDelivery', () => {
  const body = JSON.stringify(mergedPullRequest('Closes #fb-12'));

  it('accepts a body signed by GitHub’s helper, with its delivery id, event and parsed body', async () => {
    const check = await verifyGitHubDelivery(await delivery(body), [SECRET]);
    expect(check).toMatchObject({ ok: true, delivery_id: '72d3162e-cc78-11e3-81ab-4c9367dc0958', event: 'pull_request' });
    expect(check.ok && check.payload['action']).toBe('closed');
  });

  it('accepts the bytes of a body with characters outside ASCII', async () => {
    const text = JSON.stringify({ ...mergedPullRequest('Fixes #fb-3 — naïve 🚀'), zero: '\u0000' });
    const request = await delivery(text);
    const check = await verifyGitHubDelivery({ headers: request.headers, body: new TextEncoder().encode(text) }, [SECRET]);
    expect(check.ok).toBe(true);
  });

  it('accepts the previous secret while a rotation settles, and only the secrets given', async () => {
    const signedWithOld = await delivery(body, {}, 'old-secret');
    expect((await verifyGitHubDelivery(signedWithOld, ['new-secret', 'old-secret'])).ok).toBe(true);
    expect(await verifyGitHubDelivery(signedWithOld, ['new-secret'])).toMatchObject({ ok: false, refusal: 'bad_signature', status: 401 });
    expect(await verifyGitHubDelivery(signedWithOld, [])).toMatchObject({ ok: false, refusal: 'bad_signature' });
    expect(await verifyGitHubDelivery(signedWithOld, [''])).toMatchObject({ ok: false, refusal: 'bad_signature' });
  });

  it('refuses a missing, empty or malformed signature with 401', async () => {
    const signed = await delivery(body);
    const hex = signed.headers.get('x-hub-signature-256')!.slice('sha256='.length);
    for (const value of [null, '', 'sha256=', `sha1=${hex}`, hex, `sha256=${hex.toUpperCase()}`, `sha256=${hex}00`, `sha256=${hex.slice(2)}`, `sha256=${hex.slice(0, -1)}g`]) {
      const headers = new Headers(signed.headers);
      if (value === null) headers.delete('x-hub-signature-256');
      else headers.set('x-hub-signature-256', value);
      const check = await verifyGitHubDelivery({ headers, body }, [SECRET]);
      expect({ value, check }).toMatchObject({ value, check: { ok: false, status: 401, refusal: value === null || value === '' ? 'missing_signature' : 'bad_signature' } });
    }
  });

  it('refuses a body changed after signing, or signed with another secret', async () => {
    const signed = await delivery(body);
    expect(await verifyGitHubDelivery({ headers: signed.headers, body: body.replace('#fb-12', '#fb-13') }, [SECRET])).toMatchObject({ ok: false, refusal: 'bad_signature' });
    expect(await verifyGitHubDelivery(await delivery(body, {}, 'another'), [SECRET])).toMatchObject({ ok: false, refusal: 'bad_signature' });
  });

  it('refuses a signed delivery without an id or an event, or whose body is not a JSON object, with 400', async () => {
    const withoutId = await delivery(body);
    withoutId.headers.delete('x-github-delivery');
    expect(await verifyGitHubDelivery(withoutId, [SECRET])).toMatchObject({ ok: false, refusal: 'missing_delivery_id', status: 400 });
    const withoutEvent = await delivery(body);
    withoutEvent.headers.delete('x-github-event');
    expect(await verifyGitHubDelivery(withoutEvent, [SECRET])).toMatchObject({ ok: false, refusal: 'malformed', status: 400 });
    const form = `payload=${encodeURIComponent(body)}`;
    expect(await verifyGitHubDelivery(await delivery(form), [SECRET])).toMatchObject({ ok: false, refusal: 'malformed', message: expect.stringContaining('application/json') });
    expect(await verifyGitHubDelivery(await delivery('[1,2]'), [SECRET])).toMatchObject({ ok: false, refusal: 'malformed' });
  });

  it('agrees with @octokit/webhooks-methods’ verify on signatures right, tampered and foreign', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }), fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }), fc.nat({ max: 4 }), async (secret, text, variant) => {
        const right = await sign(secret, text);
        const signature = [
          right,
          `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`,
          await sign(`${secret}x`, text),
          right.slice(0, -2),
          await sign(secret, `${text} `),
        ][variant]!;
        const headers = new Headers({ 'x-hub-signature-256': signature, 'x-github-delivery': 'd', 'x-github-event': 'ping' });
        const ours = await verifyGitHubDelivery({ headers, body: text }, [secret]);
        const theirs = await verify(secret, text, signature);
        expect(ours.ok || (!ours.ok && ours.refusal !== 'bad_signature')).toBe(theirs);
      }),
      { numRuns: 300 },
    );
  });
});

describe('decideGitHubEvent on GitHub’s example payloads', () => {
  it('a merged pull request closing a post adds evidence, keyed by its URL, and proposes shipped', () => {
    const event = mergedPullRequest('This is a pretty simple change.\n\nCloses #fb-12');
    const decision = decideGitHubEvent('pull_request', event as unknown as Record<string, unknown>, context);
    expect(decision.intents).toEqual([
      {
        type: 'add_evidence',
        post_id: 12,
        kind: 'pr',
        ref: 'https://github.com/Codertocat/Hello-World/pull/2',
        label: 'Update the README with new information. (by @Codertocat)',
        action_key: 'https://github.com/Codertocat/Hello-World/pull/2',
      },
      { type: 'propose_status', post_id: 12, status: 'shipped', note: 'Merged https://github.com/Codertocat/Hello-World/pull/2: Update the README with new information.' },
    ]);
    expect(decision.summary).toBe('merged pull request Codertocat/Hello-World#2 names #fb-12; closes #fb-12');
  });

  it('a merged pull request that only names posts (by reference or URL) adds evidence without proposing', () => {
    const event = mergedPullRequest('Part of #fb-3, see https://feedback.example.com/boards/ideas/posts/4');
    const decision = decideGitHubEvent('pull_request', event as unknown as Record<string, unknown>, context);
    expect(decision.intents.map((intent) => `${intent.type}:${'post_id' in intent ? intent.post_id : ''}`)).toEqual(['add_evidence:3', 'add_evidence:4']);
  });

  it('names in the title count too', () => {
    const event = mergedPullRequest('');
    event.pull_request.title = 'Fix #fb-8: dark mode';
    const decision = decideGitHubEvent('pull_request', event as unknown as Record<string, unknown>, context);
    expect(decision.intents.map((intent) => intent.type)).toEqual(['add_evidence', 'propose_status']);
  });

  it('changes nothing for the example as GitHub sent it (closed without merging), even if it names a post', () => {
    const event = closedPullRequest();
    event.pull_request.body = 'Closes #fb-12';
    expect(decideGitHubEvent('pull_request', event as unknown as Record<string, unknown>, context)).toEqual({ intents: [], summary: 'pull request Codertocat/Hello-World#2 closed without merging' });
  });

  it('changes nothing for every other pull_request example, even naming a post', () => {
    for (const example of githubExamples('pull_request')) {
      if (example['action'] === 'closed') continue;
      (example['pull_request'] as { body: string }).body = 'Closes #fb-12';
      expect({ action: example['action'], intents: decideGitHubEvent('pull_request', example, context).intents }).toEqual({ action: example['action'], intents: [] });
    }
  });

  it('changes nothing for a merged pull request naming another organization’s post or board', () => {
    const event = mergedPullRequest('Closes https://feedback.other.example/boards/ideas/posts/12 and https://feedback.example.com/boards/theirs/posts/13');
    expect(decideGitHubEvent('pull_request', event as unknown as Record<string, unknown>, context)).toEqual({ intents: [], summary: 'merged pull request Codertocat/Hello-World#2 names no post' });
  });

  it('with a repository set, changes nothing for events of another repository', () => {
    const event = mergedPullRequest('Closes #fb-12') as unknown as Record<string, unknown>;
    expect(decideGitHubEvent('pull_request', event, { ...context, target: 'codertocat/hello-world' }).intents).toHaveLength(2);
    expect(decideGitHubEvent('pull_request', event, { ...context, target: 'octo-org/other' })).toEqual({ intents: [], summary: 'an event of Codertocat/Hello-World, not of octo-org/other' });
  });

  it('an issue closed as completed (or without a reason) proposes shipped for its linked posts and closes its links', () => {
    for (const reason of ['completed', null] as const) {
      const decision = decideGitHubEvent('issues', closedIssue(reason) as unknown as Record<string, unknown>, context);
      expect(decision.intents).toEqual([
        { type: 'update_link', issue_url: 'https://github.com/Codertocat/Hello-World/issues/1', title: 'Spelling error in the README file', state: 'closed' },
        {
          type: 'propose_for_linked_issue',
          issue_url: 'https://github.com/Codertocat/Hello-World/issues/1',
          status: 'shipped',
          note: 'https://github.com/Codertocat/Hello-World/issues/1 was closed as completed: Spelling error in the README file',
        },
      ]);
    }
  });

  it('an issue closed as not planned proposes declined; as a duplicate, nothing', () => {
    const notPlanned = decideGitHubEvent('issues', closedIssue('not_planned') as unknown as Record<string, unknown>, context);
    expect(notPlanned.intents[1]).toMatchObject({ type: 'propose_for_linked_issue', status: 'declined' });
    const duplicate = decideGitHubEvent('issues', closedIssue('duplicate') as unknown as Record<string, unknown>, context);
    expect(duplicate.intents.map((intent) => intent.type)).toEqual(['update_link']);
    expect(duplicate.summary).toBe('issue Codertocat/Hello-World#1 closed as duplicate: nothing to propose');
  });

  it('a reopened issue reopens its links and proposes nothing', () => {
    expect(decideGitHubEvent('issues', reopenedIssue() as unknown as Record<string, unknown>, context)).toEqual({
      intents: [{ type: 'update_link', issue_url: 'https://github.com/Codertocat/Hello-World/issues/1', title: 'Spelling error in the README file', state: 'open' }],
      summary: 'issue Codertocat/Hello-World#1 reopened: its links now read open',
    });
  });

  it('every issues example proposes nothing, and only edits and reopenings touch links', () => {
    for (const example of githubExamples('issues')) {
      const types = decideGitHubEvent('issues', example, context).intents.map((intent) => intent.type);
      expect({ action: example['action'], types }).toEqual({ action: example['action'], types: example['action'] === 'edited' || example['action'] === 'reopened' ? ['update_link'] : [] });
    }
  });

  it('ping and other events change nothing', () => {
    expect(decideGitHubEvent('ping', { zen: 'Keep it logically awesome.' }, context)).toEqual({ intents: [], summary: 'ping: GitHub reached this connection' });
    for (const [name] of [['push'], ['issue_comment'], ['release']]) {
      const example = githubExamples(name as 'push')[0]!;
      expect(decideGitHubEvent(name!, example, context).intents).toEqual([]);
    }
  });

  it('reads a payload missing its fields as nothing to do, never throwing', () => {
    for (const payload of [{}, { action: 'closed' }, { action: 'closed', pull_request: { merged: true } }, { action: 'closed', pull_request: 'x' }, { action: 'closed', issue: { html_url: 3 } }]) {
      expect(decideGitHubEvent('pull_request', payload, context).intents).toEqual([]);
      expect(decideGitHubEvent('issues', payload, context).intents).toEqual([]);
    }
  });
});
