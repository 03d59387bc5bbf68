"""``client.votes`` and ``client.comments``."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .models import Comment, Votes, comment_list
from .transport import Transport, path_of


class VotesAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self, slug: str, id: int) -> Votes:
        """The post's vote count (votes are cast by voters, not through the API)."""
        return self._t.call("GET", path_of("boards", slug, "posts", id, "votes"), Votes.from_json)


class CommentsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self, slug: str, id: int) -> List[Comment]:
        """Top-level comments oldest first, each with its replies nested; hidden ones included."""
        return self._t.call("GET", path_of("boards", slug, "posts", id, "comments"), comment_list)

    def create(
        self, slug: str, id: int, body: str, parent_comment_id: Optional[int] = None
    ) -> Comment:
        """Comments as the board team; ``parent_comment_id`` (a comment of the same post) makes
        it a reply."""
        payload: Dict[str, Any] = {"body": body}
        if parent_comment_id is not None:
            payload["parent_comment_id"] = parent_comment_id
        path = path_of("boards", slug, "posts", id, "comments")
        return self._t.call("POST", path, Comment.from_json, body=payload)
