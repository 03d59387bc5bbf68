/**
 * The rules of private boards without storage: the settings form read into settings (each bad
 * entry refused with a message naming it), domain matching against look-alikes, claim rules, and
 * which claims of a token are kept.
 */
import { describe, expect, it } from 'vitest';
import {
  domainAllowed,
  keptClaims,
  mayView,
  parseBoardAccess,
  type BoardAccessForm,
  type BoardAccessSettings,
} from '../../src/pages/board-access-rules.js';

const form = (fields: Partial<BoardAccessForm>): BoardAccessForm => ({ access: 'private', domains: '', claimName: '', claimValues: '', ...fields });

const refusal = (fields: Partial<BoardAccessForm>) => {
  try {
    parseBoardAccess(form(fields));
  } catch (error) {
    return error as { code: string; details: { path: string; message: string }[] };
  }
  throw new Error('accepted');
};

describe('reading the access settings form', () => {
  it('lower-cases domains, keeps each once, and reads one claim value per line', () => {
    expect(parseBoardAccess(form({ domains: 'Example.com, *.ACME.test\nexample.com', claimName: ' groups ', claimValues: 'beta\r\n\n Staff team \nbeta' }))).toEqual({
      access: 'private',
      email_domains: ['example.com', '*.acme.test'],
      claim_name: 'groups',
      claim_values: ['beta', 'Staff team'],
    });
    expect(parseBoardAccess(form({ access: 'public' }))).toEqual({ access: 'public', email_domains: [], claim_name: null, claim_values: [] });
  });

  it.each([
    [{ access: 'secret' }, 'access', 'choose public or private'],
    [{ domains: '@example.com' }, 'email_domains', 'no @'],
    [{ domains: 'example' }, 'email_domains', '"example" is not a domain'],
    [{ domains: 'example.com.' }, 'email_domains', '"example.com." is not a domain'],
    [{ domains: '*example.com' }, 'email_domains', 'is not a domain'],
    [{ domains: 'ex_ample.com' }, 'email_domains', 'is not a domain'],
    [{ domains: '*.*.example.com' }, 'email_domains', 'is not a domain'],
    [{ domains: Array.from({ length: 51 }, (_, i) => `d${i}.test`).join(' ') }, 'email_domains', 'at most 50 domains'],
    [{ claimValues: 'beta' }, 'claim_name', 'name the claim'],
    [{ claimName: 'my groups', claimValues: 'beta' }, 'claim_name', 'without spaces'],
    [{ claimName: 'email', claimValues: 'a@b.c' }, 'claim_name', 'read by the sign-in itself'],
    [{ claimName: 'groups' }, 'claim_values', 'list the values of groups'],
    [{ claimName: 'groups', claimValues: 'x'.repeat(201) }, 'claim_values', 'at most 200 characters'],
    [{ claimName: 'groups', claimValues: Array.from({ length: 51 }, (_, i) => `v${i}`).join('\n') }, 'claim_values', 'at most 50 values'],
  ])('refuses %j with a message on %s', (fields, path, message) => {
    const error = refusal(fields);
    expect(error.code).toBe('validation_error');
    expect(error.details[0]!.path).toBe(path);
    expect(error.details[0]!.message).toContain(message);
  });
});

describe('who may see a private board', () => {
  const settings: BoardAccessSettings = { access: 'private', email_domains: ['example.com', '*.corp.test'], claim_name: 'groups', claim_values: ['beta'] };
  const voter = (email: string | null, claims: Record<string, string[]> | null = null) => ({ member: false, email, claims });

  it('matches a domain exactly, and a wildcard only below its domain', () => {
    expect(domainAllowed('example.com', 'example.com')).toBe(true);
    for (const lookalike of ['evil-example.com', 'example.com.evil.org', 'eu.example.com', 'example.co', 'xexample.com']) {
      expect(domainAllowed('example.com', lookalike), lookalike).toBe(false);
    }
    expect(domainAllowed('*.corp.test', 'eu.corp.test')).toBe(true);
    expect(domainAllowed('*.corp.test', 'a.b.corp.test')).toBe(true);
    expect(domainAllowed('*.corp.test', 'corp.test')).toBe(false);
    expect(domainAllowed('*.corp.test', 'evilcorp.test')).toBe(false);
  });

  it('lets in the team, a voter of an allowed domain or one holding an allowed claim value, and nobody else', () => {
    expect(mayView(settings, { member: true, email: null, claims: null })).toBe(true);
    expect(mayView(settings, voter('Ada@EXAMPLE.COM'))).toBe(true);
    expect(mayView(settings, voter('ada@eu.corp.test'))).toBe(true);
    expect(mayView(settings, voter('"a@example.com"@evil.org'))).toBe(false);
    expect(mayView(settings, voter('ada@evil-example.com'))).toBe(false);
    expect(mayView(settings, voter(null))).toBe(false);
    expect(mayView(settings, voter('sam@host.test', { groups: ['staff', 'beta'] }))).toBe(true);
    expect(mayView(settings, voter('sam@host.test', { groups: ['Beta'] }))).toBe(false);
    expect(mayView(settings, voter('sam@host.test', { roles: ['beta'] }))).toBe(false);
    expect(mayView({ ...settings, email_domains: [], claim_name: null, claim_values: [] }, voter('ada@example.com'))).toBe(false);
  });

  it('lets everyone see a public board, or one without settings', () => {
    expect(mayView(null, voter(null))).toBe(true);
    expect(mayView({ ...settings, access: 'public' }, voter(null))).toBe(true);
  });

  it('keeps the claims a token carries besides the reserved ones, as lists of strings', () => {
    const payload = {
      sub: 'u-1', email: 'a@b.test', name: 'A', aud: 'x', exp: 1, iat: 1, company: { id: 'c' },
      groups: ['beta', 'staff', 'beta', { nested: true }], plan: 'pro', level: 3, admin: false, nothing: null,
      long: 'x'.repeat(201), __proto__claim: 'kept',
    };
    const kept = keptClaims(JSON.parse(JSON.stringify(payload)) as Record<string, unknown>);
    expect(kept).toEqual({ groups: ['beta', 'staff'], plan: ['pro'], level: ['3'], admin: ['false'], __proto__claim: ['kept'] });
    const withProto = keptClaims(JSON.parse('{"__proto__": "x"}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
    expect(Object.hasOwn(withProto, '__proto__')).toBe(true);
  });
});
