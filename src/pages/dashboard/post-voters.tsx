/**
 * The voters of a post on the dashboard, each with the company their application's sign-in
 * named (docs/sso.md, "Companies"), and the total monthly revenue of the companies behind the
 * post (each company counted once, however many of its people voted); the team's votes on
 * behalf of a company, cast and withdrawn here (docs/sso.md, "Votes on behalf of a company").
 */
import type { VoterRecord } from '../../domain/records.js';
import type { CompanyRecord } from '../../domain/sso.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage } from '../respond.js';
import type { Route } from '../route.js';
import { change, idOf } from './frame.js';

/** A voter of the post and their company, or null; `onBehalf` for the company's own voter (the team's vote). */
export interface PostVoter {
  voter: VoterRecord;
  company: CompanyRecord | null;
  onBehalf: boolean;
}

/** The post's voters (voter id asc) with their companies, and the organization's companies. */
export interface PostVoters {
  voters: PostVoter[];
  companies: CompanyRecord[];
}

/** The post's voters with their companies, and the organization's companies, in one read. */
export function postVoters(ctx: PageContext, postId: number): Promise<PostVoters> {
  const organizationId = ctx.options.organizationId;
  return ctx.board.storage.transaction('read', async (tx) => {
    const ids = await tx.listVoterIds(postId);
    const links = new Map((await tx.listVoterCompanies(ids)).map((link) => [link.voter_id, link.company_id]));
    const companies = await tx.listCompanies(organizationId);
    const byId = new Map(companies.map((company) => [company.id, company]));
    const companyVoters = new Set(links.size === 0 ? [] : (await tx.listCompanyVoters(organizationId)).map((link) => link.voter_id));
    const voters: PostVoter[] = [];
    for (const id of ids) {
      const voter = await tx.getVoter(id);
      const companyId = links.get(id);
      const company = companyId === undefined ? null : (byId.get(companyId) ?? null);
      if (voter) voters.push({ voter, company, onBehalf: companyVoters.has(id) });
    }
    return { voters, companies };
  });
}

/** The monthly revenue of the distinct companies among `voters`. */
export function companyRevenue(voters: readonly PostVoter[]): number {
  const companies = new Map(voters.flatMap(({ company }) => (company ? [[company.id, company.monthly_revenue] as const] : [])));
  return [...companies.values()].reduce((sum, revenue) => sum + revenue, 0);
}

/** The post's voters and the companies behind it; a vote on behalf of a company has its Withdraw button. */
export function PostVotersList({ ctx, postId, voters }: { ctx: PageContext; postId: number; voters: readonly PostVoter[] }) {
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
          {voters.map(({ voter, company, onBehalf }) => (
            <tr>
              <td>
                {onBehalf && company ? (
                  <PostForm ctx={ctx} action={`/dashboard/posts/${postId}/company-votes/withdraw`} class="row" label={`Withdraw the vote on behalf of ${company.name}`}>
                    <span>The team, on behalf of the company</span>
                    <input type="hidden" name="company_id" value={company.id} />
                    <button type="submit" class="secondary">
                      Withdraw<span class="sr-only"> the vote on behalf of {company.name}</span>
                    </button>
                  </PostForm>
                ) : (
                  voter.name || voter.email || `Voter ${voter.id}`
                )}
              </td>
              <td>{company ? company.name : <span class="muted">—</span>}</td>
              <td>{company ? company.monthly_revenue.toLocaleString('en-US') : <span class="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The form of a vote on behalf of one of the organization's companies (none while sign-ins named none). */
export function CompanyVoteForm({ ctx, postId, companies }: { ctx: PageContext; postId: number; companies: readonly CompanyRecord[] }) {
  if (companies.length === 0) return null;
  return (
    <PostForm ctx={ctx} action={`/dashboard/posts/${postId}/company-votes`} class="card" label="Vote on behalf of a company">
      <div class="field">
        <label for="company-vote">Vote on behalf of a company</label>
        <select id="company-vote" name="company_id">
          {companies.map((company) => (
            <option value={company.id}>
              {company.name} ({company.monthly_revenue.toLocaleString('en-US')} a month)
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Add the company's vote</button>
    </PostForm>
  );
}

/** POST /dashboard/posts/{id}/company-votes and …/withdraw: `company_id`; back to the post. */
async function companyVoteAction(ctx: PageContext, id: string, form: FormData, withdraw: boolean): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const board = await ctx.team.posts.boardOf(postId);
  const input = { company_id: String(form.get('company_id') ?? '') };
  const votes = ctx.team.api.votes;
  return change(ctx, `/dashboard/posts/${postId}`, 'saved', () =>
    withdraw ? votes.withdrawOnBehalf(board.slug, postId, input) : votes.onBehalf(board.slug, postId, input),
  );
}

/** The routes of the team's votes on behalf of a company. */
export const companyVoteRoutes: Route[] = [
  { method: 'POST', pattern: /^\/dashboard\/posts\/([^/]+)\/company-votes$/, handler: (ctx, [id], form) => companyVoteAction(ctx, id!, form, false) },
  { method: 'POST', pattern: /^\/dashboard\/posts\/([^/]+)\/company-votes\/withdraw$/, handler: (ctx, [id], form) => companyVoteAction(ctx, id!, form, true) },
];
