"""The opt-in retry policy, against a scripted server."""

from __future__ import annotations

import unittest
from typing import Any, Dict, List

from feedback_board import FeedbackBoardError, RetryPolicy

from .support import DROP, STALL, Stub, reply

RATE_LIMITED = {"error": {"code": "rate_limited", "message": "Too many requests"}}
UNAVAILABLE = {"error": {"code": "internal_error", "message": "Internal error"}}
COMMENT = {
    "id": 1,
    "body": "b",
    "is_admin": True,
    "hidden": False,
    "vote_count": 0,
    "voter_has_voted": False,
    "reaction_counts": {},
    "own_reactions": [],
    "voter_blocked": False,
    "edited_at": None,
    "deleted_at": None,
    "parent_comment_id": None,
    "created_at": "2026-11-21T09:30:00.000Z",
    "attachments": [],
    "replies": [],
}


def too_many(seconds: str = "2") -> Dict[str, Any]:
    return reply(429, RATE_LIMITED, {"Retry-After": seconds})


class RetryTest(unittest.TestCase):
    def setUp(self) -> None:
        self.sleeps: List[float] = []
        self.stub = Stub()

    def tearDown(self) -> None:
        self.stub.stop()

    def policy(self, **options: Any) -> RetryPolicy:
        return RetryPolicy(sleep=self.sleeps.append, **options)

    def test_no_policy_means_no_retry(self) -> None:
        self.stub.script = [too_many(), reply(200, {"boards": []})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        self.assertEqual(caught.exception.code, "rate_limited")
        self.assertEqual(caught.exception.retry_after, 2)
        self.assertEqual(len(self.stub.requests), 1)

    def test_rate_limited_get_waits_retry_after_then_succeeds(self) -> None:
        self.stub.script = [too_many("2"), too_many("1"), reply(200, {"boards": []})]
        self.assertEqual(self.stub.client(retry=self.policy()).boards.list(), [])
        self.assertEqual(self.sleeps, [2.0, 1.0])
        self.assertEqual(len(self.stub.requests), 3)

    def test_rate_limited_post_is_retried_too(self) -> None:
        self.stub.script = [too_many("3"), reply(201, COMMENT)]
        comment = self.stub.client(retry=self.policy()).comments.create("features", 1, "b")
        self.assertEqual(comment.id, 1)
        self.assertEqual(self.sleeps, [3.0])
        self.assertEqual([r.json() for r in self.stub.requests], [{"body": "b"}, {"body": "b"}])

    def test_rate_limit_retries_are_bounded(self) -> None:
        self.stub.script = [too_many("1")]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client(retry=self.policy(max_retries=2)).boards.list()
        self.assertEqual(caught.exception.status, 429)
        self.assertEqual(self.sleeps, [1.0, 1.0])
        self.assertEqual(len(self.stub.requests), 3)

    def test_rate_limited_without_retry_after_backs_off(self) -> None:
        self.stub.script = [reply(429, RATE_LIMITED), reply(429, RATE_LIMITED), reply(200, {"boards": []})]
        self.stub.client(retry=self.policy(backoff=0.25)).boards.list()
        self.assertEqual(self.sleeps, [0.25, 0.5])

    def test_server_errors_are_not_retried_unless_asked(self) -> None:
        self.stub.script = [reply(500, UNAVAILABLE), reply(200, {"boards": []})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client(retry=self.policy()).boards.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (500, "internal_error"))
        self.assertEqual(len(self.stub.requests), 1)

    def test_server_errors_of_get_are_retried_with_backoff_when_asked(self) -> None:
        self.stub.script = [reply(500, UNAVAILABLE), reply(503, b"down"), reply(200, {"boards": []})]
        policy = self.policy(retry_server_errors=True, backoff=0.5, max_backoff=0.75)
        self.assertEqual(self.stub.client(retry=policy).boards.list(), [])
        self.assertEqual(self.sleeps, [0.5, 0.75])

    def test_server_errors_of_other_methods_are_never_retried(self) -> None:
        self.stub.script = [reply(500, UNAVAILABLE), reply(201, COMMENT)]
        policy = self.policy(retry_server_errors=True, retry_network_errors=True)
        with self.assertRaises(FeedbackBoardError):
            self.stub.client(retry=policy).comments.create("features", 1, "b")
        self.assertEqual(len(self.stub.requests), 1)
        self.assertEqual(self.sleeps, [])

    def test_client_errors_are_never_retried(self) -> None:
        self.stub.script = [reply(404, {"error": {"code": "not_found", "message": "Not found"}})]
        policy = self.policy(retry_server_errors=True, retry_network_errors=True)
        with self.assertRaises(FeedbackBoardError):
            self.stub.client(retry=policy).boards.get("x")
        self.assertEqual(len(self.stub.requests), 1)

    def test_dropped_connection_of_get_is_retried_when_asked(self) -> None:
        self.stub.script = [DROP, reply(200, {"boards": []})]
        policy = self.policy(retry_network_errors=True)
        self.assertEqual(self.stub.client(retry=policy).boards.list(), [])
        self.assertEqual(len(self.stub.requests), 2)
        self.assertEqual(self.sleeps, [0.5])

    def test_dropped_connection_is_a_network_error_without_the_flag(self) -> None:
        self.stub.script = [DROP, reply(200, {"boards": []})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client(retry=self.policy()).boards.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "network_error"))
        self.assertEqual(len(self.stub.requests), 1)

    def test_timeout_of_get_is_retried_when_asked(self) -> None:
        self.stub.script = [STALL, reply(200, {"boards": []})]
        policy = self.policy(retry_network_errors=True)
        self.assertEqual(self.stub.client(timeout=1.0, retry=policy).boards.list(), [])
        self.assertEqual(len(self.stub.requests), 2)

    def test_timeout_of_post_is_not_retried(self) -> None:
        self.stub.script = [STALL, reply(201, COMMENT)]
        policy = self.policy(retry_network_errors=True)
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client(timeout=0.3, retry=policy).comments.create("features", 1, "b")
        self.assertEqual(caught.exception.code, "timeout")
        self.assertEqual(len(self.stub.requests), 1)

    def test_policy_rejects_negative_retries(self) -> None:
        with self.assertRaises(ValueError):
            RetryPolicy(max_retries=-1)

    def test_policy_defaults(self) -> None:
        policy = RetryPolicy()
        self.assertEqual(
            (policy.max_retries, policy.retry_network_errors, policy.retry_server_errors), (3, False, False)
        )


if __name__ == "__main__":
    unittest.main()
