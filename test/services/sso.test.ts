/**
 * The SSO services: secrets (create, rotate with an overlap, revoke), settings, and the sign-in
 * of a verified host user as a voter with their company. Refusals change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/index.js';
import {
  createSsoSecret,
  getSsoSettings,
  listSsoSecrets,
  revokeSsoSecret,
  rotateSsoSecret,
  secretUsable,
} from '../../src/services/sso.js';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';

const T0 = Date.UTC(2026, 10, 21, 9);

async function setup() {
  let now = T0;
  const clock = { now: () => now };
  const storage = createMemoryStorage();
  const board = createFeedbackBoard({ storage, clock });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  return { ctx: { storage, clock }, board, orgId: org.id, advance: (ms: number) => void (now += ms) };
}

describe('SSO secrets', () => {
  it('a secret is 256 bits of base62 after fbsso_; rotation ends the old one after the overlap (default 24 h) and starts a new one', async () => {
    const { ctx, orgId } = await setup();
    const first = await createSsoSecret(ctx, orgId);
    expect(first.secret).toMatch(/^fbsso_[0-9A-Za-z]{43}$/);
    const { created, previous } = await rotateSsoSecret(ctx, orgId, first.id);
    expect(previous).toEqual({ ...first, expires_at: new Date(T0 + 24 * 3_600_000).toISOString() });
    expect(created.expires_at).toBeNull();
    expect(secretUsable(previous, new Date(T0 + 24 * 3_600_000 - 1).toISOString())).toBe(true);
    expect(secretUsable(previous, new Date(T0 + 24 * 3_600_000).toISOString())).toBe(false);
    expect((await listSsoSecrets(ctx, orgId)).map((s) => s.id)).toEqual([first.id, created.id]);
  });

  it('refuses a bad overlap, a revoked or ended secret, and a secret of another organization; nothing changes', async () => {
    const { ctx, board, orgId, advance } = await setup();
    const other = await board.dashboard.organizations.create({ name: 'Globex' });
    const secret = await createSsoSecret(ctx, orgId);
    for (const hours of [-1, 1.5, 721]) {
      await expect(rotateSsoSecret(ctx, orgId, secret.id, hours)).rejects.toMatchObject({ code: 'validation_error' });
    }
    await expect(rotateSsoSecret(ctx, other.id, secret.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(revokeSsoSecret(ctx, other.id, secret.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await listSsoSecrets(ctx, orgId)).toEqual([secret]);

    await rotateSsoSecret(ctx, orgId, secret.id, 0);
    await expect(rotateSsoSecret(ctx, orgId, secret.id)).rejects.toMatchObject({ code: 'validation_error', message: expect.stringMatching(/revoked or has ended/) });
    const revoked = await revokeSsoSecret(ctx, orgId, (await listSsoSecrets(ctx, orgId))[1]!.id);
    advance(1000);
    expect(await revokeSsoSecret(ctx, orgId, revoked.id)).toEqual(revoked);
    await expect(rotateSsoSecret(ctx, orgId, revoked.id)).rejects.toMatchObject({ code: 'validation_error' });
    await expect(createSsoSecret(ctx, 999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('settings default to no JWKS, both JWKS algorithms, the default audience and any issuer', async () => {
    const { ctx, orgId } = await setup();
    expect(await getSsoSettings(ctx, orgId)).toMatchObject({ jwks_url: null, jwks_algorithms: ['RS256', 'ES256'], audience: null, issuer: null });
  });
});

describe('SSO sign-in of a verified user', () => {
  it('links an existing voter of the same e-mail, keeps the voter by sub later, and stores and changes the company', async () => {
    const { ctx, board, orgId } = await setup();
    const existing = await board.voters.register(orgId, { email: 'Ada@Host.test', name: 'Ada' });
    const company = { id: 'c-1', name: 'Initech', monthly_revenue: 4200 };
    const first = await signInSsoUser(ctx, orgId, { sub: 'u-1', email: 'ada@host.test', name: 'Ada H', company });
    expect(first.voter.id).toBe(existing.id);
    expect(first.session).toMatchObject({ kind: 'voter', subject_id: existing.id });
    expect(await board.signIn.session(first.token)).toMatchObject({ kind: 'voter', voter: { id: existing.id } });

    const second = await signInSsoUser(ctx, orgId, { sub: 'u-1', email: 'new@host.test', name: 'Ada', company: { ...company, monthly_revenue: 5000 } });
    expect(second.voter.id).toBe(existing.id);
    const read = <T,>(fn: Parameters<typeof ctx.storage.transaction<T>>[1]) => ctx.storage.transaction('read', fn);
    expect(await read((tx) => tx.listCompanies(orgId))).toEqual([{ organization_id: orgId, ...company, monthly_revenue: 5000, updated_at: new Date(T0).toISOString() }]);
    expect(await read((tx) => tx.listVoterCompanies([existing.id]))).toEqual([{ voter_id: existing.id, organization_id: orgId, company_id: 'c-1' }]);
    await signInSsoUser(ctx, orgId, { sub: 'u-1', email: 'new@host.test', name: 'Ada' });
    expect(await read((tx) => tx.listVoterCompanies([existing.id]))).toHaveLength(1);
    await signInSsoUser(ctx, orgId, { sub: 'u-1', email: 'new@host.test', name: 'Ada', company: null });
    expect(await read((tx) => tx.listVoterCompanies([existing.id]))).toEqual([]);
  });

  it("refuses a new sub with another sub's address, and an unknown organization; no voter, link or session is made", async () => {
    const { ctx, orgId } = await setup();
    await signInSsoUser(ctx, orgId, { sub: 'u-1', email: 'ada@host.test', name: 'Ada' });
    await expect(signInSsoUser(ctx, orgId, { sub: 'u-2', email: 'ADA@host.test', name: 'Eve' })).rejects.toMatchObject({ code: 'validation_error' });
    expect(await ctx.storage.transaction('read', (tx) => tx.getSsoIdentity(orgId, 'u-2'))).toBeNull();
    await expect(signInSsoUser(ctx, 999, { sub: 'u-1', email: 'ada@host.test', name: 'Ada' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
