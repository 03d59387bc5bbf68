/**
 * The sso aggregate over the record store: secrets, settings, identities, companies, and the
 * board's posts ranked by the revenue of the companies behind them.
 */
import type { SsoSecretRecord } from '../../domain/sso.js';
import type { PostRevenueRecord } from '../contract/sso.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, byTop, compareCodePoints } from './shared.js';

export function ssoMethods(store: RecordStore): AggregateMethods<'sso'> {
  const secrets = store.table('sso_secrets');
  const settings = store.table('sso_settings');
  const identities = store.table('sso_identities');
  const companies = store.table('companies');
  const voterCompanies = store.table('voter_companies');
  const companyVoters = store.table('company_voters');

  return {
    async insertSsoSecret(row) {
      const record: SsoSecretRecord = { ...cloneRow(row), id: await store.nextId('sso_secrets') };
      await secrets.put(record);
      return cloneRow(record);
    },
    async listSsoSecrets(organizationId) {
      const rows = await secrets.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateSsoSecret(id, patch) {
      const row = await secrets.get(id);
      if (!row) return null;
      const updated: SsoSecretRecord = { ...cloneRow(row) };
      if (patch.expires_at !== undefined) updated.expires_at = patch.expires_at;
      if (patch.revoked_at !== undefined) updated.revoked_at = patch.revoked_at;
      await secrets.put(updated);
      return cloneRow(updated);
    },

    async getSsoSettings(organizationId) {
      const row = await settings.get(organizationId);
      return row ? cloneRow(row) : null;
    },
    async putSsoSettings(row) {
      await settings.put(cloneRow(row));
    },

    async getSsoIdentity(organizationId, sub) {
      const row = await identities.get([organizationId, sub]);
      return row ? cloneRow(row) : null;
    },
    async getSsoIdentityOfVoter(voterId) {
      const [row] = await identities.getAllFromIndex('by_voter', voterId);
      return row ? cloneRow(row) : null;
    },
    async insertSsoIdentity(row) {
      await identities.put(cloneRow(row));
    },

    async putCompany(row) {
      await companies.put(cloneRow(row));
    },
    async getCompany(organizationId, id) {
      const row = await companies.get([organizationId, id]);
      return row ? cloneRow(row) : null;
    },
    async listCompanies(organizationId) {
      const rows = await companies.getAllFromIndex('by_organization', organizationId);
      return rows.sort((a, b) => compareCodePoints(a.id, b.id)).map((row) => cloneRow(row));
    },
    async setVoterCompany(voterId, organizationId, companyId) {
      if (companyId === null) await voterCompanies.delete(voterId);
      else await voterCompanies.put({ voter_id: voterId, organization_id: organizationId, company_id: companyId });
    },
    async listVoterCompanies(voterIds) {
      const found = [];
      for (const voterId of [...new Set(voterIds)].sort((a, b) => a - b)) {
        const row = await voterCompanies.get(voterId);
        if (row) found.push(cloneRow(row));
      }
      return found;
    },

    async getCompanyVoter(organizationId, companyId) {
      const row = await companyVoters.get([organizationId, companyId]);
      return row ? cloneRow(row) : null;
    },
    async insertCompanyVoter(row) {
      await companyVoters.put(cloneRow(row));
    },
    async listCompanyVoters(organizationId) {
      const rows = await companyVoters.getAllFromIndex('by_organization', organizationId);
      return rows.sort((a, b) => compareCodePoints(a.company_id, b.company_id)).map((row) => cloneRow(row));
    },

    async listPostsByCompanyRevenue(boardId, query) {
      const board = await store.table('boards').get(boardId);
      const merged = new Set((await store.table('post_merges').getAllFromIndex('by_board', boardId)).map((merge) => merge.source_id));
      const posts = (await store.table('posts').getAllFromIndex('by_board', boardId)).filter((post) => !merged.has(post.id));
      // The revenue behind each post: from the organization's voters of a company with a revenue
      // and their votes (not from the votes of every post), each company once per post.
      const listed = new Set(posts.map((post) => post.id));
      const revenue = new Map<number, number>();
      const counted = new Set<string>();
      for (const link of board ? await voterCompanies.getAllFromIndex('by_organization', board.organization_id) : []) {
        const company = await companies.get([link.organization_id, link.company_id]);
        if (!company?.monthly_revenue) continue;
        for (const vote of await store.table('votes').getAllFromIndex('by_voter', link.voter_id)) {
          const key = `${vote.post_id} ${company.id}`;
          if (!listed.has(vote.post_id) || counted.has(key)) continue;
          counted.add(key);
          revenue.set(vote.post_id, (revenue.get(vote.post_id) ?? 0) + company.monthly_revenue);
        }
      }
      const ranked = posts
        .map((post) => ({ post, revenue: revenue.get(post.id) ?? 0 }))
        .sort((a, b) => b.revenue - a.revenue || byTop(a.post, b.post));
      const rows: PostRevenueRecord[] = ranked
        .slice(query.offset, query.offset + query.limit)
        .map((row) => ({ post: cloneRow(row.post), revenue: row.revenue }));
      return { rows, total: ranked.length };
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default ssoMethods;
