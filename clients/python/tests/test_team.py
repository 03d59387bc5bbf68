"""The team's own operations with a ``team`` key: against the real server (moderation's lists and
refusals, blocking voters, undoing a merge, the mail settings, a post's activity), and the held
posts' answers through a stub, which the real server cannot be given without a voter's browser."""

from __future__ import annotations

import unittest
from typing import Any, Dict

from feedback_board import Field, HeldPost, VoterBlock

from .support import ACME_READ, ACME_WRITE, GLOBEX_WRITE, LiveServerTest, Stub, keys, post_id, reply, two_organizations

ACME_TEAM = "acme-team-0123456789abcdef"

HELD = {
    "id": 4,
    "board_id": 1,
    "voter_id": 2,
    "title": "Offline mode",
    "body": "",
    "tags": [{"id": 1, "name": "UI", "slug": "ui", "color": None}],
    "created_at": "2026-11-21T09:30:00.000Z",
    "approval": "rejected",
    "reason": "Spam",
    "decided_at": "2026-11-21T10:00:00.000Z",
    "decided_by": None,
    "post_id": None,
}


class TeamTest(LiveServerTest):
    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        posts = [
            {"title": "Dark mode", "status": "planned", "votes": [{"voter": "ann@example.com"}]},
            {"title": "Dark theme please"},
        ]
        acme_keys = keys((ACME_READ, "read"), (ACME_WRITE, "write"), (ACME_TEAM, "team"))
        return two_organizations([{"slug": "features", "name": "Features", "published": True, "posts": posts}], acme_keys)

    def test_moderation_lists_held_posts_and_refuses_unknown_ones_and_weaker_keys(self) -> None:
        team = self.client(ACME_TEAM)
        waiting = team.moderation.list()
        self.assertEqual((waiting.held_posts, waiting.total), ([], 0))
        self.assertEqual(list(team.moderation.iter_all("rejected")), [])
        self.assertFails(422, "validation_error", lambda: team.moderation.list(limit=0))
        for call in (lambda: team.moderation.get(99), lambda: team.moderation.approve(99), lambda: team.moderation.reject(99, "no")):
            self.assertFails(404, "not_found", call)
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).moderation.list())

    def test_voters_are_blocked_and_unblocked_once_each(self) -> None:
        team = self.client(ACME_TEAM)
        # The fixture's first voter (ann, who voted for Dark mode) is voter 1.
        blocked = team.voters.block(1)
        self.assertEqual((blocked.voter_id, blocked.changed), (1, True))
        self.assertEqual(team.voters.block(1), VoterBlock(voter_id=1, blocked_at=blocked.blocked_at, changed=False))
        self.assertEqual(team.voters.unblock(1), VoterBlock(voter_id=1, blocked_at=None, changed=True))
        self.assertFalse(team.voters.unblock(1).changed)
        self.assertFails(404, "not_found", lambda: team.voters.block(999))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).voters.block(1))

    def test_a_merge_is_undone_and_logged(self) -> None:
        team = self.client(ACME_TEAM)
        dark, theme = post_id(team, "features", "Dark mode"), post_id(team, "features", "Dark theme please")
        team.posts.merge("features", theme, dark)
        restored = team.posts.unmerge("features", theme)
        self.assertEqual((restored.id, restored.hidden), (theme, False))
        self.assertFails(422, "validation_error", lambda: team.posts.unmerge("features", theme))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).posts.unmerge("features", theme))
        log = list(self.client(ACME_READ).activity.iter_all("features", theme, page_size=1))
        self.assertEqual([entry.kind for entry in log], ["unmerged", "merged_into"])
        self.assertEqual(log[0].detail, {"other_post_id": dark})
        self.assertEqual((log[0].actor.kind, log[0].actor.label), ("api_key", "team"))
        self.assertFails(404, "not_found", lambda: self.client(GLOBEX_WRITE).activity.list("features", theme))

    def test_a_deleted_post_is_listed_and_restored_once(self) -> None:
        team, write = self.client(ACME_TEAM), self.client(ACME_WRITE)
        theme = write.posts.create("features", "Offline mode").id
        before = write.posts.get("features", theme)
        write.posts.delete("features", theme)
        page = team.posts.list_deleted(board="features")
        self.assertEqual([(p.id, p.title, p.deleted_by.kind) for p in page.deleted_posts], [(theme, "Offline mode", "api_key")])
        self.assertEqual(page.total, 1)
        self.assertFails(403, "insufficient_scope", lambda: write.posts.list_deleted())
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).posts.restore("features", theme))
        self.assertFails(404, "not_found", lambda: self.client(GLOBEX_WRITE).posts.restore("features", theme))
        self.assertEqual(write.posts.restore("features", theme), before)
        self.assertFails(404, "not_found", lambda: write.posts.restore("features", theme))
        self.assertEqual(team.posts.list_deleted().total, 0)

    def test_a_post_is_linked_through_a_connection_and_its_links_listed(self) -> None:
        team = self.client(ACME_TEAM)
        connection = team.integrations.create_connection("github", target="acme/app", token="ghp_x")
        dark = post_id(team, "features", "Dark mode")
        writer = self.client(ACME_WRITE)
        call = writer.posts.link("features", dark, connection.id, create=True)
        self.assertEqual((call.purpose, call.status, call.post_id, call.attempts), ("create_issue", "pending", dark, 0))
        # The issue is created by the dispatcher; until it answers, the post has no link.
        self.assertEqual(writer.posts.links("features", dark), [])
        self.assertEqual(writer.posts.get("features", dark).links, [])
        self.assertFails(422, "validation_error", lambda: writer.posts.link("features", dark, connection.id, url="https://example.com/x"))
        # A title and text of the team's own for the issue; a linked issue keeps its own.
        drafted = writer.posts.link("features", dark, connection.id, create=True, title="Dark mode, everywhere", text="Asked by 12 teams")
        self.assertEqual((drafted.purpose, drafted.status), ("create_issue", "pending"))
        self.assertFails(422, "validation_error", lambda: writer.posts.link("features", dark, connection.id, url="#7", title="Renamed"))
        self.assertFails(404, "not_found", lambda: writer.posts.link("features", dark, 999, create=True))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_READ).posts.link("features", dark, connection.id, create=True))
        with self.assertRaises(TypeError):
            writer.posts.link("features", dark, connection.id)

    def test_a_connection_is_tested_and_the_answer_recorded(self) -> None:
        team = self.client(ACME_TEAM)
        # On a host that never resolves: the test reports the failure and calls no one.
        connection = team.integrations.create_connection("github", base_url="https://github.invalid/api/v3", target="acme/app", token="ghp_x")
        tested = team.integrations.test(connection.id)
        self.assertEqual((tested.ok, tested.status, tested.call.purpose, tested.call.status), (False, None, "test_connection", "failed"))
        self.assertTrue(tested.message.startswith("network error"), tested.message)
        self.assertFails(404, "not_found", lambda: team.integrations.test(999))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).integrations.test(connection.id))

    def test_a_chat_target_is_made_listed_masked_and_deactivated(self) -> None:
        team = self.client(ACME_TEAM)
        url = "https://hooks.slack.com/services/T000/B000/SecretTokenWXYZ"
        made = team.chat.create("features", "slack", url, ["post.created", "comment.created"])
        self.assertEqual((made.platform, made.masked_url, made.events, made.active), ("slack", "https://hooks.slack.com/…WXYZ", ["post.created", "comment.created"], True))
        self.assertEqual(team.chat.list("features"), [made])
        self.assertFalse(team.chat.deactivate("features", made.id).active)
        self.assertFails(422, "validation_error", lambda: team.chat.create("features", "slack", "https://discord.com/api/webhooks/1/t", ["post.created"]))
        self.assertFails(404, "not_found", lambda: team.chat.deactivate("features", 999))
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).chat.list("features"))

    def test_mail_settings_change_only_the_kinds_given(self) -> None:
        team = self.client(ACME_TEAM)
        settings = team.mail.settings()
        self.assertEqual((settings.status, settings.team_comment, settings.reply, settings.changelog), (True, True, True, True))
        changed = team.mail.update_settings(reply=False, changelog=False)
        self.assertEqual((changed.status, changed.team_comment, changed.reply, changed.changelog), (True, True, False, False))
        self.assertEqual(team.mail.settings(), changed)
        self.assertFails(403, "insufficient_scope", lambda: self.client(ACME_WRITE).mail.update_settings(status=False))

    def test_statuses_are_added_shown_on_posts_filtered_and_removed(self) -> None:
        team = self.client(ACME_TEAM)
        defaults = team.statuses.list()
        self.assertEqual([(s.category, s.is_default) for s in defaults][:5], [(c, True) for c in ("open", "planned", "in_progress", "shipped", "declined")])
        review = team.statuses.create("Under review", "#6B21A8", "open")
        self.assertEqual((review.name, review.color, review.category, review.is_default), ("Under review", "#6b21a8", "open", False))
        writer = self.client(ACME_WRITE)
        dark = post_id(writer, "features", "Dark mode")
        labelled = writer.posts.update("features", dark, status_label_id=review.id)
        self.assertEqual((labelled.status, labelled.status_label.id, labelled.status_label.name), ("open", review.id, "Under review"))
        self.assertEqual([p.id for p in writer.posts.list("features", status_label=review.id).posts], [dark])
        self.assertEqual(team.statuses.update(review.id, name="In review").name, "In review")
        self.assertFails(422, "validation_error", lambda: team.statuses.create("in REVIEW", "#000000", "open"))
        self.assertFails(422, "validation_error", lambda: team.statuses.delete(defaults[0].id))
        self.assertFails(403, "insufficient_scope", lambda: writer.statuses.delete(review.id))
        team.statuses.delete(review.id)
        self.assertEqual(writer.posts.get("features", dark).status_label.id, defaults[0].id)

    def test_fields_are_declared_given_values_filtered_and_removed(self) -> None:
        team = self.client(ACME_TEAM)
        writer = self.client(ACME_WRITE)
        form = [Field("plan", "Plan", "choice", ["Free", "Pro"], True), Field("seats", "Seats", "number", [], False)]
        self.assertEqual(team.fields.update("features", form), form)
        self.assertEqual(writer.fields.list("features"), form)
        self.assertFails(403, "insufficient_scope", lambda: writer.fields.update("features", []))
        made = writer.posts.create("features", "Per-seat billing", fields={"plan": "Pro", "seats": 12})
        self.assertEqual(made.fields, {"plan": "Pro", "seats": 12})
        self.assertFails(422, "validation_error", lambda: writer.posts.create("features", "No plan"))
        self.assertFails(422, "validation_error", lambda: writer.posts.create("features", "Bad", fields={"plan": "Gold"}))
        self.assertEqual(writer.posts.update("features", made.id, fields={"seats": None}).fields, {"plan": "Pro"})
        self.assertEqual([p.id for p in writer.posts.list("features", field="plan:Pro").posts], [made.id])
        team.fields.update("features", form[1:])
        self.assertEqual(writer.posts.get("features", made.id).fields, {})


class HeldPostAnswersTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub(reply(200, HELD))
        self.client = self.stub.client("team-key")

    def tearDown(self) -> None:
        self.stub.stop()

    def test_a_rejection_sends_the_reason_and_reads_the_held_post(self) -> None:
        held = self.client.moderation.reject(4, "Spam")
        self.assertEqual((self.stub.requests[-1].method, self.stub.requests[-1].path, self.stub.requests[-1].json()), ("POST", "/api/v1/held-posts/4/reject", {"reason": "Spam"}))
        self.assertEqual(held, HeldPost.from_json(HELD))
        self.assertEqual((held.approval, held.reason, [tag.name for tag in held.tags]), ("rejected", "Spam", ["UI"]))

    def test_a_page_of_held_posts_is_asked_by_state(self) -> None:
        self.stub.script = [reply(200, {"held_posts": [HELD], "total": 3})]
        page = self.client.moderation.list("rejected", limit=1, offset=2)
        self.assertEqual(self.stub.requests[-1].path, "/api/v1/held-posts?state=rejected&limit=1&offset=2")
        self.assertEqual(([p.id for p in page.held_posts], page.total), ([4], 3))


if __name__ == "__main__":
    unittest.main()
