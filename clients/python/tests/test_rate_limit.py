"""429 rate_limited from a real server limited to 3 requests per key and minute."""

from __future__ import annotations

import unittest
from typing import Any, Dict, List

from feedback_board import FeedbackBoardError, RetryPolicy

from .support import LiveServerTest, keys, two_organizations

LIMITED_KEYS = [f"acme-limited-{n}-0123456789" for n in range(5)]


class RateLimitTest(LiveServerTest):
    flags = ("--rate-limit", "3")

    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations(
            [{"slug": "features", "name": "Features"}],
            keys(*[(key, "propose") for key in LIMITED_KEYS]),
        )

    def test_the_fourth_request_is_rate_limited_with_retry_after(self) -> None:
        client = self.client(LIMITED_KEYS[0])
        for _ in range(3):
            client.boards.get("features")
        error = self.assertFails(429, "rate_limited", lambda: client.boards.get("features"))
        self.assertIsNotNone(error.retry_after)
        assert error.retry_after is not None
        self.assertGreaterEqual(error.retry_after, 1)
        self.assertLessEqual(error.retry_after, 60)

    def test_rate_limit_comes_before_not_found(self) -> None:
        client = self.client(LIMITED_KEYS[1])
        for _ in range(3):
            client.webhooks.list()
        self.assertFails(429, "rate_limited", lambda: client.boards.get("no-such-board"))

    def test_limits_are_per_key(self) -> None:
        first, second = self.client(LIMITED_KEYS[2]), self.client(LIMITED_KEYS[3])
        for _ in range(3):
            first.boards.list()
        self.assertFails(429, "rate_limited", first.boards.list)
        self.assertEqual([b.slug for b in second.boards.list()], ["features"])

    def test_retry_waits_retry_after_and_gives_up_after_max_retries(self) -> None:
        waits: List[float] = []
        client = self.client(LIMITED_KEYS[4], retry=RetryPolicy(max_retries=2, sleep=waits.append))
        with self.assertRaises(FeedbackBoardError) as caught:
            for _ in range(4):
                client.boards.list()
        self.assertEqual(caught.exception.code, "rate_limited")
        self.assertEqual(len(waits), 2)
        self.assertTrue(all(1 <= wait <= 60 for wait in waits), waits)
        self.assertEqual(waits[-1], float(caught.exception.retry_after or 0))


if __name__ == "__main__":
    unittest.main()
