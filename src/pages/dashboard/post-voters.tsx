/**
 * The voters of a post on the dashboard, each with the company their application's sign-in
 * named (docs/sso.md, "Companies"), and the total monthly revenue of the companies behind the
 * post (each company counted once, however many of its people voted).
 */
import type { VoterRecord } from '../../domain/records.js';
import type { CompanyRecord } from '../../domain/sso.js';
import type { PageContext } from '../context.js';

/** A voter of the post and their company, or null. */
export interface PostVoter {
  voter: VoterRecord;
  company: CompanyRecord | null;
}

/** The post's voters (voter id asc) with their companies, in one read. */
export function postVoters(ctx: PageContext, postId: number): Promise<PostVoter[]> {
  return ctx.board.storage.transaction('read', async (tx) => {
    const ids = await tx.listVoterIds(postId);
    const links = new Map((await tx.listVoterCompanies(ids)).map((link) => [link.voter_id, link.company_id]));
    const companies = new Map(links.size === 0 ? [] : (await tx.listCompanies(ctx.options.organizationId)).map((company) => [company.id, company]));
    const voters: PostVoter[] = [];
    for (const id of ids) {
      const voter = await tx.getVoter(id);
      const companyId = links.get(id);
      if (voter) voters.push({ voter, company: companyId === undefined ? null : (companies.get(companyId) ?? null) });
    }
    return voters;
  });
}

/** The monthly revenue of the distinct companies among `voters`. */
export function companyRevenue(voters: readonly PostVoter[]): number {
  const companies = new Map(voters.flatMap(({ company }) => (company ? [[company.id, company.monthly_revenue] as const] : [])));
  return [...companies.values()].reduce((sum, revenue) => sum + revenue, 0);
}

export function PostVotersList({ voters }: { voters: readonly PostVoter[] }) {
  if (voters.length === 0) return <p class="muted">No votes yet.</p>;
  return (
    <>
      {voters.some(({ company }) => company !== null) ? (
        <p class="muted small" id="company-revenue">
          Monthly revenue of the companies behind this post: {companyRevenue(voters).toLocaleString('en-US')}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th scope="col">Voter</th>
            <th scope="col">Company</th>
            <th scope="col">Monthly revenue</th>
          </tr>
        </thead>
        <tbody>
          {voters.map(({ voter, company }) => (
            <tr>
              <td>{voter.name || voter.email || `Voter ${voter.id}`}</td>
              <td>{company ? company.name : <span class="muted">—</span>}</td>
              <td>{company ? company.monthly_revenue.toLocaleString('en-US') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
