/**
 * Votes the team casts on behalf of a customer company (docs/sso.md, "Votes on behalf of a
 * company"): a company that wants a post, heard on a sales call, counts like one of its people.
 *
 * Each company votes through a voter of its own, made on its first such vote and linked to the
 * company like the people its sign-ins name, rather than through one of those people: a company
 * may have no one signed in yet, a person should never appear to have voted what they did not,
 * and withdrawing the team's vote must never take back a person's own. So the vote is an
 * ordinary vote (vote count, statistics, followers, `vote.created`), the company counts once per
 * post however many of its people voted too, and a second vote on behalf of the same company
 * changes nothing.
 */
import { validationError } from '../domain/errors.js';
import type { BoardRecord } from '../domain/records.js';
import { companyVoteBody, type CompanyVoteInput } from '../domain/requests.js';
import type { Votes } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import type { CompanyRecord } from '../domain/sso.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { actorOf, logActivity } from './activity.js';
import { nowIso, write, type Caller, type ServiceContext } from './context.js';
import { boardPostOf } from './lookup.js';
import { followAutomatically } from './voter-rules.js';
import { emitBoardEvent } from './webhook-events.js';

/** The organization's company named by the body; an unknown one is a 422 on `company_id`. */
async function companyOf(tx: StorageTx, board: BoardRecord, companyId: string): Promise<CompanyRecord> {
  const company = await tx.getCompany(board.organization_id, companyId);
  if (!company) throw validationError('company_id', 'is not a company of this organization');
  return company;
}

/** The company's voter, made (named after the company, belonging to it) when it has none yet. */
async function companyVoterId(tx: StorageTx, company: CompanyRecord, now: string): Promise<number> {
  const existing = await tx.getCompanyVoter(company.organization_id, company.id);
  if (existing) return existing.voter_id;
  const voter = await tx.insertVoter({ organization_id: company.organization_id, email: null, name: company.name, created_at: now });
  await tx.setVoterCompany(voter.id, company.organization_id, company.id);
  await tx.insertCompanyVoter({ organization_id: company.organization_id, company_id: company.id, voter_id: voter.id, created_at: now });
  return voter.id;
}

/**
 * Votes for the post on behalf of the customer company `company_id` (`write` scope): the
 * company's voter votes (and follows the post, unless it unfollowed it), the post's log records
 * `voted_on_behalf` by the caller, and `vote.created` fires. A second vote on behalf of the same
 * company changes nothing. An unknown company is a 422 on `company_id`.
 */
export async function voteOnBehalf(ctx: ServiceContext, caller: Caller, slug: string, id: number, body: CompanyVoteInput): Promise<Votes> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(companyVoteBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const company = await companyOf(tx, board, input.company_id);
    const voterId = await companyVoterId(tx, company, now);
    const added = await tx.insertVote({ post_id: post.id, voter_id: voterId, created_at: now });
    const votes = { post_id: post.id, vote_count: (await tx.getPost(post.id))!.vote_count };
    if (added) {
      await followAutomatically(tx, post.id, voterId, now);
      await logActivity(tx, post.id, 'voted_on_behalf', actorOf(ctx, caller), now, { company_id: company.id });
      await emitBoardEvent(ctx, tx, board, 'vote.created', votes, now);
    }
    return votes;
  });
}

/**
 * Withdraws the vote cast on behalf of the company `company_id` (`write` scope); votes of the
 * company's people stay. The post's log records `vote_on_behalf_withdrawn` and `vote.deleted`
 * fires; without such a vote nothing changes. An unknown company is a 422 on `company_id`.
 */
export async function withdrawVoteOnBehalf(ctx: ServiceContext, caller: Caller, slug: string, id: number, body: CompanyVoteInput): Promise<Votes> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(companyVoteBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const company = await companyOf(tx, board, input.company_id);
    const voter = await tx.getCompanyVoter(company.organization_id, company.id);
    const removed = voter !== null && (await tx.deleteVote(post.id, voter.voter_id));
    const votes = { post_id: post.id, vote_count: (await tx.getPost(post.id))!.vote_count };
    if (removed) {
      await logActivity(tx, post.id, 'vote_on_behalf_withdrawn', actorOf(ctx, caller), now, { company_id: company.id });
      await emitBoardEvent(ctx, tx, board, 'vote.deleted', votes, now);
    }
    return votes;
  });
}
