/**
 * What every storage call locks in a PostgreSQL write transaction: every method of the contract is
 * classified, each reads its organization from the right argument, and none takes the store-wide
 * lock.
 */
import { describe, expect, it } from 'vitest';
import { callScope, CALL_SCOPES } from '../../../adapters/postgres/write-scope.js';
import { STORAGE_TX_WRITES } from '../../../src/storage/contract/registry.js';

describe('PostgreSQL write scopes', () => {
  it('classify exactly the methods of the contract', () => {
    expect(Object.keys(CALL_SCOPES).sort()).toEqual(Object.keys(STORAGE_TX_WRITES).sort());
  });

  it('read the organization from the argument that names it', () => {
    expect(callScope('claimPost', [{ post_id: 7, api_key_id: 1 }])).toEqual({ kind: 'post', id: 7 });
    expect(callScope('claimNextPost', [{ board_id: 3 }])).toEqual({ kind: 'board', id: 3 });
    expect(callScope('insertVoter', [{ organization_id: 2, name: 'x' }])).toEqual({ kind: 'organization', id: 2 });
    expect(callScope('getComment', [11])).toEqual({ kind: 'comment', id: 11 });
    expect(callScope('getClaims', [[5, 6]])).toEqual({ kind: 'post', id: 5 });
  });

  it('give a sign-in link the organization of its voter link or its team member', () => {
    const link = { token_hash: 'h', return_to: null, created_at: 'now', expires_at: 'later', used_at: null };
    expect(callScope('insertSignInLink', [{ ...link, kind: 'voter', subject_id: null, organization_id: 4, email: 'v@example.com' }])).toEqual({
      kind: 'organization',
      id: 4,
    });
    expect(callScope('insertSignInLink', [{ ...link, kind: 'team', subject_id: 9, organization_id: null, email: null }])).toEqual({
      kind: 'teamMember',
      id: 9,
    });
    expect(callScope('insertSignInLink', [{ ...link, kind: 'voter', subject_id: 3, organization_id: null, email: null }])).toEqual({
      kind: 'voter',
      id: 3,
    });
    expect(callScope('insertSignInLink', [{ ...link, kind: 'team', subject_id: null, organization_id: null, email: null }])).toBe('none');
  });

  it('lock nothing for calls exact by themselves: sessions, one-time links and codes, key lookups, the senders', () => {
    for (const method of ['insertSession', 'getSession', 'deleteSession', 'useSignInLink', 'useOAuthCode', 'useOAuthToken', 'insertOAuthToken', 'getApiKeyByHash']) {
      expect(callScope(method, ['hash', 'now']), method).toBe('none');
    }
    const lease = { now: 'now', lease_until: 'later', owner: 'o', limit: 10 };
    for (const method of ['leaseWebhookMessages', 'leaseMailQueue', 'recordWebhookAttempt', 'recordMailSend', 'redeliverWebhookMessage']) {
      expect(callScope(method, [lease]), method).toBe('none');
    }
    // A malformed or missing id names no record: nothing of one organization to lock.
    expect(callScope('getClaims', [[]])).toBe('none');
    expect(callScope('getPost', ['7'])).toBe('none');
  });

  it('give settings and the set of organizations locks of their own, and OAuth grants and SSO secrets their organization', () => {
    expect(callScope('getSetting', ['agent_publishing'])).toEqual({ record: 'setting', name: 'agent_publishing' });
    expect(callScope('setSetting', ['agent_publishing', 'true'])).toEqual({ record: 'setting', name: 'agent_publishing' });
    expect(callScope('insertSettingIfAbsent', ['secret', 'x'])).toEqual({ record: 'setting', name: 'secret' });
    expect(callScope('listOrganizations', [])).toEqual({ record: 'organizations', name: '' });
    expect(callScope('insertOrganization', [{ name: 'x' }])).toEqual({ record: 'organizations', name: '' });
    expect(callScope('updateOAuthGrant', [4, { revoked_at: 'now' }])).toEqual({ kind: 'oauthGrant', id: 4 });
    expect(callScope('updateSsoSecret', [6, { revoked_at: 'now' }])).toEqual({ kind: 'ssoSecret', id: 6 });
  });

  it('leave the store-wide lock to methods not in the contract: no method of it takes that lock', () => {
    expect(callScope('aMethodNotInTheContract', [1])).toBe('store');
    const samples: unknown[][] = [[], [1], ['x'], [[1]], [{ organization_id: 1, board_id: 1, post_id: 1, voter_id: 1, comment_id: 1, source_id: 1 }]];
    const taking = Object.keys(STORAGE_TX_WRITES).filter((method) => samples.some((args) => callScope(method, args) === 'store'));
    expect(taking).toEqual([]);
  });
});
