"""Ship statistics and board analytics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, cast

from ._fields import Fields
from .models import PostStatus

ShipStatsPeriod = Literal["month", "week"]
AnalyticsPeriod = Literal["30d", "90d"]


@dataclass(frozen=True)
class ShippedPost:
    id: int
    title: str
    vote_count: int
    shipped_at: str


@dataclass(frozen=True)
class ShipStats:
    """Posts shipped in the current calendar month or ISO week (UTC), newest first."""

    period: ShipStatsPeriod
    period_label: str
    shipped_count: int
    voter_count: int
    posts: List[ShippedPost]

    @classmethod
    def from_json(cls, value: object) -> ShipStats:
        f = Fields(value, "ship stats")
        return cls(
            period=cast(ShipStatsPeriod, f.text("period")),
            period_label=f.text("period_label"),
            shipped_count=f.integer("shipped_count"),
            voter_count=f.integer("voter_count"),
            posts=[
                ShippedPost(
                    id=p.integer("id"),
                    title=p.text("title"),
                    vote_count=p.integer("vote_count"),
                    shipped_at=p.text("shipped_at"),
                )
                for p in f.objects("posts")
            ],
        )


@dataclass(frozen=True)
class AnalyticsTotals:
    """Posts created, votes cast, comments written and distinct voters in the window."""

    posts: int
    votes: int
    comments: int
    voters: int


@dataclass(frozen=True)
class StatusBreakdown:
    """Current status of every non-hidden post of the board."""

    open: int
    planned: int
    in_progress: int
    shipped: int
    declined: int


@dataclass(frozen=True)
class DailyPostCount:
    date: str
    post_count: int


@dataclass(frozen=True)
class DailyVoteCount:
    date: str
    vote_count: int


@dataclass(frozen=True)
class TopRequest:
    id: int
    title: str
    status: PostStatus
    vote_count: int
    comment_count: int
    created_at: str
    shipped_at: Optional[str]


@dataclass(frozen=True)
class ShipVelocity:
    shipped_total: int
    shipped_per_week: float
    shipped_per_month: float


@dataclass(frozen=True)
class Engagement:
    comments_per_post: float
    posts_with_votes_percent: float


@dataclass(frozen=True)
class Analytics:
    """Board analytics over the last 30 or 90 days; daily series hold one entry per UTC day."""

    period: AnalyticsPeriod
    totals: AnalyticsTotals
    status_breakdown: StatusBreakdown
    posts_over_time: List[DailyPostCount]
    votes_over_time: List[DailyVoteCount]
    top_requests: List[TopRequest]
    ship_velocity: ShipVelocity
    engagement: Engagement

    @classmethod
    def from_json(cls, value: object) -> Analytics:
        f = Fields(value, "analytics")
        totals = f.nested("totals")
        status = f.nested("status_breakdown")
        velocity = f.nested("ship_velocity")
        engagement = f.nested("engagement")
        return cls(
            period=cast(AnalyticsPeriod, f.text("period")),
            totals=AnalyticsTotals(
                posts=totals.integer("posts"),
                votes=totals.integer("votes"),
                comments=totals.integer("comments"),
                voters=totals.integer("voters"),
            ),
            status_breakdown=StatusBreakdown(
                open=status.integer("open"),
                planned=status.integer("planned"),
                in_progress=status.integer("in_progress"),
                shipped=status.integer("shipped"),
                declined=status.integer("declined"),
            ),
            posts_over_time=[
                DailyPostCount(date=d.text("date"), post_count=d.integer("post_count"))
                for d in f.objects("posts_over_time")
            ],
            votes_over_time=[
                DailyVoteCount(date=d.text("date"), vote_count=d.integer("vote_count"))
                for d in f.objects("votes_over_time")
            ],
            top_requests=[
                TopRequest(
                    id=t.integer("id"),
                    title=t.text("title"),
                    status=cast(PostStatus, t.text("status")),
                    vote_count=t.integer("vote_count"),
                    comment_count=t.integer("comment_count"),
                    created_at=t.text("created_at"),
                    shipped_at=t.opt_text("shipped_at"),
                )
                for t in f.objects("top_requests")
            ],
            ship_velocity=ShipVelocity(
                shipped_total=velocity.integer("shipped_total"),
                shipped_per_week=velocity.number("shipped_per_week"),
                shipped_per_month=velocity.number("shipped_per_month"),
            ),
            engagement=Engagement(
                comments_per_post=engagement.number("comments_per_post"),
                posts_with_votes_percent=engagement.number("posts_with_votes_percent"),
            ),
        )
