/**
 * What every outbound call shares: the base URL a connection may have (the private-address guard
 * of webhooks, https only), the retry rule, the issue a post becomes, and the User-Agent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_USER_AGENT,
  checkBaseUrl,
  defuseMentions,
  isRetryableStatus,
  issueDraftFromPost,
  retryAfterMs,
  transportFailure,
} from '../../src/integrations/outbound.js';
import { answer } from './provider-server.js';

describe('checkBaseUrl', () => {
  it('keeps public https roots, without their trailing slash', () => {
    expect(checkBaseUrl('https://api.github.com/', false)).toBe('https://api.github.com');
    expect(checkBaseUrl(' https://ghe.example.com/api/v3 ', false)).toBe('https://ghe.example.com/api/v3');
    expect(checkBaseUrl('https://example.com/gitlab/', false)).toBe('https://example.com/gitlab');
  });

  it('refuses loopback, private, link-local and unspecified hosts unless private networks are allowed', () => {
    for (const url of ['https://127.0.0.1', 'https://localhost:8443', 'https://10.1.2.3/api/v3', 'https://192.168.1.10', 'https://169.254.169.254', 'https://[::1]', 'https://[fd00::1]', 'https://0.0.0.0', 'https://[::ffff:10.0.0.1]']) {
      expect(() => checkBaseUrl(url, false)).toThrow(expect.objectContaining({ code: 'validation_error', details: [expect.objectContaining({ path: 'base_url', message: expect.stringContaining('private') })] }));
      expect(checkBaseUrl(url, true)).toBe(new URL(url).href.replace(/\/$/, ''));
    }
  });

  it('refuses plain http (a token travels with every call) unless private networks are allowed', () => {
    expect(() => checkBaseUrl('http://gitlab.example.com', false)).toThrow(/https/);
    expect(checkBaseUrl('http://gitlab.internal', true)).toBe('http://gitlab.internal');
  });

  it('refuses what is not a root: credentials, a query, a fragment, other schemes, nonsense', () => {
    for (const url of ['https://user:pass@gitlab.example.com', 'https://gitlab.example.com?x=1', 'https://gitlab.example.com#top', 'ftp://gitlab.example.com', 'javascript:alert(1)', 'gitlab.example.com', '']) {
      expect(() => checkBaseUrl(url, true)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    }
  });
});

describe('the retry rule', () => {
  it('retries 408, 425, 429 and 5xx, and nothing else', () => {
    const retried = [100, 200, 201, 204, 301, 302, 400, 401, 403, 404, 408, 409, 410, 422, 425, 429, 500, 502, 503, 504, 599].filter(isRetryableStatus);
    expect(retried).toEqual([408, 425, 429, 500, 502, 503, 504, 599]);
  });

  it('reads Retry-After in seconds or as a date, and ignores nonsense', () => {
    const at = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs(answer(429, '', { 'retry-after': '120' }, at))).toBe(120_000);
    expect(retryAfterMs(answer(429, '', { 'retry-after': 'Mon, 02 Mar 2026 10:01:00 GMT' }, at))).toBe(60_000);
    expect(retryAfterMs(answer(429, '', { 'retry-after': 'Mon, 02 Mar 2026 09:00:00 GMT' }, at))).toBe(0);
    for (const value of ['soon', '-5', '1e3', '']) expect(retryAfterMs(answer(429, '', { 'retry-after': value }, at))).toBeNull();
  });

  it('always retries a call that got no answer', () => {
    expect(transportFailure('timeout', '15 s')).toEqual({ ok: false, retry: true, retry_after_ms: null, status: null, error: 'no answer in time: 15 s' });
    expect(transportFailure('network', 'ECONNREFUSED')).toMatchObject({ retry: true, error: 'network error: ECONNREFUSED' });
  });
});

describe('the issue a post becomes', () => {
  const post = { id: 7, title: 'Export to CSV', body: 'cc @alice, @org/team and @all — mail me at a@b.example', url: 'https://feedback.example.com/boards/ideas/posts/7' };

  it('quotes the post with its mentions defused, links back and says how a pull request names it', () => {
    const draft = issueDraftFromPost(post, 'defuse');
    expect(draft.title).toBe('Export to CSV');
    expect(draft.body).toBe(
      'cc @\u200balice, @\u200borg/team and @\u200ball — mail me at a@\u200bb.example\n\n---\nFrom feedback post [#fb-7](https://feedback.example.com/boards/ideas/posts/7). Name `#fb-7` in the pull request that implements it (`Closes #fb-7` proposes it as shipped when merged).',
    );
    expect(issueDraftFromPost(post, 'keep').body).toContain('cc @alice');
    expect(issueDraftFromPost({ ...post, body: '   ' }, 'defuse').body.startsWith('---\nFrom feedback post')).toBe(true);
  });

  it('defuses every mention a tracker would notify', () => {
    expect(defuseMentions('@a @b-c x@d @ e @@f')).toBe('@\u200ba @\u200bb-c x@\u200bd @ e @@\u200bf');
  });
});

it('sends the package’s version in its User-Agent', () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(INTEGRATION_USER_AGENT).toBe(`feedback-board-integrations/${version}`);
});
