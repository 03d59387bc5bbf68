"""``client.boards``: the organization's boards."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .models import Board, board_list
from .transport import Transport, path_of


class BoardsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self) -> List[Board]:
        """Every board of the organization, drafts included, oldest first."""
        return self._t.call("GET", "/boards", board_list)

    def get(self, slug: str) -> Board:
        return self._t.call("GET", path_of("boards", slug), Board.from_json)

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
        return self._t.call("POST", "/boards", Board.from_json, body=body)

    def publish(self, slug: str) -> Board:
        """Publishes the board; ``publish_disabled`` (403) unless the service allows agent publishing."""
        return self._t.call("POST", path_of("boards", slug, "publish"), Board.from_json)

    def unpublish(self, slug: str) -> Board:
        """Turns the board back into a draft; deletes nothing and may be repeated."""
        return self._t.call("POST", path_of("boards", slug, "unpublish"), Board.from_json)
