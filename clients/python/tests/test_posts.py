"""client.posts against the real server."""

from __future__ import annotations

import time
import unittest
from typing import Any, Dict, List

from feedback_board import UNSET, PostStatus

from .support import (
    ACME_PROPOSE,
    ACME_READ,
    GLOBEX_WRITE,
    LiveServerTest,
    post_id,
    titles,
    two_organizations,
)

FEATURES: List[Dict[str, Any]] = [
    {
        "title": "Dark mode",
        "body": "Please add a dark theme",
        "status": "planned",
        "tags": ["UI"],
        "votes": 12,
        "created_at": "2026-11-01T09:00:00Z",
    },
    {
        "title": "Export to CSV",
        "body": "Spreadsheets are 100% needed",
        "status": "open",
        "tags": ["ui", "Data"],
        "votes": 3,
        "created_at": "2026-11-02T09:00:00Z",
    },
    {
        "title": "Single sign-on",
        "status": "shipped",
        "shipped_at": "2026-10-15T12:00:00Z",
        "votes": 30,
        "created_at": "2026-10-01T09:00:00Z",
    },
    {
        "title": "Secret roadmap item",
        "status": "planned",
        "hidden": True,
        "votes": 50,
        "created_at": "2026-11-03T09:00:00Z",
    },
    {"title": "Offline mode", "status": "declined", "votes": 7, "created_at": "2026-11-04T09:00:00Z"},
    {
        "title": "Mobile app",
        "body": "an under_score",
        "status": "in_progress",
        "pinned": True,
        "votes": 5,
        "created_at": "2026-11-05T09:00:00Z",
    },
]
NEWEST_FIRST = ["Mobile app", "Offline mode", "Secret roadmap item", "Export to CSV", "Dark mode", "Single sign-on"]
MOST_VOTED_FIRST = ["Secret roadmap item", "Single sign-on", "Dark mode", "Offline mode", "Mobile app", "Export to CSV"]


def posts_fixture() -> Dict[str, Any]:
    return two_organizations(
        [
            {"slug": "features", "name": "Features", "published": True, "posts": FEATURES},
            {"slug": "scratch", "name": "Scratch"},
        ]
    )


class ListPostsTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return posts_fixture()

    def test_default_order_is_newest_first_with_hidden_posts_flagged(self) -> None:
        page = self.client(ACME_READ).posts.list("features")
        self.assertEqual(titles(page.posts), NEWEST_FIRST)
        self.assertEqual(page.total, 6)
        self.assertEqual([p.hidden for p in page.posts], [False, False, True, False, False, False])

    def test_sort_top_orders_by_votes(self) -> None:
        page = self.client(ACME_READ).posts.list("features", sort="top")
        self.assertEqual(titles(page.posts), MOST_VOTED_FIRST)
        self.assertEqual([p.vote_count for p in page.posts], [50, 30, 12, 7, 5, 3])
        self.assertEqual(titles(self.client().posts.list("features", sort="new").posts), NEWEST_FIRST)

    def test_post_fields(self) -> None:
        client = self.client(ACME_READ)
        dark = client.posts.get("features", post_id(client, "features", "Dark mode"))
        self.assertEqual(
            (dark.title, dark.body, dark.status, dark.vote_count, dark.pinned, dark.hidden, dark.is_admin),
            ("Dark mode", "Please add a dark theme", "planned", 12, False, False, False),
        )
        self.assertEqual((dark.voter_has_voted, dark.following, dark.shipped_at), (False, False, None))
        self.assertEqual((dark.attachments, dark.roadmap_estimate), ([], None))
        self.assertEqual([(t.name, t.slug, t.color) for t in dark.tags], [("UI", "ui", None)])
        self.assertEqual(dark.created_at[:19], "2026-11-01T09:00:00")
        sso = client.posts.get("features", post_id(client, "features", "Single sign-on"))
        self.assertEqual((sso.status, (sso.shipped_at or "")[:19]), ("shipped", "2026-10-15T12:00:00"))

    def test_tag_names_are_matched_case_insensitively(self) -> None:
        page = self.client(ACME_READ).posts.list("features", tag="ui")
        self.assertEqual(titles(page.posts), ["Export to CSV", "Dark mode"])
        self.assertEqual(titles(self.client().posts.list("features", tag="UI").posts), titles(page.posts))
        export, dark = page.posts
        self.assertEqual(export.tags[0].id, dark.tags[0].id)
        self.assertEqual(sorted(t.name for t in export.tags), ["Data", "UI"])

    def test_status_filter(self) -> None:
        page = self.client(ACME_READ).posts.list("features", status="planned")
        self.assertEqual((titles(page.posts), page.total), (["Secret roadmap item", "Dark mode"], 2))

    def test_q_is_a_literal_case_insensitive_substring(self) -> None:
        client = self.client(ACME_READ)
        self.assertEqual(titles(client.posts.list("features", q="DARK").posts), ["Dark mode"])
        self.assertEqual(titles(client.posts.list("features", q="100%").posts), ["Export to CSV"])
        self.assertEqual(titles(client.posts.list("features", q="%").posts), ["Export to CSV"])
        self.assertEqual(titles(client.posts.list("features", q="_").posts), ["Mobile app"])
        self.assertEqual(client.posts.list("features", q="").total, 6)

    def test_similar_finds_listed_posts_by_title_words_best_first(self) -> None:
        client = self.client(ACME_READ)
        found = client.posts.similar("features", "A dark theme, maybe an offline mode")
        self.assertEqual([s.post.title for s in found], ["Dark mode", "Offline mode"])
        self.assertTrue(all(0 < s.score <= 1 for s in found))
        self.assertGreaterEqual(found[0].score, found[1].score)
        self.assertEqual(found[0].post.vote_count, 12)
        self.assertEqual([s.post.title for s in client.posts.similar("features", "dark offline mode", limit=1)], ["Dark mode"])
        # The hidden post shares every word, and is never returned.
        self.assertEqual(client.posts.similar("features", "secret roadmap item"), [])

    def test_similar_refuses_a_short_text_and_a_bad_limit(self) -> None:
        client = self.client(ACME_READ)
        self.assertFails(422, "validation_error", lambda: client.posts.similar("features", "  ab "))
        self.assertFails(422, "validation_error", lambda: client.posts.similar("features", "dark", limit=21))
        self.assertFails(404, "not_found", lambda: client.posts.similar("nope", "dark mode"))

    def test_limit_and_offset_page_while_total_counts_every_match(self) -> None:
        page = self.client(ACME_READ).posts.list("features", limit=2, offset=1)
        self.assertEqual((titles(page.posts), page.total), (NEWEST_FIRST[1:3], 6))
        beyond = self.client(ACME_READ).posts.list("features", offset=10)
        self.assertEqual((beyond.posts, beyond.total), ([], 6))

    def test_iter_all_walks_every_page(self) -> None:
        client = self.client(ACME_READ)
        self.assertEqual(titles(client.posts.iter_all("features", page_size=2)), NEWEST_FIRST)
        self.assertEqual(titles(client.posts.iter_all("features", sort="top", page_size=4)), MOST_VOTED_FIRST)
        planned = client.posts.iter_all("features", status="planned", page_size=1)
        self.assertEqual(titles(planned), ["Secret roadmap item", "Dark mode"])
        self.assertEqual(list(client.posts.iter_all("features", q="no such text")), [])

    def test_out_of_range_query_values_are_validation_errors(self) -> None:
        posts = self.client(ACME_READ).posts
        for name, call in {
            "limit": lambda: posts.list("features", limit=0),
            "limit ": lambda: posts.list("features", limit=501),
            "offset": lambda: posts.list("features", offset=-1),
            "status": lambda: posts.list("features", status="bogus"),  # type: ignore[arg-type]
            "sort": lambda: posts.list("features", sort="oldest"),  # type: ignore[arg-type]
            "tag": lambda: posts.list("features", tag=""),
        }.items():
            with self.subTest(name):
                error = self.assertFails(422, "validation_error", call)
                self.assertIn(name.strip(), [d.path for d in error.details])

    def test_iter_all_surfaces_a_bad_page_size(self) -> None:
        self.assertFails(422, "validation_error", lambda: list(self.client().posts.iter_all("features", page_size=501)))

    def test_foreign_and_unknown_boards_are_not_found(self) -> None:
        self.assertFails(404, "not_found", lambda: self.client().posts.list("secret-plans"))
        self.assertFails(404, "not_found", lambda: self.client().posts.list("nowhere"))


class WritePostsTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        return posts_fixture()

    def test_create_with_defaults(self) -> None:
        post = self.client().posts.create("scratch", "  Padded title  ")
        self.assertEqual(
            (post.title, post.body, post.status, post.tags, post.pinned, post.hidden, post.is_admin),
            ("Padded title", "", "open", [], False, False, True),
        )
        self.assertEqual((post.vote_count, post.voter_has_voted, post.following, post.shipped_at), (0, False, False, None))
        self.assertEqual((post.queue_rank, post.implementation_evidence, post.claim, post.proposal), (None, [], None, None))
        self.assertEqual(self.client(ACME_READ).posts.get("scratch", post.id), post)

    def test_create_with_every_field(self) -> None:
        post = self.client().posts.create(
            "scratch", "Full", body="Body text", status="planned", tags=["Backend", "backend", "API"], pinned=True
        )
        self.assertEqual((post.body, post.status, post.pinned), ("Body text", "planned", True))
        self.assertEqual(sorted((t.name, t.slug) for t in post.tags), [("API", "api"), ("Backend", "backend")])

    def test_a_tag_keeps_its_first_spelling(self) -> None:
        first = self.client().posts.create("scratch", "First", tags=["Perf"])
        second = self.client().posts.create("scratch", "Second", tags=["PERF"])
        self.assertEqual(second.tags, first.tags)
        self.assertEqual((second.tags[0].name, second.tags[0].slug), ("Perf", "perf"))

    def test_creating_a_shipped_post_sets_shipped_at(self) -> None:
        post = self.client().posts.create("scratch", "Already done", status="shipped")
        self.assertIsNotNone(post.shipped_at)

    def test_propose_keys_create_only_open_posts(self) -> None:
        propose = self.client(ACME_PROPOSE).posts
        self.assertEqual(propose.create("scratch", "From an agent").status, "open")
        self.assertEqual(propose.create("scratch", "Explicitly open", status="open").status, "open")
        self.assertFails(403, "insufficient_scope", lambda: propose.create("scratch", "Planned", status="planned"))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).posts.create("scratch", "Read"))

    def test_invalid_posts_are_validation_errors(self) -> None:
        posts = self.client().posts
        error = self.assertFails(422, "validation_error", lambda: posts.create("scratch", "   "))
        self.assertIn("title", [d.path for d in error.details])
        self.assertFails(422, "validation_error", lambda: posts.create("scratch", "x" * 201))
        self.assertFails(422, "validation_error", lambda: posts.create("scratch", "Lone \ud800 surrogate"))
        self.assertFails(422, "validation_error", lambda: posts.create("scratch", "T", tags=["x" * 41]))

    def test_a_body_over_one_mebibyte_is_payload_too_large(self) -> None:
        huge = "x" * (1024 * 1024 + 1)
        self.assertFails(413, "payload_too_large", lambda: self.client().posts.create("scratch", "Huge", body=huge))

    def test_posts_of_other_boards_and_organizations_are_not_found(self) -> None:
        client = self.client()
        dark = post_id(client, "features", "Dark mode")
        foreign = post_id(self.client(GLOBEX_WRITE), "secret-plans", "Globex idea")
        self.assertFails(404, "not_found", lambda: client.posts.get("scratch", dark))
        self.assertFails(404, "not_found", lambda: client.posts.get("features", foreign))
        self.assertFails(404, "not_found", lambda: client.posts.update("features", foreign, title="Mine"))
        self.assertFails(404, "not_found", lambda: client.posts.delete("features", foreign))
        self.assertFails(404, "not_found", lambda: client.posts.get("features", 999999))
        self.assertEqual(self.client(GLOBEX_WRITE).posts.get("secret-plans", foreign).title, "Globex idea")

    def test_queue_rank_absent_is_unchanged_and_none_unranks(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Ranked", body="keep me")
        self.assertEqual(posts.update("scratch", post.id, queue_rank=3).queue_rank, 3)
        renamed = posts.update("scratch", post.id, title="Renamed", queue_rank=UNSET)
        self.assertEqual((renamed.title, renamed.body, renamed.queue_rank), ("Renamed", "keep me", 3))
        self.assertIsNone(posts.update("scratch", post.id, queue_rank=None).queue_rank)
        self.assertIsNone(posts.get("scratch", post.id).queue_rank)
        self.assertEqual(posts.get("scratch", post.id).title, "Renamed")

    def test_status_changes_set_and_clear_shipped_at(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Ship it")
        shipped = posts.update("scratch", post.id, status="shipped", notify_voters=True)
        self.assertIsNotNone(shipped.shipped_at)
        again = posts.update("scratch", post.id, status="shipped")
        self.assertEqual(again.shipped_at, shipped.shipped_at)
        statuses: List[PostStatus] = ["planned", "declined", "in_progress", "open"]
        for status in statuses:
            updated = posts.update("scratch", post.id, status=status)
            self.assertEqual((updated.status, updated.shipped_at), (status, None))

    def test_update_replaces_tags_and_toggles_pinned(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Retag", tags=["Old"])
        updated = posts.update("scratch", post.id, tags=["New", "Other"], pinned=True)
        self.assertEqual(sorted(t.name for t in updated.tags), ["New", "Other"])
        self.assertTrue(updated.pinned)
        self.assertEqual(posts.update("scratch", post.id, tags=[]).tags, [])

    def test_evidence_replacement_keeps_added_at_of_unchanged_entries(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "With evidence")
        first = posts.update(
            "scratch", post.id, implementation_evidence=[{"kind": "url", "ref": "https://a.example/spec", "label": "Spec"}]
        )
        kept = first.implementation_evidence[0]
        self.assertEqual((kept.kind, kept.ref, kept.label), ("url", "https://a.example/spec", "Spec"))
        time.sleep(0.01)
        second = posts.update(
            "scratch", post.id, implementation_evidence=[kept, {"kind": "commit", "ref": "abc123"}]
        )
        self.assertEqual(second.implementation_evidence[0], kept)
        self.assertEqual(
            [(e.kind, e.ref, e.label) for e in second.implementation_evidence],
            [("url", "https://a.example/spec", "Spec"), ("commit", "abc123", "")],
        )
        self.assertEqual(posts.update("scratch", post.id, implementation_evidence=[]).implementation_evidence, [])

    def test_empty_update_is_a_no_op(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Untouched", tags=["T"])
        self.assertEqual(posts.update("scratch", post.id), post)

    def test_invalid_updates_are_validation_errors(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Strict")
        error = self.assertFails(422, "validation_error", lambda: posts.update("scratch", post.id, queue_rank=-1))
        self.assertIn("queue_rank", [d.path for d in error.details])
        self.assertFails(422, "validation_error", lambda: posts.update("scratch", post.id, title=""))
        self.assertFails(
            422,
            "validation_error",
            lambda: posts.update("scratch", post.id, implementation_evidence=[{"kind": "pr", "ref": "not a url"}]),
        )

    def test_propose_keys_never_change_posts(self) -> None:
        post = self.client().posts.create("scratch", "Guarded")
        propose = self.client(ACME_PROPOSE).posts
        self.assertFails(403, "insufficient_scope", lambda: propose.update("scratch", post.id, status="shipped"))
        self.assertFails(403, "insufficient_scope", lambda: propose.update("scratch", post.id, title="T", status="planned"))
        self.assertFails(403, "insufficient_scope", lambda: propose.delete("scratch", post.id))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).posts.update("scratch", post.id))
        self.assertEqual(self.client().posts.get("scratch", post.id), post)

    def test_delete_removes_the_post_once(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Doomed")
        posts.delete("scratch", post.id)
        self.assertFails(404, "not_found", lambda: posts.get("scratch", post.id))
        self.assertFails(404, "not_found", lambda: posts.delete("scratch", post.id))

    def test_merge_moves_the_duplicate_into_the_target_and_answers_404_naming_it(self) -> None:
        posts = self.client().posts
        source = posts.create("scratch", "Merge me")
        target = posts.create("scratch", "Keep me")
        merged = posts.merge("scratch", source.id, target.id)
        self.assertEqual((merged.id, merged.title), (target.id, "Keep me"))
        error = self.assertFails(404, "not_found", lambda: posts.get("scratch", source.id))
        self.assertEqual(error.message, f"Post {source.id} was merged into post {target.id}.")

    def test_merge_refuses_itself_a_merged_post_and_a_read_key(self) -> None:
        posts = self.client().posts
        post = posts.create("scratch", "Alone")
        self.assertFails(422, "validation_error", lambda: posts.merge("scratch", post.id, post.id))
        self.assertFails(404, "not_found", lambda: posts.merge("scratch", post.id, 999999))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).posts.merge("scratch", post.id, 1))
        self.assertEqual(posts.get("scratch", post.id).title, "Alone")


if __name__ == "__main__":
    unittest.main()
