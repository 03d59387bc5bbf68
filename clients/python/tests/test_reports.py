"""client.roadmap, client.changelog, client.stats and client.webhooks against the real server."""

from __future__ import annotations

import unittest
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, List

from .support import ACME_READ, ACME_WRITE, GLOBEX_WRITE, LiveServerTest, titles, two_organizations

NOW = datetime.now(timezone.utc).replace(microsecond=0)


def ago(**delta: float) -> str:
    return (NOW - timedelta(**delta)).strftime("%Y-%m-%dT%H:%M:%SZ")


def day(days_ago: int) -> str:
    return (NOW - timedelta(days=days_ago)).strftime("%Y-%m-%d")


ROADMAP_POSTS = [
    {"title": "Shipped popular", "status": "shipped", "votes": 40, "shipped_at": "2026-01-10T00:00:00Z"},
    {"title": "Planned few", "status": "planned", "votes": 2},
    {"title": "Open one", "status": "open", "votes": 1},
    {"title": "In progress", "status": "in_progress", "votes": 9},
    {"title": "Planned many", "status": "planned", "votes": 8},
    {"title": "Planned hidden", "status": "planned", "votes": 99, "hidden": True},
    {"title": "Declined", "status": "declined", "votes": 50},
]
ROADMAP_ORDER = ["Open one", "Planned many", "Planned few", "In progress", "Shipped popular"]

RELEASE_POSTS = [
    {"title": "September release", "status": "shipped", "shipped_at": "2026-09-01T00:00:00Z"},
    {"title": "October release", "status": "shipped", "shipped_at": "2026-10-01T00:00:00Z"},
    {"title": "August release", "status": "shipped", "shipped_at": "2026-08-01T00:00:00Z"},
    {"title": "Hidden release", "status": "shipped", "shipped_at": "2026-10-05T00:00:00Z", "hidden": True},
    {"title": "Not shipped", "status": "open"},
]
CHANGELOG_ORDER = ["October release", "September release", "August release"]

# Shipped a minute ago and two minutes ago, so inside the current month and week.
LAUNCH_POSTS = [
    {
        "title": "Launch A",
        "status": "shipped",
        "shipped_at": ago(minutes=1),
        "votes": [{"voter": "ann@example.com"}, {"voter": "bob@example.com"}],
    },
    {
        "title": "Launch B",
        "status": "shipped",
        "shipped_at": ago(minutes=2),
        "votes": [{"voter": "bob@example.com"}, {"voter": "cy@example.com"}],
    },
    {"title": "Old launch", "status": "shipped", "shipped_at": "2020-01-01T00:00:00Z", "votes": 5},
    {"title": "Hidden launch", "status": "shipped", "shipped_at": ago(minutes=1), "hidden": True, "votes": 3},
]


def vote(voter: str, **delta: float) -> Dict[str, str]:
    return {"voter": voter, "created_at": ago(**delta)}


INSIGHT_POSTS = [
    {
        "title": "Fast search",
        "status": "planned",
        "created_at": ago(days=50),
        "votes": [vote("ann@example.com", days=45), vote("bob@example.com", days=10), vote("cy@example.com", days=1)],
        "comments": [{"body": "+1", "created_at": ago(days=5)}, {"body": "+2", "created_at": ago(days=5)}],
    },
    {
        "title": "Bulk edit",
        "status": "open",
        "created_at": ago(days=3),
        "votes": [vote("ann@example.com", days=2)],
        "comments": [{"body": "Useful", "created_at": ago(days=1)}],
    },
    {"title": "Webhooks v2", "status": "shipped", "created_at": ago(days=20), "shipped_at": ago(days=5)},
    {
        "title": "Hidden thing",
        "status": "open",
        "hidden": True,
        "created_at": ago(days=1),
        "votes": [vote("dee@example.com", hours=1)],
    },
    {"title": "Declined idea", "status": "declined", "created_at": ago(days=100)},
]


class ReportsTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return two_organizations(
            [
                {"slug": "roadmap", "name": "Roadmap", "posts": ROADMAP_POSTS},
                {"slug": "releases", "name": "Releases", "posts": RELEASE_POSTS},
                {"slug": "launches", "name": "Launches", "posts": LAUNCH_POSTS},
                {"slug": "insights", "name": "Insights", "posts": INSIGHT_POSTS},
            ]
        )

    def test_roadmap_orders_by_status_then_votes(self) -> None:
        page = self.client(ACME_READ).roadmap.list("roadmap")
        self.assertEqual((titles(page.posts), page.total), (ROADMAP_ORDER, 5))
        self.assertFalse(any(p.hidden for p in page.posts))

    def test_roadmap_pages(self) -> None:
        roadmap = self.client(ACME_READ).roadmap
        page = roadmap.list("roadmap", limit=2, offset=1)
        self.assertEqual((titles(page.posts), page.total), (ROADMAP_ORDER[1:3], 5))
        self.assertEqual(titles(roadmap.iter_all("roadmap", page_size=2)), ROADMAP_ORDER)
        self.assertFails(422, "validation_error", lambda: roadmap.list("roadmap", limit=501))
        self.assertFails(422, "validation_error", lambda: roadmap.list("roadmap", offset=-1))
        self.assertFails(404, "not_found", lambda: roadmap.list("secret-plans"))

    def test_changelog_lists_visible_shipped_posts_newest_first(self) -> None:
        changelog = self.client(ACME_READ).changelog
        page = changelog.list("releases")
        self.assertEqual((titles(page.posts), page.total), (CHANGELOG_ORDER, 3))
        self.assertEqual(titles(changelog.list("releases", limit=1, offset=2).posts), CHANGELOG_ORDER[2:])
        self.assertEqual(titles(changelog.iter_all("releases", page_size=1)), CHANGELOG_ORDER)
        self.assertFails(422, "validation_error", lambda: changelog.list("releases", limit=0))
        self.assertFails(404, "not_found", lambda: changelog.list("secret-plans"))

    def test_changelog_entries_are_written_scheduled_and_listed_to_each_scope(self) -> None:
        writer = self.client(ACME_WRITE).changelog
        ids = [p.id for p in self.client(ACME_READ).changelog.list("releases").posts]
        entry = writer.create_entry("releases", "  October  ", "The **October** release.", post_ids=ids[:2])
        self.assertEqual((entry.title, entry.state, entry.post_ids, entry.publish_at), ("October", "published", ids[:2], None))
        later = (NOW + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%S+02:00")
        scheduled = writer.create_entry("releases", "Next", "Soon.", publish_at=later)
        self.assertEqual((scheduled.state, scheduled.published_at), ("scheduled", None))
        self.assertEqual(self.client(ACME_READ).changelog.entries("releases").entries, [entry])
        self.assertEqual([e.id for e in writer.entries("releases").entries], [scheduled.id, entry.id])
        self.assertEqual(writer.entries("releases", state="scheduled").entries, [scheduled])
        self.assertFails(422, "validation_error", lambda: writer.create_entry("releases", "x", "y", post_ids=[999_999]))
        self.assertFails(422, "validation_error", lambda: writer.create_entry("releases", "x", "y", publish_at="tomorrow"))
        self.assertFails(422, "validation_error", lambda: self.client(GLOBEX_WRITE).changelog.create_entry("features", "x", "y", post_ids=ids[:1]))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).changelog.create_entry("releases", "x", "y"))
        self.assertEqual(writer.entries("releases").total, 2)

    def test_changelog_entries_are_edited_published_early_and_deleted(self) -> None:
        writer = self.client(ACME_WRITE).changelog
        later = (NOW + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%S+02:00")
        scheduled = writer.create_entry("releases", "Draft", "Soon.", publish_at=later)
        edited = writer.update_entry("releases", scheduled.id, title="  December  ")
        self.assertEqual((edited.title, edited.body, edited.state), ("December", "Soon.", "scheduled"))
        published = writer.update_entry("releases", scheduled.id, publish_at=None)
        self.assertEqual(published.state, "published")
        self.assertFails(422, "validation_error", lambda: writer.update_entry("releases", scheduled.id, publish_at=later))
        self.assertFails(422, "validation_error", lambda: writer.update_entry("releases", scheduled.id, post_ids=[999_999]))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).changelog.delete_entry("releases", scheduled.id))
        self.assertFails(404, "not_found", lambda: self.client(GLOBEX_WRITE).changelog.delete_entry("releases", scheduled.id))
        self.assertIsNone(writer.delete_entry("releases", scheduled.id))
        self.assertFails(404, "not_found", lambda: writer.delete_entry("releases", scheduled.id))
        self.assertNotIn(scheduled.id, [e.id for e in writer.entries("releases").entries])

    def test_ship_stats_of_the_current_month(self) -> None:
        stats = self.client(ACME_READ).stats.ship_stats("launches")
        self.assertEqual((stats.period, stats.period_label), ("month", NOW.strftime("%B %Y")))
        self.assertEqual((stats.shipped_count, stats.voter_count), (2, 3))
        self.assertEqual([(p.title, p.vote_count) for p in stats.posts], [("Launch A", 2), ("Launch B", 2)])
        self.assertTrue(all(p.shipped_at for p in stats.posts))
        self.assertEqual(self.client().stats.ship_stats("launches", period="month"), stats)

    def test_ship_stats_of_the_current_week(self) -> None:
        stats = self.client(ACME_READ).stats.ship_stats("launches", period="week")
        monday = (NOW - timedelta(days=NOW.weekday())).strftime("%Y-%m-%d")
        self.assertEqual((stats.period, stats.period_label), ("week", f"Week of {monday}"))
        self.assertEqual(titles(stats.posts), ["Launch A", "Launch B"])

    def test_ship_stats_validation(self) -> None:
        stats = self.client(ACME_READ).stats
        error = self.assertFails(422, "validation_error", lambda: stats.ship_stats("launches", period="year"))  # type: ignore[arg-type]
        self.assertIn("period", [d.path for d in error.details])
        self.assertFails(404, "not_found", lambda: stats.ship_stats("secret-plans"))

    def test_analytics_of_the_last_30_days(self) -> None:
        report = self.client(ACME_READ).stats.analytics("insights")
        self.assertEqual(report.period, "30d")
        t = report.totals
        self.assertEqual((t.posts, t.votes, t.comments, t.voters), (2, 3, 3, 3))
        s = report.status_breakdown
        self.assertEqual((s.open, s.planned, s.in_progress, s.shipped, s.declined), (1, 1, 0, 1, 1))
        self.assertEqual(len(report.posts_over_time), 30)
        self.assertEqual(report.posts_over_time[-1].date, day(0))
        self.assertEqual(report.posts_over_time[0].date, day(29))
        self.assertEqual(self.nonzero_posts(report.posts_over_time), {day(3): 1, day(20): 1})
        self.assertEqual(len(report.votes_over_time), 30)
        self.assertEqual(self.nonzero_votes(report.votes_over_time), {day(10): 1, day(2): 1, day(1): 1})
        self.assertEqual(
            [(r.title, r.status, r.vote_count, r.comment_count, r.shipped_at) for r in report.top_requests],
            [("Fast search", "planned", 3, 2, None), ("Bulk edit", "open", 1, 1, None)],
        )
        v = report.ship_velocity
        self.assertEqual((v.shipped_total, v.shipped_per_week, v.shipped_per_month), (1, 0.23, 1.0))
        e = report.engagement
        self.assertEqual((e.comments_per_post, e.posts_with_votes_percent), (0.5, 50.0))

    def test_analytics_of_the_last_90_days(self) -> None:
        report = self.client(ACME_READ).stats.analytics("insights", period="90d")
        self.assertEqual(report.period, "90d")
        t = report.totals
        self.assertEqual((t.posts, t.votes, t.comments, t.voters), (3, 4, 3, 3))
        self.assertEqual((len(report.posts_over_time), len(report.votes_over_time)), (90, 90))
        v = report.ship_velocity
        self.assertEqual((v.shipped_total, v.shipped_per_week, v.shipped_per_month), (1, 0.08, 0.33))
        e = report.engagement
        self.assertEqual((e.comments_per_post, e.posts_with_votes_percent), (1.0, 66.7))

    def test_analytics_validation(self) -> None:
        stats = self.client(ACME_READ).stats
        self.assertFails(422, "validation_error", lambda: stats.analytics("insights", period="7d"))  # type: ignore[arg-type]
        self.assertFails(404, "not_found", lambda: stats.analytics("secret-plans"))

    def test_webhooks_of_the_own_organization_only(self) -> None:
        hooks = self.client(ACME_READ).webhooks.list()
        self.assertEqual(
            [(h.url, h.description, h.events, h.active) for h in hooks],
            [("https://hooks.acme.example/feedback", "Acme CI", ["post.created", "post.status_changed"], True)],
        )
        self.assertFalse(hasattr(hooks[0], "secret"))
        globex = self.client(GLOBEX_WRITE).webhooks.list()
        self.assertEqual([(h.url, h.description, h.active) for h in globex], [("https://hooks.globex.example/fb", "", False)])

    @staticmethod
    def nonzero_posts(series: List[Any]) -> Dict[str, int]:
        return {point.date: point.post_count for point in series if point.post_count}

    @staticmethod
    def nonzero_votes(series: List[Any]) -> Dict[str, int]:
        return {point.date: point.vote_count for point in series if point.vote_count}


if __name__ == "__main__":
    unittest.main()
