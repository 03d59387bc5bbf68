"""``client.roadmap``, ``client.changelog``, ``client.stats`` and ``client.webhooks``."""

from __future__ import annotations

from typing import Iterator, List, Optional

from .models import Post, PostList, Webhook, webhook_list
from .posts import walk_pages
from .statistics import Analytics, AnalyticsPeriod, ShipStats, ShipStatsPeriod
from .transport import Transport, operation


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


class ChangelogAPI(_PagedPostsAPI):
    """Visible shipped posts, most recently shipped first."""

    _operation = "getChangelog"

    @operation("getChangelog")
    def list(self, slug: str, limit: Optional[int] = None, offset: Optional[int] = None) -> PostList:
        """One page (``limit`` 1..500, default 100; ``offset`` >= 0)."""
        return super().list(slug, limit, offset)


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
