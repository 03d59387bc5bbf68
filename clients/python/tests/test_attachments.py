"""Attachments of posts and comments: typed from the API's answers, and kept in step with the
service's OpenAPI document (docs/openapi.json)."""

from __future__ import annotations

import dataclasses
import json
import unittest
from typing import Any, Dict, get_args

from feedback_board import Attachment, AttachmentContentType, Comment, FeedbackBoardError

from .support import REPO_ROOT, Stub, reply
from .test_requests import POST

SHOT = {
    "id": 7,
    "url": "https://feedback.example.com/attachments/7/" + "a" * 64 + ".png",
    "filename": "shot.png",
    "content_type": "image/png",
    "size": 20480,
    "width": 640,
    "height": 400,
}
CLOSE_UP = {**SHOT, "id": 8, "filename": "close-up.webp", "content_type": "image/webp", "size": 512, "width": 32, "height": 24}
COMMENT = {
    "id": 3,
    "body": "Like this",
    "is_admin": False,
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
    "attachments": [CLOSE_UP],
    "replies": [],
}


def attachment_schema(resource: str) -> Dict[str, Any]:
    """The JSON Schema of one item of ``resource``'s ``attachments`` in the OpenAPI document."""
    document = json.loads((REPO_ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    items: Dict[str, Any] = document["components"]["schemas"][resource]["properties"]["attachments"]["items"]
    return items


class AttachmentTypeTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub(reply(200, {**POST, "attachments": [SHOT, CLOSE_UP]}))
        self.client = self.stub.client("secret-key")

    def tearDown(self) -> None:
        self.stub.stop()

    def test_a_posts_attachments_are_typed_in_order(self) -> None:
        post = self.client.posts.get("features", 5)
        self.assertEqual(
            post.attachments,
            [
                Attachment(id=7, url=SHOT["url"], filename="shot.png", content_type="image/png", size=20480, width=640, height=400),
                Attachment(id=8, url=SHOT["url"], filename="close-up.webp", content_type="image/webp", size=512, width=32, height=24),
            ],
        )

    def test_listed_posts_and_comments_carry_theirs(self) -> None:
        self.stub.script = [reply(200, {"posts": [{**POST, "attachments": [SHOT]}], "total": 1})]
        self.assertEqual([a.id for a in self.client.posts.list("features").posts[0].attachments], [7])
        self.stub.script = [reply(200, {"comments": [{**COMMENT, "replies": [{**COMMENT, "id": 4, "parent_comment_id": 3, "attachments": []}]}]})]
        comments = self.client.comments.list("features", 5)
        self.assertEqual(comments[0].attachments, [Attachment.from_json(CLOSE_UP)])
        self.assertEqual(comments[0].replies[0].attachments, [])
        self.assertIsInstance(comments[0], Comment)

    def test_an_attachment_of_the_wrong_shape_is_an_invalid_response(self) -> None:
        for broken, named in [({**SHOT, "width": "640"}, "width"), ({k: v for k, v in SHOT.items() if k != "url"}, "url"), ("shot.png", "attachments[0]")]:
            self.stub.script = [reply(200, {**POST, "attachments": [broken]})]
            with self.assertRaises(FeedbackBoardError) as caught:
                self.client.posts.get("features", 5)
            self.assertEqual(caught.exception.code, "invalid_response")
            self.assertIn(named, caught.exception.message)


class AttachmentSchemaTest(unittest.TestCase):
    def test_the_type_has_exactly_the_documented_fields_and_content_types(self) -> None:
        fields = [field.name for field in dataclasses.fields(Attachment)]
        for resource in ("Post", "PostDetail", "Comment"):
            schema = attachment_schema(resource)
            self.assertEqual(list(schema["properties"]), fields, resource)
            self.assertEqual(sorted(schema["required"]), sorted(fields), resource)
            self.assertEqual(schema["properties"]["content_type"]["enum"], list(get_args(AttachmentContentType)), resource)
            for name in ("id", "size", "width", "height"):
                self.assertEqual(schema["properties"][name]["type"], "integer", f"{resource}.{name}")
