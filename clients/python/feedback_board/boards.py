"""``client.boards``: the organization's boards."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .models import Board, board_list
from .transport import Transport, operation


class BoardsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listBoards")
    def list(self) -> List[Board]:
        """Every board of the organization, drafts included, oldest first."""
        return self._t.call_operation("listBoards", board_list)

    @operation("getBoard")
    def get(self, slug: str) -> Board:
        return self._t.call_operation("getBoard", Board.from_json, slug)

    @operation("createBoard")
    def create(
        self,
        slug: str,
        name: str,
        description: Optional[str] = None,
        welcome_message: Optional[str] = None,
    ) -> Board:
        """Creates a draft board (``published`` false). ``description`` and ``welcome_message``
        default to ``""`` on the service. Needs a write key; a slug in use is ``slug_taken``."""
        body: Dict[str, Any] = {"slug": slug, "name": name}
        if description is not None:
            body["description"] = description
        if welcome_message is not None:
            body["welcome_message"] = welcome_message
        return self._t.call_operation("createBoard", Board.from_json, body=body)

    @operation("publishBoard")
    def publish(self, slug: str) -> Board:
        """Publishes the board; ``publish_disabled`` (403) unless the service allows agent publishing."""
        return self._t.call_operation("publishBoard", Board.from_json, slug)

    @operation("unpublishBoard")
    def unpublish(self, slug: str) -> Board:
        """Turns the board back into a draft; deletes nothing and may be repeated."""
        return self._t.call_operation("unpublishBoard", Board.from_json, slug)
