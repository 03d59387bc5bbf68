/**
 * The organization of every storage call (what a PostgreSQL write transaction locks): every method
 * of the contract is classified, and each reads its organization from the right argument.
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
    expect(callScope('insertSignInLink', [{ ...link, kind: 'team', subject_id: null, organization_id: null, email: null }])).toBe('store');
  });

  it('fall back to the store-wide lock when no single organization can be named', () => {
    expect(callScope('insertOrganization', [{ name: 'x' }])).toBe('store');
    expect(callScope('useSignInLink', ['hash', 'now'])).toBe('store');
    expect(callScope('getClaims', [[]])).toBe('store');
    expect(callScope('getPost', ['7'])).toBe('store');
    expect(callScope('aMethodNotInTheContract', [1])).toBe('store');
  });
});
