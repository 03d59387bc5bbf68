"""Keys and scopes: how the client's key reaches the server and what the server answers."""

from __future__ import annotations

import unittest
from typing import Any, Dict

from feedback_board import Client

from .support import ACME_PROPOSE, ACME_READ, ACME_WRITE, LiveServerTest, two_organizations


class AuthTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations([{"slug": "features", "name": "Features", "posts": [{"title": "Dark mode"}]}])

    def test_both_headers_carry_a_valid_key(self) -> None:
        for style in ("bearer", "x-api-key"):
            with self.subTest(style):
                client = self.client(ACME_READ, auth_header=style)
                self.assertEqual([b.slug for b in client.boards.list()], ["features"])

    def test_unknown_key_is_unauthorized_with_either_header(self) -> None:
        for style in ("bearer", "x-api-key"):
            with self.subTest(style):
                client = self.client("acme-unknown-key-000000", auth_header=style)
                error = self.assertFails(401, "unauthorized", client.boards.list)
                self.assertEqual(error.details, [])

    def test_empty_key_is_unauthorized(self) -> None:
        self.assertFails(401, "unauthorized", self.client("").boards.list)
        self.assertFails(401, "unauthorized", self.client("", auth_header="x-api-key").boards.list)

    def test_conflicting_headers_are_unauthorized(self) -> None:
        both = self.client(ACME_WRITE, headers={"X-API-Key": ACME_READ})
        self.assertFails(401, "unauthorized", both.boards.list)
        same = self.client(ACME_WRITE, headers={"X-API-Key": ACME_WRITE})
        self.assertEqual(len(same.boards.list()), 1)

    def test_other_authorization_schemes_are_unauthorized(self) -> None:
        basic = self.client(ACME_WRITE, headers={"Authorization": f"Basic {ACME_WRITE}"})
        self.assertFails(401, "unauthorized", basic.boards.list)
        lower = self.client(ACME_WRITE, headers={"Authorization": f"bearer {ACME_WRITE}"})
        self.assertEqual(len(lower.boards.list()), 1)

    def test_unauthorized_comes_before_not_found_and_validation(self) -> None:
        client = self.client("acme-unknown-key-000000")
        self.assertFails(401, "unauthorized", lambda: client.boards.get("no-such-board"))
        self.assertFails(401, "unauthorized", lambda: client.posts.list("features", limit=0))

    def test_unknown_route_is_not_found(self) -> None:
        client = Client(self.server.url + "/elsewhere", ACME_READ)
        self.assertFails(404, "not_found", client.boards.list)

    def test_every_scope_reads(self) -> None:
        for key in (ACME_READ, ACME_PROPOSE, ACME_WRITE):
            with self.subTest(key):
                client = self.client(key)
                self.assertEqual(client.posts.list("features").total, 1)
                self.assertEqual(client.webhooks.list()[0].url, "https://hooks.acme.example/feedback")


if __name__ == "__main__":
    unittest.main()
