/** The sso aggregate of the storage contract: SSO secrets and settings, SSO identities, companies. */
import type { PostRecord } from '../../domain/records.js';
import type {
  CompanyRecord,
  CompanyVoterRecord,
  SsoIdentityRecord,
  SsoSecretRecord,
  SsoSettingsRecord,
  VoterCompanyRecord,
} from '../../domain/sso.js';
import type { PostsTx } from './posts.js';
import type { AggregateDefinition, NewRecord, Page, PageQuery } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** A post of {@link SsoTx.listPostsByCompanyRevenue} with the revenue of the companies behind it. */
export interface PostRevenueRecord {
  /** The post. */
  post: PostRecord;
  /**
   * The sum of `monthly_revenue` over the distinct companies of the post's voters (a company
   * voter's included), each company counted once however many of its voters voted; 0 when no
   * voter of the post belongs to a company.
   */
  revenue: number;
}

/** How voters of the host application sign in, and the companies they belong to. */
export interface SsoTx {
  /** Stores a secret; the storage assigns its id. */
  insertSsoSecret(row: NewRecord<SsoSecretRecord>): Promise<SsoSecretRecord>;
  /** The organization's secrets, expired and revoked ones included, id asc. */
  listSsoSecrets(organizationId: number): Promise<SsoSecretRecord[]>;
  /** Changes a secret's end or revocation time; null if there is no such secret. */
  updateSsoSecret(id: number, patch: Partial<Pick<SsoSecretRecord, 'expires_at' | 'revoked_at'>>): Promise<SsoSecretRecord | null>;

  /** The organization's settings, or null when it never saved any. */
  getSsoSettings(organizationId: number): Promise<SsoSettingsRecord | null>;
  /** Stores the organization's settings, replacing any saved before. */
  putSsoSettings(row: SsoSettingsRecord): Promise<void>;

  /** The voter link of a host user, or null. */
  getSsoIdentity(organizationId: number, sub: string): Promise<SsoIdentityRecord | null>;
  /** The voter link of a voter, or null (a voter has at most one). */
  getSsoIdentityOfVoter(voterId: number): Promise<SsoIdentityRecord | null>;
  /** Stores a voter link. The caller has checked that neither the `sub` nor the voter is linked. */
  insertSsoIdentity(row: SsoIdentityRecord): Promise<void>;

  /** Stores a company, replacing the one of the same organization and id. */
  putCompany(row: CompanyRecord): Promise<void>;
  /** The organization's company of this id, or null. */
  getCompany(organizationId: number, id: string): Promise<CompanyRecord | null>;
  /** The organization's companies, id asc in code-point order (the order of UTF-8 bytes). */
  listCompanies(organizationId: number): Promise<CompanyRecord[]>;
  /** Sets the company of a voter (replacing any), or with `companyId: null` removes it. */
  setVoterCompany(voterId: number, organizationId: number, companyId: string | null): Promise<void>;
  /** The companies of these voters (those that have one), voter id asc. */
  listVoterCompanies(voterIds: number[]): Promise<VoterCompanyRecord[]>;

  /** The voter that votes on behalf of the company, or null before its first such vote. */
  getCompanyVoter(organizationId: number, companyId: string): Promise<CompanyVoterRecord | null>;
  /** Records a company's voter. The caller has checked that the company has none. */
  insertCompanyVoter(row: CompanyVoterRecord): Promise<void>;
  /** The organization's company voters, company id asc in code-point order. */
  listCompanyVoters(organizationId: number): Promise<CompanyVoterRecord[]>;

  /**
   * One page of the board's posts ranked by the revenue of the companies behind them (see
   * {@link PostRevenueRecord.revenue}): revenue desc, then the `top` order of
   * {@link PostsTx.listPosts} (`vote_count` desc, `created_at` desc, id desc). The posts are those
   * of {@link PostsTx.listPosts} (hidden ones included, merged posts left out), every one of them:
   * a post with no company behind it has revenue 0, so it comes after every post with a revenue,
   * and those come in the `top` order. `total` is the number of those posts.
   */
  listPostsByCompanyRevenue(boardId: number, query: PageQuery): Promise<Page<PostRevenueRecord>>;
}

/** The sso aggregate: which methods write; no generic fallbacks. */
export const SSO_AGGREGATE = {
  writes: {
    insertSsoSecret: true,
    listSsoSecrets: false,
    updateSsoSecret: true,
    getSsoSettings: false,
    putSsoSettings: true,
    getSsoIdentity: false,
    getSsoIdentityOfVoter: false,
    insertSsoIdentity: true,
    putCompany: true,
    getCompany: false,
    listCompanies: false,
    setVoterCompany: true,
    listVoterCompanies: false,
    getCompanyVoter: false,
    insertCompanyVoter: true,
    listCompanyVoters: false,
    listPostsByCompanyRevenue: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<SsoTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const SSO_SCOPES = {
  // sso: a secret belongs to its organization; the rest names its organization or voter
  insertSsoSecret: 'organization.organization_id',
  listSsoSecrets: 'organization',
  updateSsoSecret: 'ssoSecret',
  getSsoSettings: 'organization',
  putSsoSettings: 'organization.organization_id',
  getSsoIdentity: 'organization',
  getSsoIdentityOfVoter: 'voter',
  insertSsoIdentity: 'organization.organization_id',
  putCompany: 'organization.organization_id',
  getCompany: 'organization',
  listCompanies: 'organization',
  setVoterCompany: 'voter',
  listVoterCompanies: 'voter[]',
  getCompanyVoter: 'organization',
  insertCompanyVoter: 'organization.organization_id',
  listCompanyVoters: 'organization',
  listPostsByCompanyRevenue: 'board',
} satisfies ScopeTable<SsoTx>;
