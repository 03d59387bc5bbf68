"""client.boards against the real server."""

from __future__ import annotations

import unittest
from typing import Any, Dict, List

from .support import ACME_PROPOSE, ACME_READ, ACME_WRITE, GLOBEX_WRITE, LiveServerTest, two_organizations

BOARDS: List[Dict[str, Any]] = [
    {
        "slug": "features",
        "name": "Features",
        "description": "What to build next",
        "welcome_message": "Tell us",
        "published": True,
    },
    {"slug": "ideas", "name": "Ideas"},
]


class BoardsTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations(BOARDS)

    def test_list_holds_the_organizations_boards_oldest_first_drafts_included(self) -> None:
        boards = self.client(ACME_READ).boards.list()
        self.assertEqual([b.slug for b in boards][:2], ["features", "ideas"])
        self.assertNotIn("secret-plans", [b.slug for b in boards])
        self.assertEqual([b.published for b in boards][:2], [True, False])

    def test_get_returns_every_field(self) -> None:
        board = self.client(ACME_READ).boards.get("features")
        self.assertEqual(
            (board.slug, board.name, board.description, board.welcome_message, board.published, board.logo_url),
            ("features", "Features", "What to build next", "Tell us", True, None),
        )
        self.assertIsInstance(board.id, int)
        self.assertRegex(board.created_at, r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")

    def test_create_makes_a_draft_with_defaults(self) -> None:
        client = self.client()
        board = client.boards.create("roadmap-2027", "Roadmap 2027")
        self.assertEqual(
            (board.slug, board.name, board.description, board.welcome_message, board.published, board.logo_url),
            ("roadmap-2027", "Roadmap 2027", "", "", False, None),
        )
        self.assertEqual(client.boards.get("roadmap-2027"), board)
        self.assertEqual(client.boards.list()[-1], board)

    def test_create_keeps_description_and_welcome_message(self) -> None:
        board = self.client().boards.create("beta", "Beta", description="Beta program", welcome_message="Hi")
        self.assertEqual((board.description, board.welcome_message), ("Beta program", "Hi"))

    def test_slug_in_use_is_slug_taken(self) -> None:
        self.assertFails(409, "slug_taken", lambda: self.client().boards.create("ideas", "Again"))

    def test_other_organizations_may_use_the_same_slug(self) -> None:
        board = self.client(GLOBEX_WRITE).boards.create("ideas", "Globex ideas")
        self.assertEqual(board.name, "Globex ideas")
        self.assertEqual(self.client().boards.get("ideas").name, "Ideas")

    def test_invalid_slug_is_validation_error_with_details(self) -> None:
        error = self.assertFails(422, "validation_error", lambda: self.client().boards.create("Bad Slug!", "X"))
        self.assertIn("slug", [d.path for d in error.details])
        self.assertTrue(all(d.message for d in error.details))

    def test_missing_name_is_validation_error(self) -> None:
        error = self.assertFails(422, "validation_error", lambda: self.client().boards.create("no-name", ""))
        self.assertIn("name", [d.path for d in error.details])

    def test_read_and_propose_keys_cannot_create_boards(self) -> None:
        for key in (ACME_READ, ACME_PROPOSE):
            self.assertFails(403, "insufficient_scope", lambda: self.client(key).boards.create("nope", "No"))
        self.assertFails(404, "not_found", lambda: self.client().boards.get("nope"))

    def test_publish_is_disabled_by_default_whatever_the_state(self) -> None:
        client = self.client()
        self.assertFails(403, "publish_disabled", lambda: client.boards.publish("ideas"))
        self.assertFails(403, "publish_disabled", lambda: client.boards.publish("features"))
        self.assertFalse(client.boards.get("ideas").published)

    def test_scope_is_checked_before_publish_disabled(self) -> None:
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_PROPOSE).boards.publish("ideas"))

    def test_unpublish_turns_a_board_into_a_draft_and_may_be_repeated(self) -> None:
        client = self.client()
        client.boards.create("to-hide", "To hide")
        self.assertFalse(client.boards.unpublish("to-hide").published)
        self.assertFalse(client.boards.unpublish("to-hide").published)
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).boards.unpublish("to-hide"))

    def test_unknown_and_foreign_boards_are_the_same_not_found(self) -> None:
        client = self.client()
        unknown = self.assertFails(404, "not_found", lambda: client.boards.get("no-such-board"))
        foreign = self.assertFails(404, "not_found", lambda: client.boards.get("secret-plans"))
        self.assertEqual(foreign.message, unknown.message)
        self.assertFails(404, "not_found", lambda: client.boards.unpublish("secret-plans"))
        self.assertFails(404, "not_found", lambda: client.boards.publish("secret-plans"))

    def test_slug_with_a_slash_stays_one_path_segment(self) -> None:
        self.assertFails(404, "not_found", lambda: self.client().boards.get("features/posts"))


class PublishingEnabledTest(LiveServerTest):
    flags = ("--rate-limit", "off", "--agent-publishing")

    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations(BOARDS)

    def test_publish_and_unpublish_are_idempotent(self) -> None:
        client = self.client(ACME_WRITE)
        self.assertTrue(client.boards.publish("ideas").published)
        self.assertTrue(client.boards.publish("ideas").published)
        self.assertTrue(client.boards.get("ideas").published)
        self.assertFalse(client.boards.unpublish("ideas").published)
        self.assertFalse(client.boards.get("ideas").published)

    def test_publish_still_needs_a_write_key(self) -> None:
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).boards.publish("features"))


if __name__ == "__main__":
    unittest.main()
