"""``client.roadmap``, ``client.changelog``, ``client.stats`` and ``client.webhooks``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Union

from ._fields import Fields
from .models import Post, PostList, Webhook, webhook_list
from ._unset import UNSET, Unset
from .posts import walk_pages
from .statistics import Analytics, AnalyticsPeriod, ShipStats, ShipStatsPeriod
from .transport import Transport, no_content, operation


class _PagedPostsAPI:
    _operation = ""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self, slug: str, limit: Optional[int] = None, offset: Optional[int] = None) -> PostList:
        """One page (``limit`` 1..500, default 100; ``offset`` >= 0)."""
        return self._t.call_operation(self._operation, PostList.from_json, slug, query={"limit": limit, "offset": offset})

    def iter_all(self, slug: str, page_size: int = 100) -> Iterator[Post]:
        """Every post, one request per ``page_size`` posts, fetched as iterated."""
        return walk_pages(lambda limit, offset: self.list(slug, limit=limit, offset=offset), page_size)


class RoadmapAPI(_PagedPostsAPI):
    """Visible posts that are open, planned, in progress or shipped, in that order, then by votes."""

    _operation = "getRoadmap"

    @operation("getRoadmap")
    def list(self, slug: str, limit: Optional[int] = None, offset: Optional[int] = None) -> PostList:
        """One page (``limit`` 1..500, default 100; ``offset`` >= 0)."""
        return super().list(slug, limit, offset)


ChangelogEntryState = Literal["published", "scheduled"]


@dataclass(frozen=True)
class ChangelogEntry:
    """An entry the team wrote about the board's shipped work: a title, a Markdown ``body``, the
    posts it links, and when it was (``published_at``) or is to be (``publish_at``) published."""

    id: int
    title: str
    body: str
    post_ids: List[int]
    state: ChangelogEntryState
    publish_at: Optional[str]
    published_at: Optional[str]
    created_at: str

    @classmethod
    def from_json(cls, value: object) -> ChangelogEntry:
        f = Fields(value, "changelog entry")
        ids = f.array("post_ids")
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            raise f._fail("post_ids", "an array of integers")
        state = f.text("state")
        if state not in ("published", "scheduled"):
            raise f._fail("state", "published or scheduled")
        return cls(
            id=f.integer("id"), title=f.text("title"), body=f.text("body"), post_ids=list(ids), state=state,  # type: ignore[arg-type]
            publish_at=f.opt_text("publish_at"), published_at=f.opt_text("published_at"), created_at=f.text("created_at"),
        )


@dataclass(frozen=True)
class ChangelogEntryList:
    """One page of a board's changelog entries, and how many there are."""

    entries: List[ChangelogEntry]
    total: int

    @classmethod
    def from_json(cls, value: object) -> ChangelogEntryList:
        f = Fields(value, "changelog entries")
        return cls(entries=[ChangelogEntry.from_json(e._data) for e in f.objects("entries")], total=f.integer("total"))


class ChangelogAPI(_PagedPostsAPI):
    """Visible shipped posts, most recently shipped first; and the entries the team writes about them."""

    _operation = "getChangelog"

    @operation("getChangelog")
    def list(self, slug: str, limit: Optional[int] = None, offset: Optional[int] = None) -> PostList:
        """One page (``limit`` 1..500, default 100; ``offset`` >= 0)."""
        return super().list(slug, limit, offset)

    @operation("listChangelogEntries")
    def entries(
        self, slug: str, state: Optional[ChangelogEntryState] = None, limit: Optional[int] = None, offset: Optional[int] = None
    ) -> ChangelogEntryList:
        """The board's entries, newest publication first: published ones to ``read`` and ``propose``
        keys; scheduled ones too (first) to ``write`` and ``team`` keys, or one ``state`` alone."""
        query = {"state": state, "limit": limit, "offset": offset}
        return self._t.call_operation("listChangelogEntries", ChangelogEntryList.from_json, slug, query=query)

    @operation("createChangelogEntry")
    def create_entry(
        self, slug: str, title: str, body: str, post_ids: Sequence[int] = (), publish_at: Optional[str] = None
    ) -> ChangelogEntry:
        """Writes an entry linking posts of the board (``write`` key): published now, or at
        ``publish_at`` (an ISO 8601 date-time with its offset) when that is in the future."""
        payload = {"title": title, "body": body, "post_ids": list(post_ids)}
        if publish_at is not None:
            payload["publish_at"] = publish_at
        return self._t.call_operation("createChangelogEntry", ChangelogEntry.from_json, slug, body=payload)

    @operation("updateChangelogEntry")
    def update_entry(
        self,
        slug: str,
        entry_id: int,
        *,
        title: Union[str, Unset] = UNSET,
        body: Union[str, Unset] = UNSET,
        post_ids: Union[Sequence[int], Unset] = UNSET,
        publish_at: Union[str, None, Unset] = UNSET,
    ) -> ChangelogEntry:
        """Changes the given fields of an entry (``write`` key). ``publish_at`` moves a scheduled
        entry; ``None`` or a time not in the future publishes it now. A published entry keeps its
        time and is not mailed again."""
        payload: Dict[str, Any] = {}
        if not isinstance(title, Unset):
            payload["title"] = title
        if not isinstance(body, Unset):
            payload["body"] = body
        if not isinstance(post_ids, Unset):
            payload["post_ids"] = list(post_ids)
        if not isinstance(publish_at, Unset):
            payload["publish_at"] = publish_at
        return self._t.call_operation("updateChangelogEntry", ChangelogEntry.from_json, slug, entry_id, body=payload)

    @operation("deleteChangelogEntry")
    def delete_entry(self, slug: str, entry_id: int) -> None:
        """Deletes an entry (``write`` key): it leaves the pages, the feed and the lists, and its
        mail not sent yet is not sent."""
        self._t.call_operation("deleteChangelogEntry", no_content, slug, entry_id)


class StatsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("getShipStats")
    def ship_stats(self, slug: str, period: Optional[ShipStatsPeriod] = None) -> ShipStats:
        """Posts shipped this calendar ``month`` (default) or ISO ``week``, in UTC."""
        return self._t.call_operation("getShipStats", ShipStats.from_json, slug, query={"period": period})

    @operation("getAnalytics")
    def analytics(self, slug: str, period: Optional[AnalyticsPeriod] = None) -> Analytics:
        """Board analytics over the last ``30d`` (default) or ``90d``."""
        return self._t.call_operation("getAnalytics", Analytics.from_json, slug, query={"period": period})


class WebhooksAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listWebhooks")
    def list(self) -> List[Webhook]:
        """The organization's webhooks, oldest first (read-only; secrets are never returned)."""
        return self._t.call_operation("listWebhooks", webhook_list)
