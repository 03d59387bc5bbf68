"""``client.boards``: the organization's boards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Optional, Sequence, cast

from ._fields import Fields
from .models import Board, board_list
from .transport import Transport, operation

FieldType = Literal["text", "number", "choice"]


@dataclass(frozen=True)
class Field:
    """One of a board's custom fields: its ``key`` names its value in a post's ``fields``;
    ``options`` are a choice's; a new post must give a ``required`` one."""

    key: str
    label: str
    type: FieldType
    options: List[str]
    required: bool


def _fields(value: object) -> List[Field]:
    return [
        Field(key=f.text("key"), label=f.text("label"), type=cast(FieldType, f.text("type")), options=f.texts("options"), required=f.boolean("required"))
        for f in Fields(value, "fields").objects("fields")
    ]


class FieldsAPI:
    """``client.fields``: a board's custom fields, what its submission form asks."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listFields")
    def list(self, slug: str) -> List[Field]:
        """The board's fields, in form order (any key)."""
        return self._t.call_operation("listFields", _fields, slug)

    @operation("updateFields")
    def update(self, slug: str, fields: Sequence[Field]) -> List[Field]:
        """Replaces the board's fields, in that order (needs a team key). A field removed, or
        given another type, loses its values on every post; a choice loses the values of the
        options it no longer offers."""
        body = {"fields": [{"key": f.key, "label": f.label, "type": f.type, "options": list(f.options), "required": f.required} for f in fields]}
        return self._t.call_operation("updateFields", _fields, slug, body=body)


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
