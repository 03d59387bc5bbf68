"""client.agent.claim_next against the real server: queue order, distinct posts, the empty answer,
validation errors and scopes."""

from __future__ import annotations

from typing import Any, Dict

from feedback_board import ClaimNext

from .support import ACME_PROPOSE, ACME_PROPOSE_2, ACME_READ, ACME_WRITE, LiveServerTest, two_organizations

POSTS = [
    {"title": "Planned popular", "status": "planned", "votes": 3},
    {"title": "Ranked", "status": "open", "queue_rank": 0},
    {"title": "Open unranked", "status": "open"},
    {"title": "Shipped ranked", "status": "shipped", "queue_rank": 1},
    {"title": "Planned quiet", "status": "planned"},
]


class ClaimNextTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations([{"slug": "next", "name": "Next", "posts": POSTS}, {"slug": "empty", "name": "Empty"}])

    def test_hands_out_the_queue_in_order_then_nothing(self) -> None:
        agent, rival = self.client(ACME_PROPOSE).agent, self.client(ACME_PROPOSE_2).agent
        first = agent.claim_next("next", ttl_seconds=600, agent_label="bot")
        assert first.claim is not None and first.post is not None
        self.assertEqual((first.post.title, first.claim.post_id, first.claim.agent_label), ("Ranked", first.post.id, "bot"))
        self.assertEqual(first.post.claim, first.claim)
        second = rival.claim_next("next")
        third = agent.claim_next("next")
        assert second.post is not None and third.post is not None
        self.assertEqual([second.post.title, third.post.title], ["Planned popular", "Planned quiet"])
        self.assertEqual(agent.claim_next("next"), ClaimNext(claim=None, post=None))
        self.assertEqual(rival.claim_next("empty"), ClaimNext(claim=None, post=None))

    def test_validation_scope_and_unknown_board(self) -> None:
        agent = self.client(ACME_PROPOSE).agent
        for bad in (0, 86401):
            self.assertFails(422, "validation_error", lambda: agent.claim_next("next", ttl_seconds=bad))
        self.assertFails(422, "validation_error", lambda: agent.claim_next("next", agent_label="x" * 101))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).agent.claim_next("next"))
        self.assertFails(404, "not_found", lambda: agent.claim_next("secret-plans"))
        self.assertFails(404, "not_found", lambda: self.client(ACME_WRITE).agent.claim_next("nope"))
