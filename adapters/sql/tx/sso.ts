/**
 * The sso aggregate in SQL: the companies of a list of voters in one statement. Secrets, settings,
 * identities and companies are read and written by their keys, as the record stores' defaults do
 * (../defaults.ts). The board's posts ranked by the revenue of the companies behind them are each
 * store's own (its tx/sso.ts): the two statements are planned differently.
 */
import type { VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';

/** The methods both stores share; the list by company revenue is each store's own. */
export function ssoMethods(db: SqlSeam): Pick<AggregateMethods<'sso'>, 'listVoterCompanies'> {
  const d = db.dialect;
  const companies = `SELECT voter_id, organization_id, company_id FROM fb_voter_companies WHERE voter_id ${d.inIds('?')} ORDER BY voter_id`;
  return {
    async listVoterCompanies(voterIds) {
      if (voterIds.length === 0) return [];
      return db.rows<VoterCompanyRecord>(companies, [d.ids(voterIds)]);
    },
  };
}
