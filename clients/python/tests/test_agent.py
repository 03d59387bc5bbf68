"""client.agent (queue, claims, evidence, status proposals) against the real server."""

from __future__ import annotations

import time
import unittest
from datetime import datetime
from typing import Any, Dict

from feedback_board import Client, FeedbackBoardError, PostDetail

from .support import (
    ACME_PROPOSE,
    ACME_PROPOSE_2,
    ACME_READ,
    ACME_WRITE,
    GLOBEX_WRITE,
    LiveServerTest,
    post_id,
    titles,
    two_organizations,
)

QUEUE_POSTS = [
    {"title": "Ranked second", "status": "open", "queue_rank": 2, "votes": 1},
    {"title": "Ranked first", "status": "in_progress", "queue_rank": 1},
    {"title": "Planned popular", "status": "planned", "votes": 20},
    {"title": "Planned less", "status": "planned", "votes": 5, "created_at": "2026-11-02T00:00:00Z"},
    {"title": "Planned tie older", "status": "planned", "votes": 5, "created_at": "2026-11-01T00:00:00Z"},
    {"title": "Open unranked", "status": "open", "votes": 100},
    {"title": "Shipped ranked", "status": "shipped", "queue_rank": 0},
    {"title": "Hidden planned", "status": "planned", "hidden": True, "queue_rank": 0},
    {"title": "Declined ranked", "status": "declined", "queue_rank": 0},
]
QUEUE_ORDER = ["Ranked first", "Ranked second", "Planned popular", "Planned tie older", "Planned less"]


def seconds_between(start: str, end: str) -> float:
    def parse(stamp: str) -> datetime:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))

    return (parse(end) - parse(start)).total_seconds()


class AgentTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations(
            [
                {"slug": "queue", "name": "Queue", "posts": QUEUE_POSTS},
                {"slug": "work", "name": "Work"},
            ]
        )

    def new_post(self, title: str, status: str = "planned") -> PostDetail:
        return self.client(ACME_WRITE).posts.create("work", title, status=status)  # type: ignore[arg-type]

    def test_queue_ranks_then_planned_by_votes(self) -> None:
        queue = self.client(ACME_READ).agent.queue("queue")
        self.assertEqual((titles(queue.posts), queue.total), (QUEUE_ORDER, 5))
        first = queue.posts[0]
        self.assertEqual((first.status, first.queue_rank, first.vote_count, first.claim), ("in_progress", 1, 0, None))
        self.assertEqual([p.queue_rank for p in queue.posts], [1, 2, None, None, None])
        self.assertEqual([p.vote_count for p in queue.posts], [0, 1, 20, 5, 5])

    def test_queue_limit(self) -> None:
        agent = self.client(ACME_READ).agent
        queue = agent.queue("queue", limit=2)
        self.assertEqual((titles(queue.posts), queue.total), (QUEUE_ORDER[:2], 5))
        for bad in (0, 501):
            self.assertFails(422, "validation_error", lambda: agent.queue("queue", limit=bad))
        self.assertFails(404, "not_found", lambda: agent.queue("secret-plans"))

    def test_claim_extend_conflict_and_release(self) -> None:
        post = self.new_post("Claimed work")
        agent, rival = self.client(ACME_PROPOSE).agent, self.client(ACME_PROPOSE_2).agent

        outcome = agent.claim("work", post.id, ttl_seconds=600, agent_label="bot-1")
        claim = outcome.claim
        self.assertTrue(outcome.created)
        self.assertEqual((claim.post_id, claim.agent_label), (post.id, "bot-1"))
        self.assertAlmostEqual(seconds_between(claim.claimed_at, claim.expires_at), 600, delta=1)
        self.assertEqual(self.client(ACME_READ).posts.get("work", post.id).claim, claim)

        renewed = agent.claim("work", post.id, ttl_seconds=1200, agent_label="bot-2")
        self.assertFalse(renewed.created)
        extended = renewed.claim
        self.assertEqual((extended.claimed_at, extended.agent_label), (claim.claimed_at, "bot-2"))
        self.assertGreater(extended.expires_at, claim.expires_at)

        self.assertFails(409, "claim_conflict", lambda: rival.claim("work", post.id))
        self.assertFails(409, "claim_conflict", lambda: rival.release("work", post.id))

        agent.release("work", post.id)
        self.assertIsNone(self.client().posts.get("work", post.id).claim)
        agent.release("work", post.id)
        self.assertTrue(rival.claim("work", post.id).created)

    def test_claim_defaults_to_one_hour_and_an_empty_label(self) -> None:
        post = self.new_post("Default claim")
        claim = self.client(ACME_PROPOSE).agent.claim("work", post.id).claim
        self.assertEqual(claim.agent_label, "")
        self.assertAlmostEqual(seconds_between(claim.claimed_at, claim.expires_at), 3600, delta=1)

    def test_an_expired_claim_can_be_taken_over(self) -> None:
        post = self.new_post("Short lease")
        self.client(ACME_PROPOSE).agent.claim("work", post.id, ttl_seconds=1)
        time.sleep(1.2)
        self.assertIsNone(self.client().posts.get("work", post.id).claim)
        taken = self.client(ACME_PROPOSE_2).agent.claim("work", post.id, agent_label="second")
        self.assertEqual((taken.created, taken.claim.agent_label), (True, "second"))

    def test_the_queue_skips_posts_claimed_by_others_and_keeps_own_claims(self) -> None:
        post = self.new_post("Contested")
        owner, rival = self.client(ACME_PROPOSE).agent, self.client(ACME_PROPOSE_2).agent
        before = rival.queue("work", limit=500)
        self.assertIn(post.id, [p.id for p in before.posts])
        claim = owner.claim("work", post.id, agent_label="owner").claim
        after = rival.queue("work", limit=500)
        self.assertNotIn(post.id, [p.id for p in after.posts])
        self.assertEqual(after.total, before.total - 1)
        mine = [p for p in owner.queue("work", limit=500).posts if p.id == post.id]
        self.assertEqual([p.claim for p in mine], [claim])
        owner.release("work", post.id)

    def test_claim_validation(self) -> None:
        post = self.new_post("Validated claim")
        agent = self.client(ACME_PROPOSE).agent
        for ttl in (0, 86401):
            error = self.assertFails(422, "validation_error", lambda: agent.claim("work", post.id, ttl_seconds=ttl))
            self.assertIn("ttl_seconds", [d.path for d in error.details])
        self.assertFails(422, "validation_error", lambda: agent.claim("work", post.id, agent_label="x" * 101))
        self.assertEqual(agent.claim("work", post.id, ttl_seconds=86400).claim.post_id, post.id)

    def test_read_keys_cannot_act_as_agents(self) -> None:
        post = self.new_post("Read only")
        agent = self.client(ACME_READ).agent
        self.assertFails(403, "insufficient_scope", lambda: agent.claim("work", post.id))
        self.assertFails(403, "insufficient_scope", lambda: agent.release("work", post.id))
        self.assertFails(403, "insufficient_scope", lambda: agent.add_evidence("work", post.id, "branch", "b"))
        self.assertFails(403, "insufficient_scope", lambda: agent.propose_status("work", post.id, "shipped"))

    def test_foreign_posts_are_not_found(self) -> None:
        foreign = post_id(self.client(GLOBEX_WRITE), "secret-plans", "Globex idea")
        agent = self.client(ACME_PROPOSE).agent
        self.assertFails(404, "not_found", lambda: agent.claim("work", foreign))
        self.assertFails(404, "not_found", lambda: agent.release("work", foreign))
        self.assertFails(404, "not_found", lambda: agent.add_evidence("work", foreign, "branch", "b"))
        self.assertFails(404, "not_found", lambda: agent.propose_status("work", foreign, "shipped"))

    def test_add_evidence(self) -> None:
        post = self.new_post("Evidence")
        agent = self.client(ACME_PROPOSE).agent
        with_pr = agent.add_evidence("work", post.id, "pr", "https://git.example/acme/app/pull/7", label="PR #7")
        self.assertEqual(
            [(e.kind, e.ref, e.label) for e in with_pr.implementation_evidence],
            [("pr", "https://git.example/acme/app/pull/7", "PR #7")],
        )
        with_branch = agent.add_evidence("work", post.id, "branch", "feature/evidence")
        self.assertEqual([e.label for e in with_branch.implementation_evidence], ["PR #7", ""])
        self.assertEqual(with_branch.implementation_evidence[0], with_pr.implementation_evidence[0])
        self.assertEqual(self.client().posts.get("work", post.id).implementation_evidence, with_branch.implementation_evidence)

    def test_repeated_action_key_adds_nothing(self) -> None:
        post = self.new_post("Idempotent")
        agent = self.client(ACME_PROPOSE).agent
        first = agent.add_evidence("work", post.id, "commit", "abc123", action_key="step-1")
        again = agent.add_evidence("work", post.id, "commit", "abc123", action_key="step-1")
        self.assertEqual(again.implementation_evidence, first.implementation_evidence)
        self.assertEqual(len(again.implementation_evidence), 1)

    def test_invalid_evidence(self) -> None:
        post = self.new_post("Bad evidence")
        agent = self.client(ACME_PROPOSE).agent
        error = self.assertFails(422, "validation_error", lambda: agent.add_evidence("work", post.id, "url", "not a url"))
        self.assertIn("ref", [d.path for d in error.details])
        self.assertFails(422, "validation_error", lambda: agent.add_evidence("work", post.id, "pr", "ftp://x.example/1"))
        self.assertFails(422, "validation_error", lambda: agent.add_evidence("work", post.id, "patch", "x"))  # type: ignore[arg-type]
        self.assertFails(422, "validation_error", lambda: agent.add_evidence("work", post.id, "branch", ""))

    def test_propose_status_records_a_proposal_without_changing_the_status(self) -> None:
        post = self.new_post("Proposed")
        agent = self.client(ACME_PROPOSE).agent
        result = agent.propose_status("work", post.id, "shipped", note="Merged in #7")
        self.assertEqual((result.id, result.status), (post.id, "planned"))
        self.assertEqual((result.proposal.status, result.proposal.note), ("shipped", "Merged in #7"))
        self.assertIsInstance(result.proposal.proposed_by_api_key_id, int)
        stored = self.client(ACME_READ).posts.get("work", post.id)
        self.assertEqual((stored.status, stored.proposal), ("planned", result.proposal))

        replaced = agent.propose_status("work", post.id, "in_progress")
        self.assertEqual((replaced.proposal.status, replaced.proposal.note), ("in_progress", ""))

        self.client().posts.update("work", post.id, status="declined")
        self.assertIsNone(self.client().posts.get("work", post.id).proposal)

    def test_proposing_the_current_status_is_status_unchanged(self) -> None:
        post = self.new_post("Unchanged")
        self.assertFails(
            422, "status_unchanged", lambda: self.client(ACME_PROPOSE).agent.propose_status("work", post.id, "planned")
        )
        self.assertIsNone(self.client().posts.get("work", post.id).proposal)

    def test_agent_loop(self) -> None:
        board = self.client().boards.create("loop", "Loop")
        self.client().posts.create(board.slug, "Agent task", status="planned")
        agent: Client = self.client(ACME_PROPOSE)
        done = []
        for item in agent.agent.queue("loop").posts:
            try:
                agent.agent.claim("loop", item.id, ttl_seconds=900, agent_label="py-agent")
            except FeedbackBoardError as error:
                if error.code == "claim_conflict":
                    continue
                raise
            try:
                agent.agent.add_evidence("loop", item.id, "branch", f"agent/{item.id}", action_key=f"branch-{item.id}")
                agent.agent.propose_status("loop", item.id, "shipped", note="Implemented")
                done.append(item.id)
            except FeedbackBoardError:
                agent.agent.release("loop", item.id)
                raise
        self.assertEqual(len(done), 1)
        post = agent.posts.get("loop", done[0])
        self.assertEqual((post.status, post.proposal and post.proposal.status), ("planned", "shipped"))
        self.assertEqual(post.claim and post.claim.agent_label, "py-agent")


if __name__ == "__main__":
    unittest.main()
