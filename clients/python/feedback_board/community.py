"""``client.votes`` and ``client.comments``."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .models import Comment, Votes, comment_list
from .transport import Transport, no_content, operation


class VotesAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listVotes")
    def list(self, slug: str, id: int) -> Votes:
        """The post's vote count (votes are cast by voters, not through the API)."""
        return self._t.call_operation("listVotes", Votes.from_json, slug, id)

    @operation("voteOnBehalf")
    def on_behalf(self, slug: str, id: int, company_id: str) -> Votes:
        """Votes for the post on behalf of the customer company ``company_id`` (the id your
        application's sign-ins give it; write scope). It counts like a vote of one of the
        company's people, once per company: repeating it changes nothing. An unknown company is
        a 422 ``validation_error`` on ``company_id``."""
        return self._t.call_operation("voteOnBehalf", Votes.from_json, slug, id, body={"company_id": company_id})

    @operation("withdrawVoteOnBehalf")
    def withdraw_on_behalf(self, slug: str, id: int, company_id: str) -> Votes:
        """Withdraws the vote cast on behalf of the company ``company_id`` (write scope); the
        votes of its people stay, and without such a vote nothing changes."""
        return self._t.call_operation("withdrawVoteOnBehalf", Votes.from_json, slug, id, body={"company_id": company_id})


class CommentsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listComments")
    def list(self, slug: str, id: int) -> List[Comment]:
        """Top-level comments oldest first, each with its replies nested; hidden ones included."""
        return self._t.call_operation("listComments", comment_list, slug, id)

    @operation("createComment")
    def create(
        self, slug: str, id: int, body: str, parent_comment_id: Optional[int] = None
    ) -> Comment:
        """Comments as the board team; ``parent_comment_id`` (a comment of the same post) makes
        it a reply."""
        payload: Dict[str, Any] = {"body": body}
        if parent_comment_id is not None:
            payload["parent_comment_id"] = parent_comment_id
        return self._t.call_operation("createComment", Comment.from_json, slug, id, body=payload)

    @operation("updateComment")
    def update(self, slug: str, id: int, comment_id: int, body: str) -> Comment:
        """Gives a comment of the post a new body (write scope): ``edited_at`` is set and the
        earlier body is kept for the team. A deleted comment is not found."""
        return self._t.call_operation("updateComment", Comment.from_json, slug, id, comment_id, body={"body": body})

    @operation("deleteComment")
    def delete(self, slug: str, id: int, comment_id: int) -> None:
        """Deletes a comment of the post (write scope): it keeps its place with an empty body and
        ``deleted_at`` set, and its replies stay. Deleting it again is not found."""
        self._t.call_operation("deleteComment", no_content, slug, id, comment_id)
