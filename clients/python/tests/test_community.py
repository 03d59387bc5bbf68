"""client.votes and client.comments against the real server."""

from __future__ import annotations

import unittest
from typing import Any, Dict, List

from feedback_board import Comment

from .support import ACME_PROPOSE, ACME_READ, ACME_WRITE, GLOBEX_WRITE, LiveServerTest, post_id, two_organizations

DISCUSSED = {
    "title": "Dark mode",
    "status": "planned",
    "votes": 12,
    "comments": [
        {
            "body": "Yes please",
            "reactions": {"\U0001f44d": 3, "\U0001f389": 1},
            "created_at": "2026-11-01T10:00:00Z",
            "replies": [{"body": "Seconded", "replies": [{"body": "Thirded"}]}, {"body": "Me too"}],
        },
        {"body": "Hidden remark", "hidden": True, "created_at": "2026-11-01T11:00:00Z"},
        {"body": "Official answer", "is_admin": True, "created_at": "2026-11-01T12:00:00Z"},
    ],
}
QUIET = {"title": "Quiet", "votes": [{"voter": "ann@example.com"}, {"voter": "bob@example.com"}]}


def bodies(comments: List[Comment]) -> List[Any]:
    """Comment bodies with their replies nested as lists after each body."""
    shape: List[Any] = []
    for comment in comments:
        shape.append(comment.body)
        if comment.replies:
            shape.append(bodies(comment.replies))
    return shape


class CommunityTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations([{"slug": "features", "name": "Features", "posts": [DISCUSSED, QUIET]}])

    def test_votes(self) -> None:
        client = self.client(ACME_READ)
        dark, quiet = post_id(client, "features", "Dark mode"), post_id(client, "features", "Quiet")
        self.assertEqual((client.votes.list("features", dark).post_id, client.votes.list("features", dark).vote_count), (dark, 12))
        self.assertEqual(client.votes.list("features", quiet).vote_count, 2)

    def test_votes_on_behalf_of_an_unknown_company_are_refused_and_change_nothing(self) -> None:
        client = self.client(ACME_WRITE)
        quiet = post_id(client, "features", "Quiet")
        for call in (client.votes.on_behalf, client.votes.withdraw_on_behalf):
            error = self.assertFails(422, "validation_error", lambda: call("features", quiet, "initech"))
            self.assertEqual([(d.path, d.message) for d in error.details], [("company_id", "is not a company of this organization")])
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_PROPOSE).votes.on_behalf("features", quiet, "initech"))
        self.assertEqual(client.votes.list("features", quiet).vote_count, 2)

    def test_votes_of_foreign_or_unknown_posts_are_not_found(self) -> None:
        foreign = post_id(self.client(GLOBEX_WRITE), "secret-plans", "Globex idea")
        self.assertFails(404, "not_found", lambda: self.client(ACME_READ).votes.list("features", foreign))
        self.assertFails(404, "not_found", lambda: self.client(ACME_READ).comments.list("features", foreign))
        self.assertFails(404, "not_found", lambda: self.client(ACME_READ).votes.list("nowhere", 1))

    def test_comments_are_nested_oldest_first_with_hidden_ones(self) -> None:
        client = self.client(ACME_READ)
        comments = client.comments.list("features", post_id(client, "features", "Dark mode"))
        self.assertEqual(
            bodies(comments),
            ["Yes please", ["Seconded", ["Thirded"], "Me too"], "Hidden remark", "Official answer"],
        )
        first, hidden, official = comments
        self.assertEqual(first.reaction_counts, {"\U0001f44d": 3, "\U0001f389": 1})
        self.assertEqual((first.own_reactions, first.voter_has_voted, first.parent_comment_id), ([], False, None))
        self.assertEqual([r.parent_comment_id for r in first.replies], [first.id, first.id])
        self.assertEqual(first.replies[0].replies[0].parent_comment_id, first.replies[0].id)
        self.assertEqual((hidden.hidden, hidden.reaction_counts), (True, {}))
        self.assertEqual((official.is_admin, first.is_admin), (True, False))
        self.assertEqual(client.comments.list("features", post_id(client, "features", "Quiet")), [])

    def test_create_comment_and_reply_as_the_board_team(self) -> None:
        client = self.client(ACME_PROPOSE)
        quiet = post_id(client, "features", "Quiet")
        comment = client.comments.create("features", quiet, "Thanks, on it")
        self.assertEqual(
            (comment.body, comment.is_admin, comment.hidden, comment.vote_count, comment.replies, comment.reaction_counts),
            ("Thanks, on it", True, False, 0, [], {}),
        )
        reply = client.comments.create("features", quiet, "Follow-up", parent_comment_id=comment.id)
        self.assertEqual(reply.parent_comment_id, comment.id)
        listed = [c for c in client.comments.list("features", quiet) if c.id == comment.id]
        self.assertEqual([[r.id for r in c.replies] for c in listed], [[reply.id]])

    def test_edit_and_delete_a_comment_as_the_team(self) -> None:
        client = self.client(ACME_WRITE)
        quiet = post_id(client, "features", "Quiet")
        comment = client.comments.create("features", quiet, "Frist")
        reply = client.comments.create("features", quiet, "Reply", parent_comment_id=comment.id)
        edited = client.comments.update("features", quiet, comment.id, "First")
        self.assertEqual((edited.body, edited.edited_at is not None, edited.deleted_at), ("First", True, None))
        self.assertIsNone(client.comments.delete("features", quiet, comment.id))
        listed = [c for c in client.comments.list("features", quiet) if c.id == comment.id][0]
        self.assertEqual((listed.body, listed.deleted_at is not None, [r.id for r in listed.replies]), ("", True, [reply.id]))
        self.assertFails(404, "not_found", lambda: client.comments.update("features", quiet, comment.id, "Again"))
        self.assertFails(404, "not_found", lambda: client.comments.delete("features", quiet, comment.id))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_PROPOSE).comments.delete("features", quiet, reply.id))

    def test_parent_must_be_a_comment_of_the_same_post(self) -> None:
        client = self.client(ACME_PROPOSE)
        dark, quiet = post_id(client, "features", "Dark mode"), post_id(client, "features", "Quiet")
        elsewhere = client.comments.list("features", dark)[0].id
        other_post = self.assertFails(
            422, "validation_error", lambda: client.comments.create("features", quiet, "x", parent_comment_id=elsewhere)
        )
        missing = self.assertFails(
            422, "validation_error", lambda: client.comments.create("features", quiet, "x", parent_comment_id=999999)
        )
        self.assertEqual(other_post.message, missing.message)

    def test_invalid_and_unauthorized_comments(self) -> None:
        quiet = post_id(self.client(), "features", "Quiet")
        error = self.assertFails(422, "validation_error", lambda: self.client().comments.create("features", quiet, ""))
        self.assertIn("body", [d.path for d in error.details])
        self.assertFails(
            403, "insufficient_scope", lambda: self.client(ACME_READ).comments.create("features", quiet, "Hello")
        )


if __name__ == "__main__":
    unittest.main()
