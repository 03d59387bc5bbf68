/**
 * An automated worker's loop over the agent workflow: read the queue, claim a post, do the work,
 * attach evidence, propose a status for a human to confirm, release the claim.
 *
 * Claims make concurrent agents safe: when another agent wins a post (409 `claim_conflict`), this
 * one moves on. Evidence carries an `action_key`, so a retried step never adds it twice.
 */
import {
  isFeedbackBoardError,
  type AddEvidenceInput,
  type FeedbackBoardClient,
  type PostStatus,
  type QueueItem,
} from 'feedback-board/client';

/** The outcome of working on one post: evidence to attach and the status to propose, or null to pass. */
export interface WorkResult {
  evidence: Array<Omit<AddEvidenceInput, 'action_key'>>;
  status: PostStatus;
  note: string;
}

/** Does the actual work on a post (open a branch, run a coding agent...). */
export type Work = (post: QueueItem, signal?: AbortSignal) => Promise<WorkResult | null>;

export interface AgentLoopOptions {
  /** Shown to the team on the claim. */
  agentLabel: string;
  /** Posts read from the queue per round. Default 5. */
  batch?: number;
  /** Claim lease. Default 900 s: long enough for one post's work. */
  ttlSeconds?: number;
  signal?: AbortSignal;
}

/** What one round did. */
export interface AgentReport {
  proposed: Array<{ id: number; status: PostStatus }>;
  skipped: Array<{ id: number; reason: 'claimed by another agent' | 'nothing to do' | 'already in that status' }>;
}

/** Runs one round over the top of the queue; errors other than the expected ones propagate. */
export async function runAgentRound(
  client: FeedbackBoardClient,
  slug: string,
  work: Work,
  options: AgentLoopOptions,
): Promise<AgentReport> {
  const report: AgentReport = { proposed: [], skipped: [] };
  const call = options.signal ? { signal: options.signal } : {};
  const { posts } = await client.agent.queue(slug, { limit: options.batch ?? 5 }, call);

  for (const post of posts) {
    try {
      // A post this key already holds comes back with its claim filled in: claiming again
      // extends the lease (created: false) and the work resumes.
      await client.agent.claim(slug, post.id, { ttl_seconds: options.ttlSeconds ?? 900, agent_label: options.agentLabel }, call);
    } catch (error) {
      if (isFeedbackBoardError(error) && error.code === 'claim_conflict') {
        report.skipped.push({ id: post.id, reason: 'claimed by another agent' });
        continue;
      }
      throw error;
    }

    try {
      const result = await work(post, options.signal);
      if (!result) {
        report.skipped.push({ id: post.id, reason: 'nothing to do' });
        continue;
      }
      for (const [i, evidence] of result.evidence.entries()) {
        await client.agent.addEvidence(slug, post.id, { ...evidence, action_key: `${options.agentLabel}:${post.id}:${i}` }, call);
      }
      try {
        await client.agent.proposeStatus(slug, post.id, { status: result.status, note: result.note }, call);
        report.proposed.push({ id: post.id, status: result.status });
      } catch (error) {
        if (!isFeedbackBoardError(error) || error.code !== 'status_unchanged') throw error;
        report.skipped.push({ id: post.id, reason: 'already in that status' });
      }
    } finally {
      await client.agent.release(slug, post.id, call).catch(() => undefined); // the lease lapses anyway
    }
  }
  return report;
}
