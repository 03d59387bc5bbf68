"""What the client puts on the wire: only the given parameters, encoded paths, auth headers."""

from __future__ import annotations

import unittest
import urllib.parse

from feedback_board import UNSET, Client, Evidence

from .support import Recorded, Stub, reply

BOARD = {
    "id": 1,
    "slug": "a",
    "name": "A",
    "description": "",
    "welcome_message": "",
    "published": False,
    "created_at": "2026-11-21T09:30:00.000Z",
    "logo_url": None,
}
POST = {
    "id": 5,
    "title": "T",
    "body": "",
    "status": "open",
    "status_label": {"id": 1, "name": "Open", "color": "#374151"},
    "vote_count": 0,
    "voter_has_voted": False,
    "following": False,
    "is_admin": True,
    "hidden": False,
    "pinned": False,
    "roadmap_estimate": None,
    "shipped_at": None,
    "created_at": "2026-11-21T09:30:00.000Z",
    "attachments": [],
    "tags": [],
    "fields": {},
    "queue_rank": None,
    "implementation_evidence": [],
    "claim": None,
    "proposal": None,
}
CLAIM = {"post_id": 5, "agent_label": "", "claimed_at": "x", "expires_at": "y"}


class RequestShapeTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub(reply(200, POST))
        self.client = self.stub.client("secret-key")

    def tearDown(self) -> None:
        self.stub.stop()

    def last(self) -> Recorded:
        return self.stub.requests[-1]

    def test_votes_on_behalf_post_the_company(self) -> None:
        self.stub.script = [reply(200, {"post_id": 5, "vote_count": 3}), reply(200, {"post_id": 5, "vote_count": 2})]
        votes = self.client.votes.on_behalf("features", 5, "initech")
        self.assertEqual((votes.post_id, votes.vote_count), (5, 3))
        self.assertEqual((self.last().method, self.last().path, self.last().json()), ("POST", "/api/v1/boards/features/posts/5/votes", {"company_id": "initech"}))
        votes = self.client.votes.withdraw_on_behalf("features", 5, "initech")
        self.assertEqual(votes.vote_count, 2)
        self.assertEqual((self.last().method, self.last().path, self.last().json()), ("POST", "/api/v1/boards/features/posts/5/votes/withdraw", {"company_id": "initech"}))

    def test_update_sends_only_given_fields(self) -> None:
        self.client.posts.update("features", 5, title="New")
        self.assertEqual(self.last().method, "PATCH")
        self.assertEqual(self.last().json(), {"title": "New"})

    def test_update_queue_rank_none_is_sent_as_null(self) -> None:
        self.client.posts.update("features", 5, queue_rank=None)
        self.assertEqual(self.last().json(), {"queue_rank": None})

    def test_update_queue_rank_unset_is_absent(self) -> None:
        self.client.posts.update("features", 5, queue_rank=UNSET, pinned=False)
        self.assertEqual(self.last().json(), {"pinned": False})

    def test_update_without_fields_sends_an_empty_object(self) -> None:
        self.client.posts.update("features", 5)
        self.assertEqual(self.last().json(), {})

    def test_update_evidence_accepts_resources_and_dicts(self) -> None:
        kept = Evidence(kind="pr", ref="https://x.example/1", label="PR", added_at="2026-01-01T00:00:00.000Z")
        self.client.posts.update(
            "features", 5, implementation_evidence=[kept, {"kind": "branch", "ref": "main"}]
        )
        self.assertEqual(
            self.last().json(),
            {
                "implementation_evidence": [
                    {"kind": "pr", "ref": "https://x.example/1", "label": "PR"},
                    {"kind": "branch", "ref": "main"},
                ]
            },
        )

    def test_tags_must_be_a_sequence_of_names(self) -> None:
        with self.assertRaises(TypeError):
            self.client.posts.create("features", "T", tags="UI")
        self.assertEqual(self.stub.requests, [])

    def test_create_post_sends_only_given_fields(self) -> None:
        self.client.posts.create("features", "Title")
        self.assertEqual(self.last().json(), {"title": "Title"})
        self.client.posts.create("features", "Title", body="", tags=[], pinned=False, status="open")
        self.assertEqual(
            self.last().json(), {"title": "Title", "body": "", "tags": [], "pinned": False, "status": "open"}
        )

    def test_list_query_holds_only_given_parameters(self) -> None:
        self.stub.script = [reply(200, {"posts": [], "total": 0})]
        self.client.posts.list("features", status="planned", limit=5)
        self.assertEqual(self.last().path, "/api/v1/boards/features/posts?status=planned&limit=5")
        self.client.posts.list("features")
        self.assertEqual(self.last().path, "/api/v1/boards/features/posts")
        self.client.posts.list("features", q="", offset=0)
        self.assertEqual(self.last().path, "/api/v1/boards/features/posts?q=&offset=0")

    def test_query_values_are_encoded(self) -> None:
        self.stub.script = [reply(200, {"posts": [], "total": 0})]
        self.client.posts.list("features", q="50% & more", tag="c++")
        query = urllib.parse.urlsplit(self.last().path).query
        self.assertEqual(urllib.parse.parse_qs(query), {"q": ["50% & more"], "tag": ["c++"]})

    def test_path_segments_are_percent_encoded(self) -> None:
        self.stub.script = [reply(200, BOARD)]
        self.client.boards.get("a/b c?d")
        self.assertEqual(self.last().path, "/api/v1/boards/a%2Fb%20c%3Fd")

    def test_claim_without_options_sends_an_empty_object(self) -> None:
        self.stub.script = [reply(201, CLAIM)]
        self.assertTrue(self.client.agent.claim("features", 5).created)
        self.assertEqual(self.last().path, "/api/v1/boards/features/posts/5/claim")
        self.assertEqual(self.last().json(), {})
        self.stub.script = [reply(200, CLAIM)]
        self.assertFalse(self.client.agent.claim("features", 5, ttl_seconds=60, agent_label="bot").created)
        self.assertEqual(self.last().json(), {"ttl_seconds": 60, "agent_label": "bot"})

    def test_bodyless_operations_send_no_body_and_no_content_type(self) -> None:
        self.stub.script = [reply(200, BOARD)]
        self.client.boards.publish("a")
        self.assertEqual(self.last().method, "POST")
        self.assertEqual(self.last().body, b"")
        self.assertNotIn("content-type", self.last().headers)

    def test_json_body_has_json_content_type(self) -> None:
        self.client.posts.create("features", "Title")
        self.assertEqual(self.last().headers["content-type"], "application/json")

    def test_body_is_ascii_json_so_any_string_can_be_sent(self) -> None:
        self.client.posts.create("features", "Caf\u00e9 \U0001f44d \ud800")
        self.assertTrue(all(byte < 128 for byte in self.last().body))
        self.assertEqual(self.last().json()["title"], "Caf\u00e9 \U0001f44d \ud800")

    def test_bearer_header_by_default(self) -> None:
        self.client.posts.get("features", 5)
        self.assertEqual(self.last().headers["authorization"], "Bearer secret-key")
        self.assertNotIn("x-api-key", self.last().headers)
        self.assertEqual(self.last().headers["accept"], "application/json")

    def test_x_api_key_header_when_asked(self) -> None:
        client = self.stub.client("secret-key", auth_header="x-api-key")
        client.posts.get("features", 5)
        self.assertEqual(self.last().headers["x-api-key"], "secret-key")
        self.assertNotIn("authorization", self.last().headers)

    def test_base_url_trailing_slash_and_prefix(self) -> None:
        client = Client(self.stub.url + "/", "k")
        self.stub.script = [reply(200, {"webhooks": []})]
        self.assertEqual(client.webhooks.list(), [])
        self.assertEqual(self.last().path, "/api/v1/webhooks")

    def test_delete_and_release_accept_an_empty_204(self) -> None:
        self.stub.script = [reply(204)]
        self.client.posts.delete("features", 5)
        self.assertEqual((self.last().method, self.last().path), ("DELETE", "/api/v1/boards/features/posts/5"))
        self.client.agent.release("features", 5)
        self.assertEqual((self.last().method, self.last().path), ("DELETE", "/api/v1/boards/features/posts/5/claim"))


class ClientOptionsTest(unittest.TestCase):
    def test_rejects_unknown_auth_header(self) -> None:
        with self.assertRaises(ValueError):
            Client("http://localhost", "k", auth_header="cookie")  # type: ignore[arg-type]

    def test_rejects_non_http_base_url(self) -> None:
        with self.assertRaises(ValueError):
            Client("localhost:8787", "k")

    def test_rejects_non_positive_timeout(self) -> None:
        with self.assertRaises(ValueError):
            Client("http://localhost", "k", timeout=0)


if __name__ == "__main__":
    unittest.main()
