/**
 * What a merged pull or merge request decides, whatever its provider: every intent it makes is a
 * request the API itself accepts (the evidence and proposal bodies' own schemas), whatever people
 * wrote in the title; and its evidence is keyed by the request even when its URL is too long.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addEvidenceBody, LIMITS, proposeStatusBody } from '../../src/domain/requests.js';
import { mergedRequestDecision, type MergedRequest } from '../../src/integrations/intents.js';

const context = { pages_url: 'https://feedback.example.com', api_url: 'https://feedback.example.com/api/v1', board_slugs: ['ideas'] };

const request = (changes: Partial<MergedRequest> = {}): MergedRequest => ({
  name: 'pull request acme/app#7',
  url: 'https://github.com/acme/app/pull/7',
  title: 'Dark mode',
  body: 'Closes #fb-12',
  byline: 'by @octocat',
  fallback_key: 'github:PR_kwDOAbc',
  ...changes,
});

/** The intents of a decision as the API's request bodies, each with the error its schema finds (or null). */
function asApiRequests(decision: ReturnType<typeof mergedRequestDecision>) {
  return decision.intents.map((intent) => {
    if (intent.type === 'add_evidence') {
      const { kind, ref, label, action_key } = intent;
      return z.safeParse(addEvidenceBody, { kind, ref, label, action_key }).error?.issues ?? null;
    }
    if (intent.type === 'propose_status') return z.safeParse(proposeStatusBody, { status: intent.status, note: intent.note }).error?.issues ?? null;
    return `unexpected ${intent.type}`;
  });
}

describe('mergedRequestDecision', () => {
  it('makes only intents the API accepts, whatever the title holds', () => {
    const title = fc.string({ unit: fc.constantFrom('a', ' ', '😀', '\u0000', '\u0007', '\n', '\u202e', '\ud800', '\udc00', 'é'), maxLength: 600 });
    fc.assert(
      fc.property(title, fc.string({ maxLength: 60 }), (text, login) => {
        const decision = mergedRequestDecision(request({ title: text, byline: `by @${login}` }), context);
        expect(decision.intents.map((intent) => intent.type)).toEqual(['add_evidence', 'propose_status']);
        expect(asApiRequests(decision)).toEqual([null, null]);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a long label at a whole character with an ellipsis, and keeps what people cannot see out', () => {
    const [evidence] = mergedRequestDecision(request({ title: `\u202e${'😀'.repeat(300)}` }), context).intents;
    expect(evidence).toMatchObject({ type: 'add_evidence', label: `${'😀'.repeat(LIMITS.evidenceLabel - 1)}…` });
  });

  it('keys the evidence by the request’s id when its URL is longer than an action key may be', () => {
    const url = `https://gitlab.example.com/${'deep/'.repeat(45)}project/-/merge_requests/1`;
    const decision = mergedRequestDecision(request({ url, fallback_key: 'gitlab:mr:99' }), context);
    expect(decision.intents[0]).toMatchObject({ type: 'add_evidence', ref: url, action_key: 'gitlab:mr:99' });
    expect(asApiRequests(decision)).toEqual([null, null]);
    expect(mergedRequestDecision(request({ url, fallback_key: `gitlab:mr:${url}` }), context)).toEqual({
      intents: [],
      summary: 'merged pull request acme/app#7 has neither a URL nor an id short enough to key its evidence',
    });
  });

  it('names every post once, in the order named, and proposes only for those it closes', () => {
    expect(mergedRequestDecision(request({ body: 'Part of #fb-3; fixes #fb-4 and #fb-3' }), context)).toMatchObject({
      intents: [
        { type: 'add_evidence', post_id: 3 },
        { type: 'add_evidence', post_id: 4 },
        { type: 'propose_status', post_id: 4, status: 'shipped', note: 'Merged https://github.com/acme/app/pull/7: Dark mode' },
      ],
      summary: 'merged pull request acme/app#7 names #fb-3, #fb-4; closes #fb-4',
    });
  });
});
