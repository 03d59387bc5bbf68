"""``client.activity``: a post's activity log (who did what to it, and when), for any key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Literal, Optional, cast

from ._fields import Fields
from .transport import Transport, operation

ActorKind = Literal["api_key", "team_member", "voter", "connection", "system"]


@dataclass(frozen=True)
class ActivityActor:
    """Who acted: an API key (``label``, ``prefix``, and ``oauth_client`` when an OAuth client acts
    through it), a team member or a voter (``name``), an integration connection whose delivery
    acted (``provider``, ``label``), or the system. ``id`` is None for the system and for the team
    acting with no member named; names are None for one deleted since."""

    kind: ActorKind
    id: Optional[int]
    label: Optional[str] = None
    prefix: Optional[str] = None
    oauth_client: Optional[str] = None
    name: Optional[str] = None
    provider: Optional[str] = None


def _actor(f: Fields) -> ActivityActor:
    kind = cast(ActorKind, f.text("kind"))
    if kind == "system":
        return ActivityActor(kind=kind, id=None)
    if kind == "api_key":
        return ActivityActor(kind=kind, id=f.integer("id"), label=f.opt_text("label"), prefix=f.opt_text("prefix"), oauth_client=f.opt_text("oauth_client"))
    if kind == "connection":
        return ActivityActor(kind=kind, id=f.integer("id"), provider=f.opt_text("provider"), label=f.opt_text("label"))
    return ActivityActor(kind=kind, id=f.opt_integer("id"), name=f.opt_text("name"))


@dataclass(frozen=True)
class ActivityEntry:
    """One entry of a post's log. ``kind`` says what happened (``created``, ``status_changed``,
    ``claimed``, ``merged_into``...); ``detail`` holds the fields its kind sets (``from``, ``to``,
    ``note``, ``other_post_id``...), as the API names them."""

    id: int
    kind: str
    at: str
    actor: ActivityActor
    detail: Dict[str, Any]
    proposed_by: Optional[ActivityActor]


def _entry(f: Fields) -> ActivityEntry:
    # Only confirmed and rejected proposals name who proposed: the field is absent otherwise.
    proposer = f.nested("proposed_by") if f.others().get("proposed_by") is not None else None
    return ActivityEntry(
        id=f.integer("id"),
        kind=f.text("kind"),
        at=f.text("at"),
        actor=_actor(f.nested("actor")),
        detail=f.others("id", "kind", "at", "actor", "proposed_by"),
        proposed_by=None if proposer is None else _actor(proposer),
    )


@dataclass(frozen=True)
class ActivityPage:
    """Entries newest first; ``next_before`` continues the log (None on its last page)."""

    entries: List[ActivityEntry]
    next_before: Optional[int]

    @classmethod
    def from_json(cls, value: object) -> ActivityPage:
        f = Fields(value, "activity page")
        return cls(entries=[_entry(e) for e in f.objects("entries")], next_before=f.opt_integer("next_before"))


class ActivityAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("getPostActivity")
    def list(self, slug: str, id: int, limit: Optional[int] = None, before: Optional[int] = None) -> ActivityPage:
        """The post's log, newest first: ``limit`` entries (1..500, default 50) with an id below
        ``before`` (the previous page's ``next_before``). A merged post keeps its own log."""
        return self._t.call_operation("getPostActivity", ActivityPage.from_json, slug, id, query={"limit": limit, "before": before})

    def iter_all(self, slug: str, id: int, page_size: int = 50) -> Iterator[ActivityEntry]:
        """Every entry of the post's log, newest first, one request per ``page_size`` entries."""
        before: Optional[int] = None
        while True:
            page = self.list(slug, id, limit=page_size, before=before)
            yield from page.entries
            if page.next_before is None:
                return
            before = page.next_before
